/**
 * ophidian-cards' replication stage (experiments/ophidian/cards-replicate.ts): which cards the
 * confirmation names, seeds of their own, Holm over the named cards, "replicated" only on the
 * confirmation's side of 0, and the headline naming as mispriced only what replicated.
 */
import { describe, expect, it } from 'vitest';
import { analyseConfirmation, confirmationSeed, confirmBlocks, confirmVerdicts, type ConfirmedCard, type ConfirmStage } from '../../experiments/ophidian/cards-confirm.js';
import { analyseReplication, namedByConfirmation, replicationSeed, type NamedCard } from '../../experiments/ophidian/cards-replicate.js';
import { barredSpec } from '../../experiments/ophidian/common.js';
import { deriveSeed, Rng } from '../../src/core/rng.js';

function units(m: number, n: number, w: number, seed: number): number[] {
  const rng = new Rng(deriveSeed('ophidian-replicate-test', seed));
  return Array.from({ length: n }, () => m + (rng.float() * 2 - 1) * w);
}
const line = { beta: 0.01, betaSe: 0.002, usable: true };
const card = (id: string, loss: number[], cost: number | null = 1, plays = units(1, 100, 0.5, 99)): ConfirmedCard => ({
  id, name: id.toUpperCase(), cost, seed: 0, pairs: [['abe', 'betty']], loss, unit: 'seed index', seedUnits: loss.length, plays, planned: 4 * loss.length, completed: 4 * loss.length, failed: 0, dropped: 0, seeds: [],
});

describe('replication seeds', () => {
  it('differ from the confirmation seeds and the screening seeds of the same study seed and card, and from each other card', () => {
    for (const id of ['grand-entrance', 'showboat', 'war-cry']) {
      expect(replicationSeed(1, id)).not.toBe(confirmationSeed(1, id));
      expect(replicationSeed(1, id)).not.toBe(replicationSeed(2, id));
      const screening = new Set(Array.from({ length: 500 }, (_, i) => deriveSeed(1, 'game', i)));
      const confirm = new Set(Array.from({ length: 500 }, (_, i) => deriveSeed(confirmationSeed(1, id), 'game', i)));
      for (let i = 0; i < 500; i++) {
        const s = deriveSeed(replicationSeed(1, id), 'game', i);
        expect(screening.has(s) || confirm.has(s)).toBe(false);
      }
    }
    expect(replicationSeed(1, 'showboat')).not.toBe(replicationSeed(1, 'war-cry'));
  });
});

describe('the cards the confirmation names', () => {
  it('mispriced cards by their gap, other confirmed restricted-play effects by their loss, each with its side', () => {
    const a = analyseConfirmation([card('strong', units(0.4, 60, 0.2, 1)), card('null', units(0.01, 60, 0.4, 2)), card('hurts', units(-0.3, 60, 0.2, 3), null)], line);
    expect(namedByConfirmation(a)).toEqual([
      { id: 'strong', test: 'gap', direction: 1 },
      { id: 'hurts', test: 'loss', direction: -1 },
    ]);
  });
});

describe('the replication rule', () => {
  const named: NamedCard[] = [
    { id: 'clear', test: 'gap', direction: 1 },
    { id: 'small', test: 'gap', direction: 1 },
    { id: 'flipped', test: 'gap', direction: 1 },
  ];
  it('Holm over the named cards; replicated only when the interval is on the confirmation’s side of 0', () => {
    const cards = [card('clear', units(0.3, 40, 0.3, 4)), card('small', units(0.06, 10, 0.6, 5)), card('flipped', units(-0.3, 40, 0.2, 6))];
    const r = analyseReplication(named, cards, line);
    const by = (id: string) => r.find((x) => x.id === id)!;
    expect(by('clear')).toMatchObject({ replicated: true, why: null });
    expect(by('clear').lo).toBeGreaterThan(0);
    // 'flipped' is significant, on the other side: not a replication.
    expect(by('flipped')).toMatchObject({ replicated: false, why: 'significant on the other side of 0' });
    expect(by('flipped').hi).toBeLessThan(0);
    expect(by('small')).toMatchObject({ replicated: false, why: 'leans the same way, but its interval reaches 0' });
    // Three cards in the family: the strongest at 1 − 0.05/3.
    expect(Math.max(...r.map((x) => x.level))).toBeCloseTo(1 - 0.05 / 3, 12);
  });

  it('a card with no fresh deck pair or too few units stays in the family, not replicated', () => {
    const r = analyseReplication(named, [card('clear', units(0.3, 40, 0.3, 4)), card('small', [0.5])], line);
    expect(r.find((x) => x.id === 'small')).toMatchObject({ replicated: false, why: 'fewer than 2 units (no fresh deck pair, or failed games)' });
    expect(r.find((x) => x.id === 'flipped')).toMatchObject({ replicated: false, n: 0 });
    // 'clear' was tested at 1 − 0.05/3: the untestable cards count in the family.
    expect(r.find((x) => x.id === 'clear')!.level).toBeCloseTo(1 - 0.05 / 3, 12);
  });
});

describe('the headline', () => {
  const confirmed = [card('held', units(0.35, 40, 0.2, 10)), card('fluke', units(0.3, 40, 0.2, 11)), card('fair', units(0.02, 40, 0.4, 12))];
  const analysis = analyseConfirmation(confirmed, line);
  const named = namedByConfirmation(analysis);
  const replayed = [card('held', units(0.3, 40, 0.2, 13)), card('fluke', units(0.02, 40, 0.5, 14))];
  const stage: ConfirmStage = {
    size: { k: 3, owners: 1, opponents: 1, perOrder: 40 },
    full: true,
    list: { rule: 'price', eligible: 3, entries: confirmed.map((c, i) => ({ id: c.id, name: c.name, rank: i + 1, score: 3 - i, reason: 'screening' as const })) },
    cards: confirmed,
    analysis,
    line,
    screened: 3,
    replication: { size: { k: 0, owners: 1, opponents: 1, perOrder: 40 }, named, cards: replayed, findings: analyseReplication(named, replayed, line) },
  };

  it('calls mispriced only a card confirmed and replicated; a confirmed card that did not replicate is a lead, not a verdict', () => {
    expect(named.map((n) => n.id)).toEqual(['held', 'fluke']);
    const v = confirmVerdicts(stage, 'played by "heuristic"');
    expect(v[0]).toMatchObject({ strength: 'supported' });
    expect(v[0]!.statement).toMatch(/^HELD is too strong for its cost of 1 CP: confirmed on fresh seeds and replicated on other seeds and deck pairs — /);
    const fluke = v.find((x) => x.statement.startsWith('FLUKE'))!;
    expect(fluke.strength).toBe('inconclusive');
    expect(fluke.statement).toMatch(/named too strong for its cost by the confirmation stage but did not replicate on other seeds and deck pairs: leans the same way, but its interval reaches 0 — not called mispriced/);
    expect(v.filter((x) => x.strength === 'supported')).toHaveLength(1);
  });

  it('with nothing replicated, the first verdict says no card is shown mispriced and names the leads', () => {
    const none = { ...stage, replication: { ...stage.replication!, findings: analyseReplication(named, [card('held', units(0, 40, 0.5, 15)), card('fluke', units(0.02, 40, 0.5, 14))], line) } };
    const v = confirmVerdicts(none, 'played by "heuristic"');
    expect(v[0]!.strength).toBe('inconclusive');
    expect(v[0]!.statement).toMatch(/^No card is shown too strong or too weak for its cost: the confirmation stage named HELD, FLUKE, but none of them replicated/);
    expect(v.some((x) => x.strength === 'supported')).toBe(false);
  });

  it('the table says per card replicated / not replicated with the replication interval, and the report verdict', () => {
    const table = confirmBlocks(stage, 'played by "heuristic"').find((b) => b.kind === 'table')!;
    const rows = table.kind === 'table' ? table.rows : [];
    const row = (id: string) => rows.find((r) => r['id'] === id)!;
    expect(row('held')).toMatchObject({ confirmation: 'too strong for its cost', replication: 'replicated', replicatedWhat: 'gap from the price line', verdict: 'too strong for its cost' });
    expect(row('held')['replicationLo']).toBeGreaterThan(0);
    expect(row('fluke')).toMatchObject({ confirmation: 'too strong for its cost', replication: 'not replicated (leans the same way, but its interval reaches 0)', verdict: 'not settled: named too strong by the confirmation, not replicated' });
    expect(row('fair')).toMatchObject({ replication: 'not named by the confirmation', replicationEstimate: null, verdict: 'not shown mispriced' });
  });
});

describe('barring a card with agents that bar cards already', () => {
  it('adds the card to the bar list instead of giving bar twice', () => {
    expect(barredSpec('heuristic', 'war-cry')).toBe('heuristic:bar=war-cry');
    expect(barredSpec('heuristic:bar=showboat', 'war-cry')).toBe('heuristic:bar=showboat+war-cry');
    expect(barredSpec('heuristic:bar=war-cry', 'war-cry')).toBe('heuristic:bar=war-cry');
  });
});

describe('the screening table says why a card has no price', () => {
  it('no line, X cost, played too rarely, not barred — never "played too rarely" for a card played twice a game', async () => {
    const { analyseCards, unpricedReason } = await import('../../experiments/ophidian/cards.js');
    const c = (id: string, cost: number | null, loss: number[], plays: number[]) => ({ id, name: id, cost, inclusion: [], loss, plays });
    const noisy = [c('often', 1, [0.5, -0.5, 0.25, -0.25], [2, 2, 2]), c('x', null, [0.5, -0.5], [1, 1]), c('unbarred', 2, [], [1, 1])];
    const a = analyseCards(noisy);
    expect(a.families.price).toBe(0);
    expect(unpricedReason(noisy[0]!, a)).toBe('not priced: no price line (β not shown above 0)');
    expect(unpricedReason(noisy[2]!, a)).toBe('not barred in this run');
    const lined = { ...a, families: { ...a.families, price: 5 } };
    expect(unpricedReason(noisy[1]!, lined)).toBe('not priced: X cost');
    expect(unpricedReason(c('rare', 2, [0.1, 0.2], [0, 0, 0.1]), lined)).toBe('not priced: played under 0.1 times a game');
  });
});

describe('deck pairs of a stage', () => {
  const decks = ['a', 'b', 'c', 'd', 'e', 'f'];
  const holders = new Set(['a', 'b', 'c']);
  const plan = { card: { id: 'k', name: 'K', cost: 1 }, decks, holds: (d: string) => holders.has(d) };
  const key = ([d, o]: readonly [string, string]) => [d, o].sort().join('|');

  it('play each deck matchup once, whichever deck holds the card (two holders against each other share no unbarred games)', async () => {
    const { deckPairs } = await import('../../experiments/ophidian/cards-confirm.js');
    for (let seed = 0; seed < 20; seed++) {
      const pairs = deckPairs(plan, { k: 1, owners: 3, opponents: 5, perOrder: 1 }, seed);
      expect(new Set(pairs.map(key)).size).toBe(pairs.length);
      for (const [d] of pairs) expect(holders.has(d)).toBe(true);
    }
  });

  it('the replication leaves out the confirmation’s matchups in either seat order', async () => {
    const { deckPairs } = await import('../../experiments/ophidian/cards-confirm.js');
    const size = { k: 1, owners: 3, opponents: 2, perOrder: 1 };
    for (let seed = 0; seed < 20; seed++) {
      const confirm = deckPairs(plan, size, confirmationSeed(seed, 'k'));
      const replicate = deckPairs({ ...plan, avoid: confirm }, size, replicationSeed(seed, 'k'));
      expect(replicate.length).toBeGreaterThan(0);
      for (const p of replicate) expect(confirm.map(key)).not.toContain(key(p));
    }
  });
});
