/**
 * Issue #28: rumble-auction-meta must price indistinguishable powers alike. Two planted powers
 * that do nothing in play (their only effect fires after round 1000; the round cap is 50) are
 * equally worthless, so the final auctions must treat them alike. Before the fix their noisy
 * settled values (0 and 1.1 Energy on this seed) were bid unperturbed by every seat, and Null A
 * was bought 0 of 57 times while Null B was bought 48 of 53 (quick run, seed 2). Real auction
 * games (the quick study, random play, restricted play and synergy cells cut to nothing): about
 * 10 CPU-s, so it lives with the strength tests.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rumbleAuctionMeta } from '../../experiments/rumble/auction-meta.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-null-powers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const nullPower = (id: string, name: string) => ({ id, name, effects: [{ when: 'roundStart', if: [{ value: 'round', op: 'gt', than: 1000 }], do: [{ energy: 10, to: 'self' }] }] });

describe('rumble-auction-meta: two equally worthless powers are bought alike', () => {
  it('neither is bid on in the final auctions (no value is shown above 0), so both go unbought', async () => {
    const file = join(dir, 'nulls.yaml');
    writeFileSync(file, JSON.stringify({ powers: [nullPower('null-a', 'Null A'), nullPower('null-b', 'Null B')] }));
    const report = await rumbleAuctionMeta({ powerFile: file, sizes: { games: 300, valueRounds: 3, restricted: 0, perCell: 2 } }).run({ seed: 2, full: false, workers: 1, runDir: join(dir, 'runs'), command: 'test', progress: false });
    const table = report.sections.flatMap((s) => s.blocks).find((b) => b.kind === 'table' && b.id === 'powers') as unknown as { rows: { power: string; offered: number; bought: number }[] };
    const [a, b] = ['null-a', 'null-b'].map((id) => table.rows.find((r) => r.power === id)!);
    expect(a!.offered).toBeGreaterThan(30);
    expect(b!.offered).toBeGreaterThan(30);
    // Alike: the shares of lots bought differ by no more than chance could make them (both 0 here).
    expect(a!.bought / a!.offered).toBe(b!.bought / b!.offered);
  });
});
