/**
 * The Ophidian studies' verdict rules fed synthetic outcomes with a known truth: a card that
 * truly costs its deck when barred is named, a null card is not; a mispriced card is named
 * only where its interval leaves the price line; the first-Flow verdict follows its interval.
 */
import { describe, expect, it } from 'vitest';
import { analyseCards, cardVerdicts, type CardEvidence } from '../../experiments/ophidian/cards.js';
import { END_NAMES, firstFlowVerdict, waveLog } from '../../experiments/ophidian/flow.js';
import { deriveSeed, Rng } from '../../src/core/rng.js';
import type { GameRecord } from '../../src/core/record.js';

/** n unit values around `m` with a seeded spread of ±`sd` (uniform). */
function units(m: number, n: number, sd: number, seed: number): number[] {
  const rng = new Rng(deriveSeed('ophidian-verdicts', seed));
  return Array.from({ length: n }, () => m + (rng.float() * 2 - 1) * sd);
}

function card(id: string, cost: number, loss: number, plays: number, seed: number, inclusion = 0.5): CardEvidence {
  return { id, name: id.toUpperCase(), cost, inclusion: units(inclusion, 30, 0.2, seed + 1), loss: units(loss, 60, 0.3, seed + 2), plays: units(plays, 60, 0.5, seed + 3) };
}

describe('ophidian-cards verdict rules', () => {
  // Ten cards on a price line of 0.02 win share per CP spent (cost × plays), one far above it.
  const fair = Array.from({ length: 10 }, (_, i) => card(`fair-${i}`, 1 + (i % 3), 0.02 * (1 + (i % 3)) * 1.5, 1.5, 10 * i));
  const strong = card('strong', 1, 0.4, 1.5, 999, 0.7);
  const null0 = card('null', 2, 0, 1.5, 555);

  it('names the card that truly costs its decks when barred, and not the null one', () => {
    const evidence = [...fair, strong, null0];
    const a = analyseCards(evidence);
    const s = a.findings.find((f) => f.id === 'strong')!;
    expect(s.loss.rejected).toBe(true);
    expect(s.loss.lo).toBeGreaterThan(0);
    expect(a.findings.find((f) => f.id === 'null')!.loss.rejected).toBe(false);
    const verdicts = cardVerdicts(evidence, a, 'played by "heuristic" in every seat');
    const supported = verdicts.filter((v) => v.strength === 'supported').map((v) => v.statement).join('\n');
    expect(supported).toMatch(/Barring STRONG costs its decks/);
    expect(supported).not.toMatch(/Barring NULL|holding NULL/);
    // Inclusion (an association) is one verdict per direction, naming the cards.
    expect(supported).toMatch(/Decks holding 1 of the 12 cards beat decks without them head to head — most clearly STRONG\. An association/);
    // Holm: the family size is the number of cards with restricted play.
    expect(a.families.loss).toBe(12);
    // Before a confirmation stage (prices: false) the same lines say they come from the screening pass.
    const screening = cardVerdicts(evidence, a, 'played by "heuristic" in every seat', { prices: false }).filter((v) => v.strength === 'supported');
    expect(screening.length).toBeGreaterThan(0);
    for (const v of screening) expect(v.statement.startsWith('Screening pass: ')).toBe(true);
    expect(screening.some((v) => /too (strong|weak) for its cost/.test(v.statement))).toBe(false);
  });

  it('prices against the fitted line: the strong card is too strong, the do-nothing 2-CP card too weak, the fair ones are not named', () => {
    const evidence = [...fair, strong, null0];
    const a = analyseCards(evidence);
    expect(a.beta - 1.96 * a.betaSe).toBeGreaterThan(0);
    const s = a.findings.find((f) => f.id === 'strong')!;
    expect(s.price?.rejected).toBe(true);
    expect(s.price?.direction).toBe('strong');
    expect(s.price!.value).toBeGreaterThan(1);
    const verdicts = cardVerdicts(evidence, a, 'p').filter((v) => /too (strong|weak) for its cost/.test(v.statement));
    expect(verdicts.map((v) => v.statement).sort()).toEqual([expect.stringMatching(/^NULL is too weak for its cost 2 CP/), expect.stringMatching(/^STRONG is too strong for its cost 1 CP/)]);
  });

  it('an all-null set of cards gives no supported verdict, only the inconclusive summary', () => {
    const evidence = Array.from({ length: 8 }, (_, i) => card(`n-${i}`, 1 + (i % 3), 0, 1, 100 + i));
    const v = cardVerdicts(evidence, analyseCards(evidence), 'p');
    expect(v.filter((x) => x.strength === 'supported')).toEqual([]);
    expect(v[0]!.statement).toMatch(/^No card is shown too strong or too weak/);
    // No slope shown above 0: nothing is priced (a slope near 0 would turn noise into huge CP values).
    expect(analyseCards(evidence).findings.every((f) => f.price === null)).toBe(true);
  });
});

describe('ophidian-flow verdict rules', () => {
  it('a first-Flow advantage is claimed only when the interval leaves 0.5', () => {
    expect(firstFlowVerdict(units(0.75, 80, 0.25, 1), 'p').strength).toBe('supported');
    expect(firstFlowVerdict(units(0.5, 80, 0.5, 2), 'p').strength).toBe('inconclusive');
    expect(firstFlowVerdict(units(0.25, 80, 0.25, 3), 'p').statement).toMatch(/disadvantage/);
  });

  it('a match decided when Wave 4 ends gets its last Wave from the final tags', () => {
    const g = { index: 0, seed: 1, seats: [], slots: [], returns: [1, 0], length: 10, tags: { endReason: 'points', turns: 4, vp: [5, 2], cheer: [9, 8], waves: [0, 0, 3, 2, 1, 0, 6, 5, 3, 1, 8, 7] } } as unknown as GameRecord;
    expect(waveLog(g).slice(12)).toEqual([5, 2, 9, 8]);
    const riot = { ...g, tags: { ...g.tags, endReason: 'riot', turns: 4 } } as unknown as GameRecord;
    expect(waveLog(riot).length).toBe(12);
    // 12 VP at once ends the match mid-Wave (its own end reason): no Wave-end figures are added
    const twelve = { ...g, tags: { ...g.tags, endReason: 'twelve-vp', vp: [12, 2] } } as unknown as GameRecord;
    expect(waveLog(twelve).length).toBe(12);
  });

  it('names the two Point Victories apart (4.2: 12 VP at once; most VP after Wave 4)', () => {
    expect(END_NAMES['twelve-vp']).toMatch(/12 VP at once/);
    expect(END_NAMES['points']).toMatch(/most VP after Wave 4/);
    expect(END_NAMES['points']).not.toMatch(/12/);
  });
});
