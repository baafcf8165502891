/**
 * Every report table is written as CSV next to the report's HTML and linked from it; the
 * CSV holds the same rows and numbers as the HTML table (the HTML shows non-integers to
 * 3 decimals), and a user's power name with commas, quotes or a line break survives.
 * Fed the per-power table of rumble-auction-meta, grouped through the DataFrame module.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { powerRows, powerTable, withHolm } from '../../experiments/rumble/auction-meta.js';
import { writeReport } from '../../src/analysis/report/write.js';
import type { Report } from '../../src/analysis/report-model.js';
import type { GameRecord } from '../../src/sim/types.js';

const USER_POWER = 'Ray, the "Big" Gun\nMk II <b>';

/** A 4-hero auction record: lots, each player's bids, powers held at the end, the winner. */
function auction(index: number, lots: string[], bids: number[][], held: string[][], winner: number): GameRecord {
  const tags: Record<string, unknown> = { lots };
  for (let p = 0; p < 4; p++) {
    tags[`bids_p${p}`] = bids[p];
    tags[`powers_p${p}`] = held[p];
  }
  return { index, seed: index, seats: [], slots: [0, 0, 0, 0], returns: [0, 1, 2, 3].map((p) => (p === winner ? 1 : 0)), length: 5, tags } as unknown as GameRecord;
}

/** RFC 4180 reader (quoted fields may hold commas, doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n') row.push(field), rows.push(row), (row = []), (field = '');
    else field += c;
  }
  return rows;
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** The header and body cells of the HTML table in the figure whose CSV link is `id`.csv. */
function htmlTable(html: string, id: string): string[][] {
  const at = html.indexOf(`<a href="${id}.csv">CSV</a>`);
  // Tables and cells carry attributes (sortable headers, a wide table's hidden columns).
  const table = html.slice(html.indexOf('<table', at), html.indexOf('</table>', at));
  return [...table.matchAll(/<tr>(.*?)<\/tr>/gs)].map((m) => [...m[1]!.matchAll(/<t[hd](?:\s[^>]*)?>(.*?)<\/t[hd]>/gs)].map((c) => unescape(c[1]!)));
}

let dir: string;
let rows: ReturnType<typeof powerRows>;
beforeAll(async () => {
  const records = Array.from({ length: 24 }, (_, i) =>
    auction(i, [USER_POWER, 'flight', 'tough-skin'], [[7, 0, 3], [5, 0, 0], [0, 0, 0], [0, 0, 1]], [[USER_POWER], [], ['tough-skin'], i % 3 === 0 ? ['tough-skin'] : []], i % 4),
  );
  rows = powerRows(withHolm(powerTable(records, 4), 0.25), 0.25);
  const report: Report = {
    id: 'csv-check',
    title: 'CSV check',
    gameId: 'rumble',
    question: 'Does the CSV match the page?',
    verdicts: [],
    sections: [{ heading: 'Powers', blocks: [{ kind: 'table', id: 'powers', title: 'Auction outcomes per power', rows }] }],
    meta: { command: 'test', seed: 1, sampleSizes: { games: 24 } },
  };
  dir = join(mkdtempSync(join(tmpdir(), 'crucible-csv-')), 'csv-check');
  await writeReport(report, dir);
});

describe('report tables as CSV', () => {
  it('the per-power table keeps a user power name with a comma, quotes, a line break and markup intact in its CSV', () => {
    const csv = parseCsv(readFileSync(join(dir, 'powers.csv'), 'utf8'));
    const header = csv[0]!;
    expect(header).toEqual(Object.keys(rows[0]!));
    expect(csv.slice(1).every((r) => r.length === header.length)).toBe(true);
    expect(csv.slice(1).map((r) => r[0])).toContain(USER_POWER);
  });

  it('the CSV has the same rows and numbers as the HTML table (the page rounds non-integers to 3 decimals)', () => {
    const csv = parseCsv(readFileSync(join(dir, 'powers.csv'), 'utf8'));
    const page = htmlTable(readFileSync(join(dir, 'index.html'), 'utf8'), 'powers');
    expect(page[0]).toEqual(csv[0]);
    expect(page.length).toBe(csv.length);
    expect(csv.length).toBe(rows.length + 1);
    for (let i = 1; i < csv.length; i++)
      csv[i]!.forEach((cell, j) => {
        const shown = cell !== '' && !Number.isNaN(Number(cell)) && !Number.isInteger(Number(cell)) ? Number(cell).toFixed(3) : cell;
        expect({ row: i, column: csv[0]![j], cell: page[i]![j] }).toEqual({ row: i, column: csv[0]![j], cell: shown });
      });
    // And both hold the numbers of the rows the study built.
    const tough = csv.find((r) => r[0] === 'tough-skin')!;
    const row = rows.find((r) => r['power'] === 'tough-skin')!;
    expect(tough.map((c, j) => (c === '' ? null : c === 'true' || c === 'false' ? c === 'true' : Number.isNaN(Number(c)) ? c : Number(c)))).toEqual(Object.values(row));
  });

  it('the page links the CSV file beside it, in the table caption and in the data line', () => {
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(existsSync(join(dir, 'powers.csv'))).toBe(true);
    expect(html).toContain('<a href="powers.csv">CSV</a>');
    expect(html).toMatch(/Data: every table as CSV \(<a href="powers\.csv">powers\.csv<\/a>\)/);
  });

  it('per-power counts come from the DataFrame group-by: lots, bids, holders and wins per power', () => {
    const user = rows.find((r) => r['power'] === USER_POWER)!;
    expect(user).toMatchObject({ offered: 24, bought: 24, unbid: 0, meanBid: 7, heldAtEnd: 24, share: 0.25 });
    const tough = rows.find((r) => r['power'] === 'tough-skin')!;
    // Held by seat 2 in every game and seat 3 in 8: seat 2 wins 6 of 24, seat 3 wins 2 of its 8 (i ≡ 3 mod 4 and i ≡ 0 mod 3).
    expect(tough).toMatchObject({ offered: 24, bought: 24, meanBid: 3, heldAtEnd: 32, share: 0.25 });
    expect(rows.find((r) => r['power'] === 'flight')).toMatchObject({ offered: 24, bought: 0, unbid: 24, meanBid: null, heldAtEnd: 0, share: null });
    // Most offered first, ties by name.
    expect(rows.map((r) => r['power'])).toEqual(['flight', USER_POWER, 'tough-skin']);
  });
});
