/**
 * The ready decks per discipline pairing (issue: "two or more ready decks (50 cards + team)
 * per discipline pairing"): each of the 15 pairings of the six disciplines (6.0) has at
 * least two legal decks whose Arsenal is that pairing's cards plus Universal ones, and
 * every shipped deck plays a whole game.
 */
import { describe, expect, it } from 'vitest';
import { DISCIPLINES } from '../../../src/games/ophidian/cards/types.js';
import { checkDeck, RULEBOOK_CONSTRUCTION } from '../../../src/games/ophidian/construction.js';
import { SAMPLE_CARDS, SAMPLE_DECKS } from '../../../src/games/ophidian/sample.js';
import { playGame } from '../../../src/sim/play.js';

const disciplinesOf = (d: (typeof SAMPLE_DECKS)[number]) => new Set(d.arsenal.map((c) => c.discipline).filter((x) => x !== 'universal'));

describe('pairing decks', () => {
  it('every pairing of the six disciplines has at least two decks using exactly its two disciplines', () => {
    for (let i = 0; i < DISCIPLINES.length; i++)
      for (let j = i + 1; j < DISCIPLINES.length; j++) {
        const pair = [DISCIPLINES[i]!, DISCIPLINES[j]!];
        const decks = SAMPLE_DECKS.filter((d) => {
          const ds = disciplinesOf(d);
          return ds.size === 2 && pair.every((x) => ds.has(x));
        });
        expect(decks.length, `${pair.join(' + ')}`).toBeGreaterThanOrEqual(2);
      }
  });

  it('every shipped deck passes the construction rules again (team 10 VP, 50 cards, 3 copies, disciplines)', () => {
    for (const d of SAMPLE_DECKS) {
      const arsenal: Record<string, number> = {};
      for (const c of d.arsenal) arsenal[c.id] = (arsenal[c.id] ?? 0) + 1;
      const spec = { id: d.id, name: d.name, team: d.team.map((g) => g.id), reinforcement: d.reinforcement?.id ?? null, arsenal };
      expect(() => checkDeck(spec, SAMPLE_CARDS, RULEBOOK_CONSTRUCTION)).not.toThrow();
      expect(d.arsenal.length).toBe(50);
    }
    expect(new Set(SAMPLE_DECKS.map((d) => d.id)).size).toBe(SAMPLE_DECKS.length);
  });

  it('every shipped deck plays a whole heuristic game against Abe', () => {
    for (const d of SAMPLE_DECKS) {
      const r = playGame({ gameId: 'ophidian', options: { decks: [d.id, 'abe'] }, agents: ['heuristic'], games: 1, seed: 3 }, 0);
      expect(r.error, d.id).toBeUndefined();
      expect(r.returns.length).toBe(2);
    }
  });
});
