/**
 * Ophidian played as written (issue #26): each rule below is quoted from the rulebook
 * (seed 004) and played on a built position; each test failed on the engine before its fix.
 */
import { describe, expect, it } from 'vitest';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { LOC, type OphidianState } from '../../../src/games/ophidian/state.js';
import { act, position, quiet, settle, withCards } from './play.js';

const spare = (s: OphidianState, p: number, k: number) =>
  s.t.card.map((_, i) => i).filter((i) => s.t.owner[i] === p && s.t.card[i]!.kind === 'strategy' && !s.zones.cards[p * 4 + 1]!.includes(i))[k]!;

/** Sample Strategy cards put in play for seat p (Minions in the Action Field unless `at` says otherwise). */
function inPlay(s: OphidianState, p: number, ids: string[], at: number = LOC.action): { s: OphidianState; cards: number[] } {
  const cards = ids.map((_, k) => spare(s, p, k));
  s = withCards(s, Object.fromEntries(cards.map((c, k) => [c, ids[k]!])));
  return { s: { ...s, loc: s.loc.map((l, i) => (cards.includes(i) ? at : l)) }, cards };
}

describe('3.11 Cheer comes from a Gladiator\'s Attack only', () => {
  // 3.11: "When a Gladiator you control Attacks an Unset Character, a Cheer will be generated.
  // If your opponent Intercepts the Attack, they gain the 1 Cheer Counter. Otherwise, you will gain the Cheer."
  it('a Minion Attacking an Unset Gladiator generates no Cheer, for the Attacker or an Interceptor', () => {
    const s0 = position();
    const p = s0.flowHolder;
    const q = 1 - p;
    const { s, cards: [minion] } = inPlay(s0, p, ['pit-veteran']);
    const [target, other] = s.t.team[q]!;
    const hit = quiet(settle(act(act(s, `atk:${minion}:${target}`), 'allow')));
    expect(hit.wounds[target]).toBe(1);
    expect(hit.cheer).toEqual([0, 0]);
    const intercepted = quiet(settle(act(act(s, `atk:${minion}:${target}`), `icp:${other}`)));
    expect(intercepted.wounds[other]).toBe(1);
    expect(intercepted.cheer).toEqual([0, 0]);
  });

  it('a Gladiator Attacking the same Unset Gladiator generates 1 Cheer for its controller', () => {
    const s = position();
    const p = s.flowHolder;
    const attacker = s.t.team[p]![0]!;
    const target = s.t.team[1 - p]![0]!;
    const hit = quiet(settle(act(act(s, `atk:${attacker}:${target}`), 'allow')));
    expect(hit.cheer[p]).toBe(1);
  });
});
