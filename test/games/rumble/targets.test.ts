/**
 * Targets of targeted powers are menu choices (issue #11): which power Lighten Load
 * discards ("Discard a power: gain energy equal to the discarded power's power strength").
 */
import { describe, expect, it } from 'vitest';
import { rumble, type RumbleAction } from '../../../src/games/rumble/index.js';
import { fixedGame } from './helpers.js';

type Alloc = Extract<RumbleAction, { t: 'alloc' }>;
const defend = (e: number, H: number): RumbleAction => ({ t: 'alloc', heroes: [{ attack: new Array<number>(H).fill(0), defense: e }] });

describe('Lighten Load: the discarded power is the player\'s choice', () => {
  it('the menu offers each other power; the choice decides the Energy gained and the power lost', () => {
    const s = fixedGame([
      { energy: 60, powers: [{ id: 'lighten-load', strength: 5 }, { id: 'tough-skin', strength: 30 }, { id: 'psuedonite', strength: 10 }] },
      { energy: 100 },
    ]);
    const menu = rumble.legalActions(s, 0) as Alloc[];
    const targets = menu.flatMap((m) => (m.heroes[0]!.uses ?? []).filter((u) => u.power === 0).map((u) => u.target));
    expect(targets).toEqual([1, 2]);
    const after = (t: number) => {
      const m = menu.find((x) => x.heroes[0]!.uses?.some((u) => u.power === 0 && u.target === t))!;
      return rumble.apply(s, [m, defend(100, 2)]).heroes[0]!;
    };
    // Tough Skin (strength 30) gives 30 Energy; Psuedonite (10) gives 10. Psuedonite then
    // costs 5 per power held at the round's end: 2 powers left after dropping Tough Skin,
    // none of its own after dropping Psuedonite.
    const skin = after(1);
    expect(skin.powers.map((p) => p.id)).toEqual(['lighten-load', 'psuedonite']);
    expect(skin.energy).toBe(60 + 30 - 10);
    const pseudo = after(2);
    expect(pseudo.powers.map((p) => p.id)).toEqual(['lighten-load', 'tough-skin']);
    expect(pseudo.energy).toBe(60 + 10);
    // Every offered move is accepted by apply.
    for (const m of menu) expect(() => rumble.apply(s, [m, defend(100, 2)])).not.toThrow();
  });

  it('a hero whose only power is Lighten Load has nothing to discard: no extra entries', () => {
    const s = fixedGame([{ energy: 60, powers: ['lighten-load'] }, { energy: 100 }]);
    expect((rumble.legalActions(s, 0) as Alloc[]).some((m) => m.heroes[0]!.uses?.length)).toBe(false);
  });
});
