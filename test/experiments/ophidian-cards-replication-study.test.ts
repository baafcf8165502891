/**
 * ophidian-cards end to end with a planted too-strong card (a card file that makes Crowd
 * Pleaser free and worth 5 Cheer, under a name full of HTML): the confirmation names it on
 * real games, the replication replays it on seeds and deck pairs of its own and it
 * replicates, and the report says so per card; its name is quoted in the CSV; and the CSVs
 * are byte-identical whether the games ran on 1 worker or 2.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectMdeOnInconclusive } from './mde-check.js';
import { ophidianCardsStudy } from '../../experiments/ophidian/cards.js';
import { GameLedger } from '../../experiments/ledger.js';
import { toCsv } from '../../src/analysis/table.js';
import type { Report } from '../../src/analysis/report-model.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-oph-replicate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NAME = 'Free <b>Riot</b> & "Co", 5';
const cardFile = join(dir, 'planted.yaml');
writeFileSync(cardFile, `sample: true\ngladiators: []\nstrategies:\n  - {id: crowd-pleaser, name: '${NAME}', type: quick-hit, flow: '+', discipline: universal, level: 1, cost: 0, maintain: skull, on-play: [{gain-cheer: 5}]}\n`);

/**
 * The quick design replays a card on one deck pair; against mind-gate, which loses every quick
 * game whatever is barred, every unit is 0 and nothing can be shown (seed 4 draws such a pair).
 * Seed 5 draws betty v war-machine for the confirmation and betty v abe for the replication.
 */
const SEED = 5;

async function run(workers: number) {
  const ledger = new GameLedger(() => undefined);
  const report = await ophidianCardsStudy.run({ seed: SEED, full: false, workers, runDir: join(dir, `runs-${workers}`), command: 'test', progress: false, ledger, cardFile });
  expectMdeOnInconclusive(report.verdicts);
  return { report, ledger };
}

/** The CSV text of a report table, as writeReport writes it. */
function csvOf(report: Report, id: string): string {
  const t = report.sections.flatMap((s) => s.blocks).find((b) => b.kind === 'table' && b.id === id);
  if (!t || t.kind !== 'table') throw new Error(`no table ${id}`);
  return toCsv(t.rows);
}

describe('ophidian-cards: a planted too-strong card through screening, confirmation and replication', () => {
  it('is confirmed, replicated on its own seeds and deck pairs, and reported as such; escaped; same CSVs on 1 and 2 workers', async () => {
    const one = await run(1);
    expect(one.ledger.failed).toBe(0);
    // A quick run's four decks establish no price line (a free card adds nothing to it), so the
    // stage tests restricted play: the headline says no card can be called mispriced, and the
    // planted card's confirmed loss is replicated on a pair of its own.
    expect(one.report.verdicts[0]!.statement).toMatch(/^No card can be called too strong or too weak for its cost in this quick run: the screening pass established no price line/);
    const v = one.report.verdicts.find((x) => x.statement.includes(NAME))!;
    expect(v.strength).toBe('supported');
    expect(v.statement.startsWith(`Confirmed on fresh seeds and replicated on other seeds and deck pairs (quick run): barring ${NAME} costs its decks `)).toBe(true);
    expect(v.evidence).toMatch(/replication \(quick run\): share lost [0-9.]+ \[[0-9.]+, [0-9.]+\] at 95%, 8 paired seed units on other fresh seeds and deck pairs/);
    expect(one.report.meta.sampleSizes['replication games']).toBe(32);
    const rep = one.report.findings!.find((f) => f.id === 'replicate-loss-crowd-pleaser')!;
    expect(rep.lo).toBeGreaterThan(0);

    const csv = csvOf(one.report, 'confirmation');
    const header = csv.split('\n')[0]!.split(',');
    const row = csv.split('\n').find((l) => l.includes(',crowd-pleaser,'))!;
    // The name is one quoted CSV field (its quotes doubled), so the columns still line up.
    expect(row.startsWith('"Free <b>Riot</b> & ""Co"", 5",crowd-pleaser,0,')).toBe(true);
    expect(row).toMatch(/,replicated,share lost when barred,[0-9.]+,[0-9.]+,[0-9.]+,0.95,8,/);
    expect(row.endsWith(',not shown mispriced; pulls its weight (replicated)')).toBe(true);
    expect(header.at(-1)).toBe('verdict');
    // (The page and the chart escape the name: ophidian-cards-confirm.test.ts renders this section.)

    // Two workers: the same tables, byte for byte (as writeReport writes them).
    const two = await run(2);
    for (const id of ['confirmation', 'cards']) expect(csvOf(two.report, id)).toBe(csvOf(one.report, id));
    expect(two.report.verdicts.map((x) => x.statement)).toEqual(one.report.verdicts.map((x) => x.statement));
  });
});
