import { describe, expect, it } from 'vitest';
import { JITTER, ROUND1_MAX, bidderSpec, estimateValues, explorationValues, measureValues, priceHolds, supportedValues } from '../../experiments/rumble/measured-values.js';
import { Rng } from '../../src/core/rng.js';
import type { GameRecord } from '../../src/sim/types.js';

/**
 * Synthetic 4-hero auctions with a known answer: a hero's win log-odds rise by 0.05 per
 * Energy kept and by 1.0 for holding "strong" (so "strong" is worth 20 Energy), and
 * "dud" does nothing (worth 0).
 */
function synthetic(games: number, seed: number, perEnergy = 0.05, nulls: readonly string[] = ['dud']): GameRecord[] {
  const rng = new Rng(seed);
  const out: GameRecord[] = [];
  for (let g = 0; g < games; g++) {
    const paid = [0, 1, 2, 3].map(() => rng.int(30));
    const powers = [0, 1, 2, 3].map(() => [rng.float() < 0.3 ? 'strong' : null, ...nulls.map((id) => (rng.float() < 0.3 ? id : null))].filter((x): x is string => x !== null));
    const score = [0, 1, 2, 3].map((p) => Math.exp(perEnergy * (100 - paid[p]!) + (powers[p]!.includes('strong') ? 1 : 0)));
    const total = score.reduce((a, b) => a + b, 0);
    let u = rng.float() * total;
    let winner = 0;
    while (u > score[winner]!) u -= score[winner++]!;
    const tags: Record<string, unknown> = {};
    for (let p = 0; p < 4; p++) {
      tags[`paid_p${p}`] = paid[p];
      tags[`powers_p${p}`] = powers[p];
    }
    out.push({ index: g, seed: g, seats: [], slots: [0, 0, 0, 0], returns: [0, 1, 2, 3].map((p) => (p === winner ? 1 : 0)), length: 1, tags: tags as GameRecord['tags'] });
  }
  return out;
}

describe('power values measured from play (no priors)', () => {
  it('recovers a known value from auction outcomes: β_power / β_Energy in Energy', () => {
    const { values, energy } = estimateValues(synthetic(3000, 7), 4);
    expect(energy).toBeGreaterThan(0);
    expect(values['strong']!).toBeGreaterThan(12);
    expect(values['strong']!).toBeLessThan(28);
    expect(Math.abs(values['dud']!)).toBeLessThan(8);
  });

  it('stops, and says so, when the games do not show that Energy helps (no price in Energy is identified)', async () => {
    const ctx = { seed: 1, full: false, workers: 1, runDir: '/nonexistent', command: 'test', progress: false };
    const asked: string[][] = [];
    // Round 1: Energy helps; round 2 onward: more Energy loses (β_Energy < 0).
    const play = async (_key: string, bidders: readonly string[]) => {
      asked.push([...bidders]);
      return synthetic(3000, asked.length, asked.length === 1 ? 0.05 : -0.05);
    };
    const m = await measureValues(ctx, { players: 4 }, 3000, 6, 'heuristic:bid=1,play=random', play);
    expect(m.stuck).toBe(true);
    expect(m.settled).toBe(false);
    expect(asked).toHaveLength(2);
    // Every round: four bidders, each with its own seeded values, none from a prior.
    for (const round of asked) {
      expect(round).toHaveLength(4);
      expect(new Set(round).size).toBe(4);
      for (const spec of round) expect(spec).toMatch(/^heuristic:bid=1,play=random,values=/);
    }
    expect(m.history[1]!.energyHi).toBeLessThan(0);
    expect(m.history[1]!.estimated).toBe(0);
    // The values stay those of round 1's estimates (what round 2's bidders bid around).
    expect(m.values).toEqual(m.history[1]!.used);
    expect(m.values['strong']).toBeGreaterThan(10);
  });

  it('settles when the values bid are inside the measured prices\' intervals, and shows the prices with intervals', async () => {
    const ctx = { seed: 1, full: false, workers: 1, runDir: '/nonexistent', command: 'test', progress: false };
    let round = 0;
    const m = await measureValues(ctx, { players: 4 }, 3000, 8, 'heuristic:bid=1,play=random', async () => synthetic(4000, ++round));
    expect(m.stuck).toBe(false);
    expect(m.settled).toBe(true);
    const last = m.history.at(-1)!;
    expect(last.unsettled).toBe(0);
    expect(last.energyLo).toBeGreaterThan(0);
    const strong = last.measured['strong']!;
    // The truth (20 Energy) is inside the measured interval, and so is the value bid.
    expect(strong.lo).toBeLessThan(20);
    expect(strong.hi).toBeGreaterThan(20);
    expect(priceHolds(last.used['strong']!, strong, 2)).toBe(true);
    // A value far outside a tight price does not hold, even over a large family.
    expect(priceHolds(40, { price: 10, se: 2 }, 45)).toBe(false);
    expect(priceHolds(17, { price: 10, se: 2 }, 45)).toBe(true);
    expect(priceHolds(17, { price: 10, se: 2 }, 1)).toBe(false);
    expect(m.history.length).toBeGreaterThanOrEqual(2);
  });

  it('perturbs every seat\'s values every round (seeded, never below 0) so that Energy kept varies apart from the powers won', () => {
    const ids = ['a', 'b', 'c'];
    expect(explorationValues(ids, 0)).toEqual(explorationValues(ids, 0));
    expect(explorationValues(ids, 0)).not.toEqual(explorationValues(ids, 1));
    for (const v of Object.values(explorationValues(ids, 2))) expect(v).toBeGreaterThanOrEqual(0), expect(v).toBeLessThanOrEqual(ROUND1_MAX);
    const later = [0, 1, 2, 3].map((seat) => explorationValues(ids, seat, 3, { a: 20, b: 0, c: 5 }));
    for (const v of later) {
      expect(Math.abs(v['a']! - 20)).toBeLessThanOrEqual(JITTER);
      expect(v['b']).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(later.map((v) => JSON.stringify(v))).size).toBeGreaterThan(1);
  });

  it('bids only the measured values: a power with no measured value is not in the spec, none comes from a prior', () => {
    // No positive value: the spec still carries values (else the heuristic would bid its priors).
    expect(bidderSpec({})).toBe('heuristic:bid=1,play=random,values=none/0');
    expect(bidderSpec({ flight: 0 }, 'flight')).toBe('heuristic:bid=1,play=random,values=none/0,skip=flight');
    expect(bidderSpec({ 'tough-skin': 12.34, flight: 0 }, 'flight')).toBe('heuristic:bid=1,play=random,values=tough-skin/12.3,skip=flight');
  });

  it('prices two equally worthless powers alike in the final (unperturbed) auctions: only values the data support are bid (issue #28)', async () => {
    // The issue: two planted null powers settled at 5.6 and 0 Energy and, bid without
    // perturbation by every seat, were bought 38 of 38 and 0 of 46 times. Here "dud-a" and
    // "dud-b" do nothing; "strong" is worth 20 Energy.
    const ctx = { seed: 1, full: false, workers: 1, runDir: '/nonexistent', command: 'test', progress: false };
    let round = 0;
    const m = await measureValues(ctx, { players: 4 }, 3000, 4, 'heuristic:bid=1,play=random', async () => synthetic(3000, 100 + ++round, 0.05, ['dud-a', 'dud-b']));
    expect(m.stuck).toBe(false);
    // The settled values differ by noise alone (what the old final auction bid)...
    expect(m.values['dud-a']).not.toBe(m.values['dud-b']);
    // ...the final bids do not: neither is shown worth anything, so both are bid 0.
    const bids = supportedValues(m);
    expect(bids['dud-a'] ?? 0).toBe(0);
    expect(bids['dud-b'] ?? 0).toBe(0);
    expect(bidderSpec(bids)).not.toMatch(/dud/);
    // A power shown worth something keeps its settled value.
    expect(bids['strong']).toBe(m.values['strong']);
    expect(bids['strong']!).toBeGreaterThan(10);
  });
});
