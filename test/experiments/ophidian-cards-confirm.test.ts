/**
 * ophidian-cards' confirmation stage: the data-chosen shortlist, fresh seeds disjoint from the
 * screening pass, Holm over the shortlist, and a planted mispriced card (a card file that
 * makes a sample card free and far stronger) named by the confirmation games alone; its
 * user-given name escaped in the report, the table's CSV written beside it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseConfirmation, confirmationSeed, cpValue, inferenceUnits, confirmBlocks, confirmVerdicts, playConfirmation, shortlist, type ConfirmStage, type ScreenedCard } from '../../experiments/ophidian/cards-confirm.js';
import { userContent } from '../../experiments/ophidian/common.js';
import { analyseReplication, namedByConfirmation } from '../../experiments/ophidian/cards-replicate.js';
import { GameLedger } from '../../experiments/ledger.js';
import { writeReport } from '../../src/analysis/report/index.js';
import { deriveSeed, Rng } from '../../src/core/rng.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-oph-confirm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** n values around m with a seeded uniform spread of ±w. */
function units(m: number, n: number, w: number, seed: number): number[] {
  const rng = new Rng(deriveSeed('ophidian-confirm-test', seed));
  return Array.from({ length: n }, () => m + (rng.float() * 2 - 1) * w);
}
const card = (id: string, loss: number[], plays: number[], expected: number | null, cost: number | null = 2): ScreenedCard => ({ id, name: id.toUpperCase(), cost, loss, plays, expected });

describe('the shortlist rule', () => {
  // se of [m−d, m+d] repeated: sd = d·√(n/(n−1)); the ranking is by |gap| / se.
  const flat = (m: number, d: number) => [m - d, m + d, m - d, m + d];
  const cards = [
    card('a', flat(0.3, 0.1), [1, 1], 0.02), // gap 0.28, se 0.058 → 4.85
    card('b', flat(0.1, 0.1), [1, 1], 0.02), // gap 0.08 → 1.39
    card('c', flat(-0.2, 0.1), [1, 1], 0.02), // gap −0.22 → 3.81 (extreme on the weak side counts too)
    card('d', flat(0.5, 0.1), [0.05, 0.05], 0.02), // played under 0.1 a game: not eligible
    card('e', [0.9], [1], 0.02), // one unit: not eligible
    card('f', flat(0.6, 0.1), [1, 1], null, null), // X cost, not priced: not eligible under the price rule
    card('g', flat(0.1, 0.1), [1, 1], 0.02), // ties b: ids decide
  ];

  it('takes the k cards furthest from the price line in standard errors, either side, ties by id', () => {
    const s = shortlist(cards, true, 3);
    expect(s.rule).toBe('price');
    expect(s.eligible).toBe(4);
    expect(s.entries.map((e) => [e.id, e.rank, e.reason])).toEqual([['a', 1, 'screening'], ['c', 2, 'screening'], ['b', 3, 'screening']]);
    expect(s.entries[0]!.score).toBeCloseTo(0.28 / (0.1 * Math.sqrt(4 / 3) / 2), 6);
  });

  it('without a price line, ranks by the restricted-play loss from 0 (X-cost cards eligible)', () => {
    const s = shortlist(cards, false, 2);
    expect(s.rule).toBe('loss');
    expect(s.eligible).toBe(5);
    expect(s.entries.map((e) => e.id)).toEqual(['f', 'a']);
  });

  it("adds the user's own cards after the cut, whatever their estimate, marked as such", () => {
    const s = shortlist(cards, true, 1, ['b', 'a', 'zzz']);
    expect(s.entries.map((e) => [e.id, e.rank, e.reason])).toEqual([['a', 1, 'screening'], ['b', 3, 'user card']]);
  });
});

describe('Holm over the shortlist', () => {
  const line = { beta: 0.01, betaSe: 0.002, usable: true };
  it('tests each card at 1 − 0.05/(m − k): a gap shown at 95% alone is not enough in a family of 8', () => {
    // 'clear' is far from the line; 'edge' has a gap whose 95% interval just leaves 0 but whose 99.4% one does not.
    const clear = { id: 'clear', cost: 1, loss: units(0.4, 100, 0.3, 1), plays: units(1, 200, 0.5, 2) };
    const edge = { id: 'edge', cost: 1, loss: units(0.07, 100, 0.5, 3), plays: units(1, 200, 0.5, 4) };
    const nulls = Array.from({ length: 6 }, (_, i) => ({ id: `n${i}`, cost: 2, loss: units(0.02, 100, 0.5, 10 + i), plays: units(1, 200, 0.5, 20 + i) }));
    const a = analyseConfirmation([clear, edge, ...nulls], line);
    expect(a.families).toEqual({ loss: 8, price: 8 });
    const f = (id: string) => a.findings.find((x) => x.id === id)!;
    expect(f('clear').price!.rejected).toBe(true);
    expect(f('clear').price!.direction).toBe('strong');
    expect(f('clear').price!.level).toBeCloseTo(1 - 0.05 / 8, 12);
    // edge alone at 95% would be rejected…
    const alone = analyseConfirmation([edge], line).findings[0]!.price!;
    expect(alone.level).toBe(0.95);
    expect(alone.lo).toBeGreaterThan(0);
    // …but in the family of 8 it is tested at 1 − 0.05/7 and is not.
    expect(f('edge').price!.level).toBeCloseTo(1 - 0.05 / 7, 12);
    expect(f('edge').price!.rejected).toBe(false);
    expect(f('edge').price!.lo).toBeLessThan(0);
    for (const n of nulls) expect(f(n.id).price!.rejected).toBe(false);
  });

  it("the gap's interval carries β's uncertainty: a wider β gives a wider interval", () => {
    const c = { id: 'c', cost: 3, loss: units(0.1, 60, 0.4, 7), plays: units(1.5, 120, 0.5, 8) };
    const narrow = analyseConfirmation([c], { ...line, betaSe: 0 }).findings[0]!.price!;
    const wide = analyseConfirmation([c], { ...line, betaSe: 0.02 }).findings[0]!.price!;
    expect(wide.hi - wide.lo).toBeGreaterThan(narrow.hi - narrow.lo);
    expect(wide.gap).toBeCloseTo(narrow.gap, 12);
  });

  it("a CP value's range takes β anywhere in its 95% interval, not β as if known", () => {
    // loss 0.2 [0.1, 0.3], β 0.005 ± 1.96·0.002 → [0.00108, 0.00892], 2 plays a game
    const v = cpValue({ mean: 0.2, lo: 0.1, hi: 0.3 }, { beta: 0.005, betaSe: 0.002, usable: true }, 2);
    expect(v.value).toBeCloseTo(20, 9);
    expect(v.valueLo).toBeCloseTo(0.1 / (0.00892 * 2), 9);
    expect(v.valueHi).toBeCloseTo(0.3 / (0.00108 * 2), 9);
  });

  it('no line established: nothing is priced, restricted play is still tested', () => {
    const c = { id: 'c', cost: 1, loss: units(0.4, 60, 0.3, 9), plays: units(1, 120, 0.5, 10) };
    const a = analyseConfirmation([c], { beta: 0.001, betaSe: 0.01, usable: false });
    expect(a.findings[0]!.price).toBeNull();
    expect(a.findings[0]!.unpriced).toBe('no price line from the screening pass');
    expect(a.findings[0]!.loss.rejected).toBe(true);
  });
});

describe('the unit of inference', () => {
  it('is the deck pair (its mean) from 4 pairs on, so deck-to-deck variation is in the interval; else the seed unit', () => {
    const four = [[0, 1], [0.5], [0, 0, 0.25], [1, 1]];
    expect(inferenceUnits(four)).toEqual({ unit: 'deck pair', loss: [0.5, 0.5, 1 / 12, 1] });
    // A pair whose every unit failed is no unit: three pairs left, the seed units are used.
    expect(inferenceUnits([[0, 1], [], [0.5], [1]])).toEqual({ unit: 'seed index', loss: [0, 1, 0.5, 1] });
    // Pairs that differ: seed units alone would call the mean far from 0; the pair means do not.
    const pairs = [Array(16).fill(0.4), Array(16).fill(0), Array(16).fill(0), Array(16).fill(-0.3)];
    const bySeed = analyseConfirmation([{ id: 's', cost: null, loss: pairs.flat(), plays: [1] }], { beta: 0, betaSe: 0, usable: false }).findings[0]!.loss;
    const byPair = analyseConfirmation([{ id: 'p', cost: null, loss: inferenceUnits(pairs).loss, plays: [1] }], { beta: 0, betaSe: 0, usable: false }).findings[0]!.loss;
    expect(byPair.hi - byPair.lo).toBeGreaterThan(3 * (bySeed.hi - bySeed.lo));
  });
});

describe('fresh seeds', () => {
  it('the confirmation master seed depends on the study seed, the stage and the card only', () => {
    expect(confirmationSeed(1, 'war-cry')).toBe(confirmationSeed(1, 'war-cry'));
    expect(confirmationSeed(1, 'war-cry')).not.toBe(confirmationSeed(1, 'showboat'));
    expect(confirmationSeed(1, 'war-cry')).not.toBe(confirmationSeed(2, 'war-cry'));
    expect(confirmationSeed(1, 'war-cry')).not.toBe(1);
  });
});

describe('a planted mispriced card', () => {
  // Crowd Pleaser (1 CP, gain 1 Cheer) replaced by a free card worth 5 Cheer: three of them are a Crowd Riot (15).
  const NAME = 'Free <b>Riot</b> & "Co"';
  const cardFile = join(dir, 'planted.yaml');
  writeFileSync(cardFile, `sample: true\ngladiators: []\nstrategies:\n  - {id: crowd-pleaser, name: '${NAME}', type: quick-hit, flow: '+', discipline: universal, level: 1, cost: 0, maintain: skull, on-play: [{gain-cheer: 5}]}\n`);

  it('is named too strong for its cost by the confirmation games, on seeds no screening game used; the report escapes its name and writes the CSV', async () => {
    const user = userContent({ cardFile });
    const ledger = new GameLedger(() => undefined);
    const ctx = { seed: 5, full: false, workers: 1, runDir: join(dir, 'runs'), command: 'test', progress: false, ledger };
    const size = { k: 1, owners: 1, opponents: 1, perOrder: 10 };
    const holds = (d: string, id: string) => user.content.decks.get(d)!.arsenal.some((c) => c.id === id);
    const plan = { card: { id: 'crowd-pleaser', name: NAME, cost: 0 }, decks: ['abe', 'betty'], holds };
    const [c] = await playConfirmation(ctx, [plan], 'heuristic', (id) => `heuristic:bar=${id}`, size, user.options);
    expect(c!.pairs).toEqual([['abe', 'betty']]);
    expect(c!.planned).toBe(40);
    expect(ledger.games).toBe(40);
    expect(c!.failed).toBe(ledger.failed);
    // One deck pair: the seed index is the unit (the verdict is about that pair).
    expect(c!.unit).toBe('seed index');
    expect(c!.loss).toHaveLength(10 - c!.dropped);
    expect(c!.seedUnits).toBe(10 - c!.dropped);
    // Fresh seeds: none is a seed the screening tables (master seed 5, games 0..99) play.
    const screening = new Set(Array.from({ length: 100 }, (_, i) => deriveSeed(5, 'game', i)));
    expect(c!.seeds.length).toBe(10);
    for (const s of c!.seeds) expect(screening.has(s)).toBe(false);
    expect(new Set(c!.seeds)).toEqual(new Set(Array.from({ length: 10 }, (_, i) => deriveSeed(confirmationSeed(5, 'crowd-pleaser'), 'game', i))));

    // The price line of the documented full run (β = 0.0067 ± 0.0049 at 95%): a free card is expected to cost nothing when barred.
    const line = { beta: 0.0067, betaSe: 0.0025, usable: true };
    const list = { rule: 'price' as const, eligible: 1, entries: [{ id: 'crowd-pleaser', name: NAME, rank: 1, score: 5, reason: 'screening' as const }] };
    const analysis = analyseConfirmation([c!], line);
    const f = analysis.findings[0]!;
    expect(f.price!.expected).toBe(0);
    expect(f.price!.rejected).toBe(true);
    expect(f.price!.direction).toBe('strong');

    // Replication: the named card once more, on seeds and deck pairs of its own (war-machine holds it too).
    const named = namedByConfirmation(analysis);
    expect(named).toEqual([{ id: 'crowd-pleaser', test: 'gap', direction: 1 }]);
    const three = { ...plan, decks: ['abe', 'betty', 'war-machine'] };
    const [r] = await playConfirmation(ctx, [{ ...three, avoid: c!.pairs }], 'heuristic', (id) => `heuristic:bar=${id}`, size, user.options, 'replicate');
    expect(r!.pairs.length).toBe(1);
    expect([['abe', 'betty'], ['betty', 'abe']]).not.toContainEqual(r!.pairs[0]);
    for (const s of r!.seeds) expect(screening.has(s) || c!.seeds.includes(s)).toBe(false);
    const replication = { size, named, cards: [r!], findings: analyseReplication(named, [r!], line) };
    expect(replication.findings[0]).toMatchObject({ id: 'crowd-pleaser', test: 'gap', replicated: true, why: null, level: 0.95 });
    expect(replication.findings[0]!.lo).toBeGreaterThan(0);

    const stage: ConfirmStage = { size, full: false, list, cards: [c!], analysis, line, screened: 1, replication };
    const verdicts = confirmVerdicts(stage, 'played by "heuristic" in every seat');
    expect(verdicts[0]!.strength).toBe('supported');
    expect(verdicts[0]!.statement).toMatch(/^Free <b>Riot<\/b> & "Co" is too strong for its cost of 0 CP: confirmed on fresh seeds and replicated on other seeds and deck pairs \(quick run\) — .* played by "heuristic" in every seat\.$/);
    expect(verdicts[0]!.evidence).toMatch(/10 paired seed units on fresh seeds \(abe v betty; 0 of 40 games failed\)/);
    expect(verdicts[0]!.evidence).toMatch(/replication \(quick run\): gap [0-9.]+ \[[0-9.]+, [0-9.]+\] at 95%, 10 paired seed units on other fresh seeds and deck pairs \((abe|betty|war-machine) v (abe|betty|war-machine); 0 of 40 games failed\); Holm over the 1 named cards/);

    const out = join(dir, 'report');
    await writeReport({ id: 'planted', title: 'planted', gameId: 'ophidian', question: 'q', verdicts, sections: [{ heading: 'Confirmation', blocks: confirmBlocks(stage, 'played by "heuristic" in every seat') }], meta: { command: 'test', seed: 5, sampleSizes: {} } }, out);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).not.toContain('<b>Riot</b>');
    expect(html).toContain('Free &lt;b&gt;Riot&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(existsSync(join(out, 'confirmation-intervals.vl.json'))).toBe(true);
    // The chart draws the name (confirmation and replication rows) as text, not markup.
    const svg = readFileSync(join(out, 'confirmation-intervals.svg'), 'utf8');
    expect(svg).toContain('Free &lt;b&gt;Riot&lt;/b&gt; &amp;');
    expect(svg).not.toContain('<b>Riot</b>');
    expect(html).toContain('replicated gap');
    const csv = readFileSync(join(out, 'confirmation.csv'), 'utf8').trim().split('\n');
    expect(csv[0]!.startsWith('card,id,cost,chosenBy,')).toBe(true);
    expect(csv[1]!.startsWith('"Free <b>Riot</b> & ""Co""",crowd-pleaser,0,screening rank 1 of 1,')).toBe(true);
    expect(csv[0]).toMatch(/,confirmation,replication,replicatedWhat,replicationEstimate,replicationLo,replicationHi,replicationLevel,replicationUnits,replicationDeckPairs,replicationGamesPlanned,replicationGamesFailed,verdict$/);
    expect(csv[1]).toMatch(/,too strong for its cost,replicated,gap from the price line,[0-9.]+,[0-9.]+,[0-9.]+,0.95,10,(abe|betty|war-machine) v (abe|betty|war-machine),40,0,too strong for its cost$/);
  });
});
