/**
 * The repetition rule (src/games/ophidian/repetition.ts, an engine interpretation): an action
 * that brings back a position the Wave already had counts as a pass. The rulebook's own loop:
 * Maximillion's Level-3 card Retreat (a free (+), no Set, 3.5) and the standard Advance ((+)
 * for an Unset character) alternate for ever otherwise.
 */
import { describe, expect, it } from 'vitest';
import { ophidian } from '../../../src/games/ophidian/index.js';
import { flow } from '../../../src/games/ophidian/rules.js';
import { LOC, type OphidianState } from '../../../src/games/ophidian/state.js';
import { deepFreeze } from '../../core/contract.js';
import { createAgent } from '../../../agents/index.js';
import { Rng } from '../../../src/core/rng.js';
import { act, giveHand, idOf, quiet } from './play.js';

/** war-cybernetics-1 (David Dangers, Goth Garal, Mannequin, Maximillion) v abe after setup, every Gladiator in the Action Field; seat 0 holds the Flow with Maximillion at Level 3. */
function withMaxLevel3(repetition: 'pass' | 'allowed' = 'pass'): { s: OphidianState; max: number } {
  let s = ophidian.setup(ophidian.optionsSchema.parse({ decks: ['war-cybernetics-1', 'abe'], repetition }) as never, 1);
  while (flow.decision(s)!.name !== 'act') {
    const d = flow.decision(s)!;
    s = ophidian.apply(s, [d.name === 'maneuver' ? 'field:action' : ophidian.legalActions(s, d.player)[0]!]);
  }
  s = { ...s, flowHolder: 0, current: 0, turn: 0, order: [0, 1] };
  const max = idOf(s, 0, 'maximillion');
  s = { ...s, lvl: s.lvl.map((l, i) => (i === max ? 2 : l)) };
  expect(s.loc[max]).toBe(LOC.action);
  return { s, max };
}

/** Every player passes the windows after an action: its cost modifiers and its event chain. */
function calm(s: OphidianState): OphidianState {
  while (['react', 'cost'].includes(flow.decision(s)?.name ?? '')) s = ophidian.apply(deepFreeze(s), ['pass']);
  return s;
}

describe('the repetition rule (engine interpretation of 2.6 for free (+) cycles)', () => {
  it("Maximillion's free Retreat then the standard Advance: the Advance brings back the start and counts as a pass", () => {
    let { s, max } = withMaxLevel3();
    s = act(s, `ab:${max}:0`); // Tactical Withdrawal (Level 3): Retreat, no CP, no Set — a (+)
    s = quiet(s);
    expect([s.loc[max], s.flowHolder, s.isSet[max]]).toEqual([LOC.support, 0, false]);
    s = act(s, `adv:${max}`); // the standard Advance: a (+), but the Arena is back where the Wave had it
    s = quiet(s);
    expect(s.loc[max]).toBe(LOC.action); // the Advance happened
    expect([s.flowHolder, s.passes, flow.decision(s)!.player]).toEqual([1, 1, 1]); // … and counts as a pass
    // The opponent passes too: every player passed in a row, the Wave ends (2.6).
    s = act(s, 'pass');
    expect(s.wave).toBe(2);
    expect(flow.decision(s)!.name).not.toBe('act');
  });

  it("a repeat of the position the opponent's pass left counts as one pass (the Retreat had reset the passes in a row)", () => {
    let { s, max } = withMaxLevel3();
    s = { ...s, flowHolder: 1, current: 1, turn: 1 };
    s = act(s, 'pass'); // seat 1 passes: seat 0 holds the Flow, 1 pass in a row
    expect([s.flowHolder, s.passes]).toEqual([0, 1]);
    s = quiet(act(s, `ab:${max}:0`));
    expect(s.passes).toBe(0);
    s = quiet(act(s, `adv:${max}`)); // back to the position seat 1's pass left
    expect([s.passes, s.flowHolder, s.wave]).toEqual([1, 1, 1]);
    s = act(s, 'pass'); // and seat 1's second pass ends the Wave
    expect(s.wave).toBe(2);
  });

  it('a position is only a repeat within the same Wave and with the same cards in hands and piles', () => {
    let { s, max } = withMaxLevel3();
    s = giveHand(s, 0, ['war-cry']); // War Cry: (+) 1 CP, gain 1 Cheer
    s = quiet(act(s, `ab:${max}:0`)); // Retreat
    const warCry = idOf(s, 0, 'war-cry');
    s = calm(act(s, `play:${warCry}`)); // progress: a card played (and CP, Cheer changed)
    s = quiet(act(s, `adv:${max}`)); // back in the Action Field, but not to a position the Wave had
    expect([s.flowHolder, s.passes, s.loc[max]]).toEqual([0, 0, LOC.action]);
    // Retreating again brings back the position War Cry left (Maximillion in Support, the same CP and Cheer): a pass.
    s = quiet(act(s, `ab:${max}:0`));
    expect([s.loc[max], s.flowHolder, s.passes]).toEqual([LOC.support, 1, 1]);
  });

  it("`repetition: 'allowed'` plays the text as printed: the cycle keeps the Flow", () => {
    let { s, max } = withMaxLevel3('allowed');
    for (let k = 0; k < 50; k++) s = quiet(act(quiet(act(s, `ab:${max}:0`)), `adv:${max}`));
    expect([s.flowHolder, s.passes, s.wave, s.loop]).toEqual([0, 0, 1, []]);
  });

  it('a policy that always cycles when it can still finishes the match', () => {
    let { s, max } = withMaxLevel3();
    let decisions = 0;
    while (!ophidian.isTerminal(s)) {
      const p = ophidian.toMove(s)[0]!;
      const legal = ophidian.legalActions(s, p);
      const a = legal.find((x) => x === `ab:${max}:0` || x === `adv:${max}`) ?? (legal.includes('pass') ? 'pass' : legal[0]!);
      s = ophidian.apply(deepFreeze(s), [a]);
      expect(++decisions).toBeLessThan(5_000);
    }
    expect(s.endReason).toMatch(/points|wave-cap|elimination/);
  });

  it("normal play is unaffected: the heuristic's matches with a Maximillion deck make the same moves with the rule on and off", () => {
    const moves = (repetition: 'pass' | 'allowed', seed: number): string[] => {
      const options = ophidian.optionsSchema.parse({ decks: ['war-bio-tek-1', 'war-psi-2'], repetition }) as never;
      const agents = [0, 1].map((p) => createAgent('heuristic', ophidian as never, new Rng(seed * 7 + p)));
      let s = ophidian.setup(options, seed);
      const out: string[] = [];
      while (!ophidian.isTerminal(s)) {
        const p = ophidian.toMove(s)[0]!;
        const legal = ophidian.legalActions(s, p);
        const a = agents[p]!.act({ game: ophidian as never, options, obs: ophidian.observe(s, p), player: p, legal }) as string;
        out.push(a);
        s = ophidian.apply(s, [a]);
      }
      return [...out, s.endReason, ...ophidian.returns(s).map(String)];
    };
    for (const seed of [1, 2, 3]) expect(moves('pass', seed)).toEqual(moves('allowed', seed));
  });
});
