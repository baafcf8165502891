/**
 * A round's working data (`RoundResolution`, round-resolution.ts) belongs to the step that
 * resolves the round (issue #32): nothing is pooled or shared between calls, so a
 * Resolution run while another is in progress — a search leaf's `afterDefaultReveal`
 * (evaluate.ts) pricing a pending Reveal from inside a round — changes neither.
 * The rules exercised are the seed's ("Each Hero totals the Attacks that were made against
 * them this round, and subtracts any Defense they may have made"; Sharp Knives, Metal
 * Tentacles, Tough Skin, Regeneration from the power tables).
 */
import { describe, expect, it } from 'vitest';
import { afterDefaultReveal } from '../../../src/games/rumble/resolution.js';
import { PowerLibrary, SEED_POWERS, normalize } from '../../../src/games/rumble/powers/library.js';
import type { PowerWorld } from '../../../src/games/rumble/powers/contract.js';
import { copyState, type RumbleState } from '../../../src/games/rumble/types.js';
import { deepFreeze } from '../../core/contract.js';
import { alloc, allocate, fixedGame, resolve } from './helpers.js';

/** A round with powers on both sides: Tough Skin's Defense, knives and tentacles landing, Regeneration next round. */
function outerRound(): RumbleState {
  return fixedGame([
    { energy: 100, powers: ['tough-skin', 'sharp-knives', 'regeneration'] },
    { energy: 90, powers: ['metal-tentacles'] },
    { energy: 80 },
  ]);
}
// Hero 0 has 103 Energy: Regeneration ran at round 1's start.
const OUTER_ALLOCS = [alloc(3, { 1: 30, 2: 30 }, 43), alloc(3, { 0: 50, 2: 20 }, 20), alloc(3, { 0: 40, 1: 20 }, 20)];

/** A state of another game mid-round: two attackers on hero 0, one with Sharp Knives, its Reveal pending. */
function pendingReveal(): RumbleState {
  const start = fixedGame([{ energy: 80 }, { energy: 100 }, { energy: 100, powers: ['sharp-knives'] }]);
  const rev = allocate(start, [alloc(3, { 1: 20, 2: 10 }, 50), alloc(3, { 0: 40 }, 60), alloc(3, { 0: 20 }, 80)]);
  expect(rev.phase).toBe('reveal');
  return deepFreeze(rev);
}

describe('a round resolved inside another round', () => {
  it('leaves both rounds as they are alone (nothing shared between two Resolutions)', () => {
    const inner = pendingReveal();
    const innerAlone = afterDefaultReveal(inner);
    // Tough Skin whose `resolve` hook (step 5, between the attacks and the round end)
    // resolves the other game's pending round twice, as a search leaf would.
    const seedSkin = SEED_POWERS.find((p) => p.id === 'tough-skin')!;
    const nested: (readonly RumbleState[])[] = [];
    const skin = normalize({
      ...seedSkin,
      resolve(_c: PowerWorld, _self: number, _k: number) {
        nested.push([afterDefaultReveal(inner), afterDefaultReveal(inner)]);
      },
    });
    const base = outerRound();
    const withNested = copyState(base);
    withNested.lib = new PowerLibrary([...SEED_POWERS, skin]);

    const alone = resolve(deepFreeze(outerRound()), OUTER_ALLOCS);
    const interrupted = resolve(deepFreeze(withNested as RumbleState), OUTER_ALLOCS);

    expect(nested.length).toBe(1);
    for (const r of nested[0]!) expect(r).toEqual(innerAlone);
    const strip = (s: RumbleState) => ({ heroes: s.heroes, lastAttacks: s.lastAttacks, round: s.round, returns: s.returns });
    expect(strip(interrupted)).toEqual(strip(alone));
    // The round did happen: damage landed past Tough Skin's +20, knives bleed, tentacles bite, Regeneration ran.
    expect(alone.heroes.map((h) => h.energy)).not.toEqual([100, 90, 80]);
    expect(alone.heroes.some((h) => h.bleed.length > 0)).toBe(true);
  });
});
