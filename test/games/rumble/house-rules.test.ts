/**
 * House rules that end stalls (issue #27), not in the seed text: Energy drain and sudden
 * death. The text's own end is "If a Hero's Energy drops to zero or below, they are
 * instantly eliminated from the game. The last Hero standing is declared the winner." —
 * the house rules only make Energy run out; that end is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { rumble, rumbleOptions } from '../../../src/games/rumble/index.js';
import { houseRuleLoss } from '../../../src/games/rumble/house-rules.js';
import { deepFreeze } from '../../core/contract.js';
import { alloc, energies, fixedGame, resolve } from './helpers.js';
import { listenersFor, recordTags, withListener } from '../../../src/core/listeners.js';
import type { RumbleState } from '../../../src/games/rumble/index.js';

/** `play()`'s state and the Energy lost in it as the `energyLost` listener heard it (the studies' tag). */
function listened(play: () => RumbleState): { n: RumbleState; lost: unknown } {
  const heard = listenersFor<RumbleState>(rumble, ['energyLost'])!;
  const n = withListener(heard, play);
  return { n, lost: recordTags(rumble, n, heard)['energyLost'] };
}

/** Everyone defends with everything, round after round: the stall the house rules end. */
const allDefend = (s: ReturnType<typeof fixedGame>) => resolve(s, s.heroes.map((h) => alloc(s.heroes.length, {}, Math.max(0, h.energy))));

describe('Rumble house rules', () => {
  it('both are off by default (the text has neither)', () => {
    const o = rumbleOptions({});
    expect(o.energyDrain).toBe(0);
    expect(o.suddenDeath).toBe(0);
    expect(houseRuleLoss(o, 1000)).toBe(0);
  });

  it('energyDrain: every living hero loses N Energy at each round end, even when nobody attacks', () => {
    const s = deepFreeze(fixedGame([{ energy: 30 }, { energy: 20 }], { energyDrain: 7 }));
    const { n, lost } = listened(() => allDefend(s));
    expect(energies(n)).toEqual([23, 13]);
    expect(lost).toBe(14);
    // Without the rule the same round changes nothing: nothing happened.
    const plain = listened(() => allDefend(fixedGame([{ energy: 30 }, { energy: 20 }])));
    expect(energies(plain.n)).toEqual([30, 20]);
    expect(plain.lost).toBe(0);
    // Nobody listening (plain play, a search): the game's own tags hold no count.
    expect(rumble.tags(n)['energyLost']).toBeUndefined();
  });

  it('energyDrain ends the stall by the text\'s own rule: the last hero standing wins', () => {
    let s = fixedGame([{ energy: 30 }, { energy: 20 }], { energyDrain: 10 });
    s = allDefend(allDefend(s));
    expect(s.phase).toBe('over');
    expect(s.end).toBe('last-standing');
    expect(rumble.returns(s)).toEqual([1, 0]);
  });

  it('suddenDeath: nothing until round N, then step x (rounds past N), rising', () => {
    const o = { energyDrain: 0, suddenDeath: 3, suddenDeathStep: 5 };
    expect([1, 2, 3, 4, 5, 6].map((r) => houseRuleLoss(o, r))).toEqual([0, 0, 0, 5, 10, 15]);
    let s = fixedGame([{ energy: 100 }, { energy: 100 }], { suddenDeath: 3 });
    const seen: number[][] = [];
    for (let r = 0; r < 5; r++) {
      s = allDefend(s);
      seen.push(energies(s));
    }
    expect(seen).toEqual([
      [100, 100],
      [100, 100],
      [100, 100],
      [95, 95],
      [85, 85],
    ]);
  });

  it('the loss is not damage: Defense does not block it, and it also applies with powers held (the power engine path)', () => {
    // Tough Skin (+20 Defence) would block damage; it does not stop the drain.
    const s = fixedGame([{ energy: 50, powers: ['tough-skin'] }, { energy: 50 }], { energyDrain: 4 });
    const { n, lost } = listened(() => allDefend(s));
    expect(energies(n)).toEqual([46, 46]);
    expect(lost).toBe(8);
  });

  it('the plain round and the power engine agree under the house rules (both lose the same)', () => {
    // Hero 0 attacks for 10 against 0 Defense; hero 1 attacks for 40 against 30: each takes
    // 10 damage and then the drain of 3 (sudden death from round 1 starts biting in round 2).
    const allocs = [alloc(2, { 1: 10 }, 30), alloc(2, { 0: 40 }, 0)];
    const plain = listened(() => resolve(fixedGame([{ energy: 40 }, { energy: 40 }], { energyDrain: 3, suddenDeath: 1 }), allocs));
    const withPower = listened(() => resolve(fixedGame([{ energy: 40 }, { energy: 40, powers: ['wind-up-punch'] }], { energyDrain: 3, suddenDeath: 1 }), allocs));
    expect(energies(plain.n)).toEqual([27, 27]);
    expect(energies(withPower.n)).toEqual(energies(plain.n));
    expect(withPower.lost).toBe(plain.lost);
    expect(plain.lost).toBe(26);
  });

  it('bad values are refused in one line naming the field', () => {
    expect(() => rumbleOptions({ energyDrain: -1 })).toThrow(/energyDrain/);
    expect(() => rumbleOptions({ suddenDeath: 1.5 })).toThrow(/suddenDeath/);
  });
});
