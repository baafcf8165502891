/**
 * The positional evaluate (src/games/gladiator-duel/evaluate.ts): it must read the
 * board as the rules do (flanks, reach, the turn's AP) and, over many fights, predict
 * the winner from mid-fight states better than the strength share it replaced.
 */
import { describe, expect, it } from 'vitest';
import { gladiatorDuel as game } from '../../../src/games/gladiator-duel/index.js';
import { evaluatePosition } from '../../../src/games/gladiator-duel/evaluate.js';
import { GladiatorDuelHeuristic } from '../../../src/games/gladiator-duel/heuristic.js';
import { Rng } from '../../../src/core/rng.js';
import type { DuelState } from '../../../src/games/gladiator-duel/state.js';
import { deepFreeze } from '../../core/contract.js';
import { CENTRE, E, NE, W, neighbour, scene } from './helpers.js';

/** The replaced evaluate: each side's share of remaining vigour, (strength + 2) / (start + 2). */
function strengthShare(s: DuelState): number {
  const a = Math.max(0, s.g0.strength + 2) / (s.g0.startStrength + 2);
  const b = Math.max(0, s.g1.strength + 2) / (s.g1.startStrength + 2);
  return a + b > 0 ? a / (a + b) : 0.5;
}

describe('gladiator-duel evaluate', () => {
  it('is the game evaluate: per-seat values summing to 1, returns once the fight is over', () => {
    const s = deepFreeze(scene());
    expect(game.evaluate!(s)).toEqual(evaluatePosition(s));
    const [a, b] = evaluatePosition(s);
    expect(a! + b!).toBeCloseTo(1);
    expect(evaluatePosition({ ...s, result: 1 })).toEqual([0, 1]);
    expect(evaluatePosition({ ...s, result: 2 })).toEqual([0.5, 0.5]);
  });

  it('equal fighters: standing at the foe’s back beats standing at his front', () => {
    // Seat 0 to move, adjacent on the foe's west. Foe facing W: seat 0 is at his front;
    // foe facing E: seat 0 is at his back (+3 to strike) and sees only his back.
    const front = evaluatePosition(scene({ ap: 1, g1: { facing: W } }))[0]!;
    const back = evaluatePosition(scene({ ap: 1, g1: { facing: E } }))[0]!;
    expect(back).toBeGreaterThan(front + 0.05);
  });

  it('a half-played turn is worth what its AP can still reach', () => {
    // Seat 0 two hexes west of the foe's back; with 2 AP he can step in and strike the
    // back, with 0 AP he can only wait for the foe to turn.
    const far = neighbour(scene(), CENTRE, W);
    const withAp = evaluatePosition(scene({ ap: 2, g0: { cell: far }, g1: { cell: CENTRE, facing: E } }))[0]!;
    const without = evaluatePosition(scene({ ap: 0, g0: { cell: far }, g1: { cell: CENTRE, facing: E } }))[0]!;
    expect(withAp).toBeGreaterThan(without + 0.05);
  });

  it('showing the foe a flank he can reach costs more than showing it out of his reach', () => {
    // Seat 0 has struck and faces NE; the foe (to move next) is adjacent on his E side
    // (right-front, the sword side) in one case, and 6 hexes away in the other.
    const near = scene({ struck: true, ap: 0, g0: { facing: NE } });
    const farCell = neighbour(near, neighbour(near, neighbour(near, near.g1.cell, E), E), E);
    const far = scene({ struck: true, ap: 0, g0: { facing: NE }, g1: { cell: farCell } });
    expect(evaluatePosition(near)[0]!).toBeLessThan(evaluatePosition(far)[0]!);
  });

  it('predicts the winner from mid-fight states better than the strength share', () => {
    // States from seeded heuristic-vs-heuristic fights (15% random moves for variety),
    // each labelled with its fight's result. Measured (400 fights, 6834 states): Brier
    // 0.169 for this evaluate, 0.203 for the strength share, 0.239 for a coin.
    const options = game.optionsSchema.parse({});
    const rng = new Rng(7);
    const heuristic = new GladiatorDuelHeuristic('heuristic');
    let brierEval = 0;
    let brierStrength = 0;
    let count = 0;
    for (let fight = 0; fight < 150; fight++) {
      let s = game.setup(options, rng.u32()) as DuelState;
      const seen: DuelState[] = [];
      while (!game.isTerminal(s)) {
        const p = s.current;
        const legal = game.legalActions(s, p);
        if (rng.float() < 0.5) seen.push(s);
        const a = rng.float() < 0.15 ? legal[rng.int(legal.length)] : (heuristic.act({ game, options, obs: s, player: p, legal }) as number);
        s = game.apply(s, [a]);
      }
      const won = game.returns(s)[0]!;
      for (const m of seen) {
        brierEval += (evaluatePosition(m)[0]! - won) ** 2;
        brierStrength += (strengthShare(m) - won) ** 2;
        count++;
      }
    }
    expect(count).toBeGreaterThan(1000);
    expect(brierEval / count).toBeLessThan(brierStrength / count - 0.015);
  });
});
