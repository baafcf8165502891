/**
 * Issue #10's Rumble verdict bullets, each fed its edge case (the price rules themselves
 * are in test/analysis/stats/price.test.ts): the handicap grid refined where a duel
 * steps, the 2-vs-4-hero explanation, powers.csv without NaN or "won 43 of 41", and the
 * auction prices measured from play (worth X only when the interval excludes 0, the n
 * behind the interval, a bound past the measured range, an optional power's negative
 * price explained as misuse, an unidentified iteration leading the report).
 */
import { tFor } from '../../src/analysis/stats/descriptive.js';
import { wilson } from '../../src/core/wilson.js';
import { describe, expect, it } from 'vitest';
import { refinement, twoVersusFour, type PowerPrice } from '../../experiments/rumble/power-values.js';
import { auctionFindings, auctionPrices, holderEvidence, holderShare, iterationVerdict, powerRows, powerTable, priceVerdicts, withHolm, type AuctionPrice } from '../../experiments/rumble/auction-meta.js';
import type { MeasuredValues, ValueIteration } from '../../experiments/rumble/measured-values.js';
import type { PriceAnswer } from '../../src/analysis/stats/price.js';
import type { GameRecord } from '../../src/sim/types.js';

describe('rumble-power-values: steps and table sizes', () => {
  it('refines the grid between the two handicaps where the share crosses fair (a duel\'s step), and nowhere else', () => {
    const g = (x: number, share: number) => ({ x, wins: share * 100, n: 100 });
    // 2 heroes: wins everything at 5, loses everything at 10.
    expect(refinement([g(0, 1), g(5, 1), g(10, 0), g(20, 0)], 0.5)).toEqual([7, 8]);
    // Already a unit apart: nothing to add; no crossing: nothing to add.
    expect(refinement([g(0, 1), g(1, 0)], 0.5)).toEqual([]);
    expect(refinement([g(0, 0.9), g(10, 0.8), g(20, 0.6)], 0.5)).toEqual([]);
  });

  it('explains a power priced very differently at 2 and 4 heroes', () => {
    const answer = (kind: PriceAnswer['kind'], xStar: number, lo: number, hi: number): PriceAnswer => ({ kind, xStar, lo, hi, clipped: false, reason: '', shown: true, games: 600, games0: 100 });
    const p = (players: number, a: PriceAnswer): PowerPrice => ({ power: 'tough-skin', players, shares: [], answer: a, level: 0.99, supported: true, share0: 0.5, share0Lo: 0.4, share0Hi: 0.6 });
    const text = twoVersusFour([p(2, answer('step', NaN, 25, 35)), p(4, answer('price', 10, 6, 14))])!;
    expect(text).toMatch(/the share against the handicap is a step \(1 of 1 duel sweeps here\)/);
    expect(text).toMatch(/Tough Skin \(30 at 2 heroes, 10 at 4\)/);
    expect(text).toMatch(/use the price of the table size you play/);
    // Similar prices and no step: nothing to explain.
    expect(twoVersusFour([p(2, answer('price', 12, 8, 16)), p(4, answer('price', 10, 6, 14))])).toBeUndefined();
  });
});

/** A 4-hero auction record: lots, each player's bids, powers held at the end, result. */
function auction(index: number, lots: string[], bids: number[][], held: string[][], winner: number): GameRecord {
  const tags: Record<string, unknown> = { lots, endReason: 'last-standing' };
  for (let p = 0; p < 4; p++) {
    tags[`bids_p${p}`] = bids[p];
    tags[`powers_p${p}`] = held[p];
    tags[`paid_p${p}`] = 0;
  }
  return { index, seed: index, seats: [], slots: [0, 0, 0, 0], returns: [0, 1, 2, 3].map((p) => (p === winner ? 1 : 0)), length: 5, tags } as unknown as GameRecord;
}

describe('rumble-auction-meta: powers.csv and holder verdicts', () => {
  it('has no NaN cell: a power never bought has no mean bid, one never held no share', () => {
    const records = Array.from({ length: 12 }, (_, i) => auction(i, ['tough-skin', 'flight'], [[10, 0], [5, 0], [0, 0], [0, 0]], [['tough-skin'], [], [], []], i % 4));
    const rows = powerRows(withHolm(powerTable(records, 4), 0.25), 0.25);
    const flight = rows.find((r) => r['power'] === 'flight')!;
    expect(flight).toMatchObject({ offered: 12, bought: 0, unbid: 12, meanBid: null, heldAtEnd: 0, share: null, lo: null, hi: null, surplus: null });
    for (const row of rows) for (const [k, v] of Object.entries(row)) expect({ k, nan: typeof v === 'number' && Number.isNaN(v) }).toEqual({ k, nan: false });
    expect(rows.find((r) => r['power'] === 'tough-skin')).toMatchObject({ offered: 12, bought: 12, meanBid: 10, heldAtEnd: 12, share: 0.25 });
  });

  it('never says "won 43 of 41": n counts holders, the lots line counts lots, and more holders than lots is explained', () => {
    // Brainswap bought once a game, but a swap leaves two heroes holding one each in some games.
    const records = Array.from({ length: 12 }, (_, i) => auction(i, ['brainswap'], [[20], [0], [0], [0]], i < 6 ? [['brainswap'], ['brainswap'], [], []] : [['brainswap'], [], [], []], 0));
    const [row] = withHolm(powerTable(records, 4), 0.25);
    expect(row!.heldAtEnd).toBe(18);
    const ev = holderEvidence(row!, 1);
    expect(ev).toMatch(/n = 18 heroes holding it at the end in 12 games \(the game is the unit\) \(more holders than lots bought: .*Brainswap/);
    expect(ev).toMatch(/bought 12 of 12 lots offered at 20\.0 Energy on average/);
    expect(ev).not.toMatch(/won \d+ of/);
  });

  it("the holders' interval takes the game as its unit: two holders of one game share its outcome", () => {
    // 12 games: in 6 of them two heroes hold the power (one wins, one loses), in 6 one holder wins.
    const perGame = [...Array.from({ length: 6 }, () => ({ wins: 1, held: 2 })), ...Array.from({ length: 6 }, () => ({ wins: 1, held: 1 }))];
    const s = holderShare(perGame);
    expect(s.p).toBeCloseTo(12 / 18, 12); // the share stays wins / holders
    expect(s.games).toBe(12);
    // Cluster standard error over the 12 games, t(11).
    const p = 12 / 18;
    const se = Math.sqrt((12 / 11) * (6 * (1 - 2 * p) ** 2 + 6 * (1 - p) ** 2)) / 18;
    expect(s.hi).toBeCloseTo(Math.min(1, p + tFor(0.95, 11) * se), 12);
    // One holder a game: the Wilson interval over holders, as before.
    const single = holderShare(Array.from({ length: 10 }, (_, i) => ({ wins: i < 7 ? 1 : 0, held: 1 })));
    expect(single.lo).toBeCloseTo(wilson(7, 10).lo, 12);
  });
});

const iteration = (over: Partial<ValueIteration>): ValueIteration => ({
  iteration: 1,
  games: 1500,
  used: {},
  measured: {},
  next: {},
  maxChange: 0,
  meanChange: 0,
  estimated: 0,
  energyCoefficient: 0.05,
  energyLo: 0.03,
  energyHi: 0.07,
  energySpan: 40,
  unsettled: 0,
  converged: false,
  ...over,
});

describe('rumble-auction-meta: prices measured from play', () => {
  const measured = (price: number, se: number, holdings = 300) => ({ price, lo: price - 1.96 * se, hi: price + 1.96 * se, se, holdings });
  const m: MeasuredValues = {
    values: { 'tough-skin': 14, regeneration: 3 },
    settled: true,
    stuck: false,
    history: [
      iteration({}),
      iteration({ iteration: 2, used: { 'tough-skin': 13, regeneration: 2, flight: 0, 'pure-energy-being': 60 }, measured: { 'tough-skin': measured(15, 2), regeneration: measured(2, 3), flight: measured(-12, 2.5), 'pure-energy-being': measured(90, 15, 250) }, converged: true, estimated: 4 }),
    ],
  };
  const prices = auctionPrices(m);
  const verdicts = priceVerdicts(prices, 'under value bidders that play by search');
  const about = (id: string) => verdicts.find((v) => v.statement.startsWith(id))!;

  it('"worth X" only when the interval (at its Holm level) excludes 0; the rest are one inconclusive line', () => {
    const tough = prices.find((p) => p.power === 'tough-skin')!;
    expect(tough.supported).toBe(true);
    expect(tough.lo).toBeGreaterThan(0);
    expect(about('Tough Skin').statement).toMatch(/^Tough Skin is worth about 15 Energy \(between \d+ and \d+ at 9\d(\.\d+)?%\) to its holder in these auctions, under value bidders that play by search\.$/);
    expect(prices.find((p) => p.power === 'regeneration')!.supported).toBe(false);
    expect(verdicts.some((v) => /Regeneration is worth/.test(v.statement))).toBe(false);
    const rest = verdicts.at(-1)!;
    expect(rest.strength).toBe('inconclusive');
    expect(rest.statement).toMatch(/^1 of 4 powers priced are not shown to be worth anything other than 0 Energy/);
  });

  it('the n shown is the n behind the interval: heroes holding the power in the round that priced it', () => {
    expect(about('Tough Skin').evidence).toMatch(/Holm over 4 powers priced\); n = 300 heroes holding it in the last round's games; its bidders bid 13\.0/);
  });

  it('a price past the Energy differences the auctions produced is a bound, never the extrapolated number', () => {
    const v = about('Pure Energy Being');
    expect(v.statement).toMatch(/^Pure Energy Being is worth at least \d+ Energy to its holder in these auctions \(the near end of its [\d.]+% interval\); its estimate lies beyond the Energy differences these auctions produced \(about 40 Energy between heroes\), so no point price is given/);
    expect(v.statement).not.toMatch(/\b90\b/);
  });

  it('an optional power with a negative price is explained as the agents misusing it', () => {
    expect(verdicts.find((v) => v.statement.includes('Flight'))!.statement).toMatch(/^Holding Flight costs its holder as much as losing about 12 Energy would .* an optional power cannot be worth less than nothing to a good player: this measures the agents misusing it/);
  });

  it('settled, still moving, and not identified: the iteration\'s verdict says which, with the Energy slope\'s interval and n', () => {
    expect(iterationVerdict(m, 'P')).toMatchObject({ strength: 'supported' });
    expect(iterationVerdict(m, 'P').evidence).toMatch(/log-odds of winning per Energy kept after the auction 0\.0500 \(95% CI 0\.0300 to 0\.0700\), n = 1500 games/);
    const moving = iterationVerdict({ ...m, settled: false, history: [iteration({}), iteration({ iteration: 2, unsettled: 3, estimated: 20 })] }, 'P');
    expect(moving.strength).toBe('inconclusive');
    expect(moving.statement).toMatch(/3 of 20 measured prices still exclude the value their bidders bid/);
    const stuck: MeasuredValues = { ...m, settled: false, stuck: true, history: [iteration({}), iteration({ iteration: 2, energyCoefficient: -0.004, energyLo: -0.02, energyHi: 0.012 })] };
    const v = iterationVerdict(stuck, 'P');
    expect(v.strength).toBe('warning');
    expect(v.statement).toMatch(/^No power price in Energy is identified by this play/);
    expect(auctionPrices(stuck)).toEqual([] as AuctionPrice[]);
  });
});

describe('rumble-auction-meta: key findings for --skill', () => {
  it('declares prices, holder shares, barred-power losses and synergies, each at the level its verdict tests', () => {
    const records = Array.from({ length: 12 }, (_, i) => auction(i, ['tough-skin', 'flight'], [[10, 0], [5, 0], [0, 0], [0, 0]], [['tough-skin'], [], [], []], i % 4));
    const table = withHolm(powerTable(records, 4), 0.25);
    const price: AuctionPrice = { power: 'tough-skin', price: 15, se: 2, holdings: 300, bid: 13, level: 0.99, lo: 10, hi: 20, supported: true, span: 40 };
    const barred = { choice: 'tough-skin', value: 0.04, lo: -0.01, hi: 0.09, n: 300, shareUnrestricted: 0.3, shareRestricted: 0.26, significant: false };
    const synergy = { pair: 'Galactic Helm + Galactic Ray Gun', both: 0.6, a: 0.3, b: 0.3, none: 0.25, interaction: 0.25, lo: 0.2, hi: 0.3, n: 150 };
    const findings = auctionFindings([price], table, [barred], [synergy], 0.25);
    // Flight was never held: no holder finding for it (powers held fewer than 10 times are not tested).
    expect(findings.map((f) => f.id)).toEqual(['price-tough-skin', 'holders-tough-skin', 'barred-tough-skin', 'synergy-galactic-helm-galactic-ray-gun']);
    expect(findings[0]).toMatchObject({ estimate: 15, lo: 10, hi: 20, nullValue: 0, n: 300, level: 0.99, family: 'Holm over 1 prices' });
    expect(findings[1]).toMatchObject({ estimate: 0.25, nullValue: 0.25, n: 12, family: 'Holm over 1 holder shares' });
    expect(findings[2]).toMatchObject({ estimate: 0.04, nullValue: 0, level: 0.95 });
    expect(findings[3]).toMatchObject({ label: 'Galactic Helm + Galactic Ray Gun: interaction', estimate: 0.25, n: 150 });
  });
});
