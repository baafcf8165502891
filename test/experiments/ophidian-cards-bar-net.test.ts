/**
 * ophidian-cards under learned play: restricted play bars a card through the learned agent's
 * `bar` option (barredSpec on the `--skill` seat's spec), end to end through the study's
 * game runner — the barred seat never plays the card on the seeds where, unbarred, the same
 * agent (net-guided MCTS) played it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { barredSpec, playDecks, playedBy } from '../../experiments/ophidian/common.js';
import { GameLedger } from '../../experiments/ledger.js';
import { learnedAgentFor } from '../../experiments/skill.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-oph-bar-net-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('restricted play with the learned agent', () => {
  it('the --skill seat with bar=card never plays the card where, unbarred, it did, on the same seeds', async () => {
    const seat = learnedAgentFor('ophidian', false)!;
    expect(seat).toMatch(/^mcts:prior=net:.*iterations=50/);
    // The same agent at a tenth of the search, to keep the test fast: the bar is what is tested.
    const spec = seat.replace('iterations=50', 'iterations=5');
    const ctx = { seed: 3, full: false, workers: 1, runDir: join(dir, 'runs'), command: 'test', progress: false, ledger: new GameLedger(() => undefined) };
    const free = await playDecks(ctx, 'free', 'abe', 'betty', 3, [spec, spec]);
    const counts = new Map<string, number>();
    for (const g of free) for (const [id, n] of playedBy(g, 0)) counts.set(id, (counts.get(id) ?? 0) + n);
    // The card the policy played most in abe's seat.
    const [card, times] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    expect(times).toBeGreaterThan(0);
    const barred = await playDecks(ctx, 'barred', 'abe', 'betty', 3, [barredSpec(spec, card), spec]);
    expect(barred.length).toBe(3);
    for (const g of barred) expect(playedBy(g, 0).get(card) ?? 0).toBe(0);
  });
});
