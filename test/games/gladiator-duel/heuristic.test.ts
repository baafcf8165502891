/** The gladiator-duel heuristic: its tactics in set-piece positions, and that it beats random play. */
import { describe, expect, it } from 'vitest';
import { createRandomAgent } from '../../../agents/random.js';
import { foeTurnsLeft, gladiatorDuelHeuristic } from '../../../src/games/gladiator-duel/heuristic.js';
import { HEURISTICS } from '../../../agents/heuristics/index.js';
import type { Agent } from '../../../src/core/agent.js';
import { wilson } from '../../../src/core/wilson.js';
import { UserError } from '../../../src/core/errors.js';
import { Rng } from '../../../src/core/rng.js';
import { gladiatorDuel as g } from '../../../src/games/gladiator-duel/index.js';
import { CAST_NET, END_TURN, PIVOT_LEFT, PIVOT_RIGHT, STEP_FORWARD, STRIKE } from '../../../src/games/gladiator-duel/actions.js';
import { GLADIATOR_TYPES, parseDuelOptions } from '../../../src/games/gladiator-duel/options.js';
import { RETIARIUS, type DuelState } from '../../../src/games/gladiator-duel/state.js';
import { CENTRE, E, W, neighbour, scene } from './helpers.js';

const heuristic = () => gladiatorDuelHeuristic({ game: g, params: {}, spec: 'heuristic', rng: new Rng(1) });

function decide(agent: Agent, s: DuelState): number {
  return agent.act({ game: g, options: s.rules.options, obs: s, player: s.current, legal: g.legalActions(s, s.current) }) as number;
}

/** Plays the current gladiator's whole turn with the heuristic; returns its actions and the state after. */
function playTurn(s: DuelState): { actions: number[]; after: DuelState } {
  const agent = heuristic();
  const actions: number[] = [];
  const mover = s.current;
  while (!g.isTerminal(s) && s.current === mover && actions.length < 20) {
    const a = decide(agent, s);
    actions.push(a);
    if (a === END_TURN) break;
    s = g.apply(s, [a]);
  }
  return { actions, after: s };
}

describe('gladiator-duel heuristic tactics', () => {
  it('is registered for the game', () => {
    expect(HEURISTICS['gladiator-duel']).toBe(gladiatorDuelHeuristic);
  });

  it('steps in behind a foe who shows his back, and strikes there (+3)', () => {
    // Foe at the centre facing E; we are two hexes west of him (behind), with 2 AP.
    const s = scene({ g1: { cell: CENTRE, facing: E }, g0: { cell: CENTRE - 2, facing: E }, ap: 2 });
    expect(playTurn(s).actions.slice(0, 2)).toEqual([STEP_FORWARD, STRIKE]);
  });

  it('after striking, turns to face a foe who is at its back', () => {
    const s = scene({ g0: { facing: W }, g1: { cell: neighbour(scene(), CENTRE, E), facing: W }, ap: 4, struck: true });
    const first = decide(heuristic(), s);
    expect([PIVOT_LEFT, PIVOT_RIGHT]).toContain(first);
    expect(playTurn(s).after.g0.facing).toBe(E);
  });

  it('as a Retiarius, casts the net over a one-hex gap', () => {
    const s = scene({ g0: { type: RETIARIUS }, g1: { cell: CENTRE + 2 }, ap: 3 });
    expect(decide(heuristic(), s)).toBe(CAST_NET);
  });

  it('backs away when badly wounded and losing with the turn cap in reach, still facing the foe', () => {
    // Turn 57 of 60: the foe has 2 turns left, so staying out of reach draws the fight.
    const s = scene({ g0: { strength: 2, startStrength: 12 }, g1: { cell: CENTRE + 3, strength: 10 }, ap: 4, turn: 57 });
    expect(foeTurnsLeft(s)).toBe(2);
    const { after } = playTurn(s);
    expect(s.rules.dist[after.g0.cell * s.rules.size + after.g1.cell]).toBeGreaterThan(3);
  });

  it('fights on when cornered and losing with the turn cap far off: strikes the foe in front', () => {
    // Corner (0,0) facing E, the healthy foe adjacent to the east facing him; turn 5 of 60.
    // Fleeing cannot win (wounds never heal; the foe corners him long before the cap),
    // so he takes the frontal strike rather than backing into the wall.
    const s = scene({ g0: { cell: 0, facing: E, strength: 2, startStrength: 12 }, g1: { cell: 1, facing: W, strength: 10 }, ap: 4, turn: 5 });
    expect(playTurn(s).actions).toContain(STRIKE);
    // In open ground too: he closes in and strikes instead of running.
    const open = scene({ g0: { strength: 2, startStrength: 12 }, g1: { cell: CENTRE + 2, facing: W, strength: 10 }, ap: 4, turn: 5 });
    expect(playTurn(open).actions).toContain(STRIKE);
  });

  it('rejects parameters it does not have', () => {
    expect(() => gladiatorDuelHeuristic({ game: g, params: { depth: '3' }, spec: 'heuristic:depth=3', rng: new Rng(1) })).toThrow(UserError);
  });
});

describe('gladiator-duel heuristic vs random', () => {
  it('wins clearly more than half of 200 paired games over all matchups', () => {
    let share = 0;
    const games = 200;
    for (let i = 0; i < games; i++) {
      const pair = i >> 1;
      const options = parseDuelOptions({ gladiators: [{ type: GLADIATOR_TYPES[pair % 4] }, { type: GLADIATOR_TYPES[(pair >> 2) % 4] }] });
      const heuristicSeat = i & 1; // same seed twice, the heuristic in each seat
      const agents = [0, 1].map((seat) =>
        seat === heuristicSeat ? heuristic() : createRandomAgent({ game: g, params: {}, spec: 'random', rng: new Rng(1000 + i) }),
      );
      let s = g.setup(options, 5000 + pair);
      while (!g.isTerminal(s)) s = g.apply(s, [decide(agents[s.current]!, s)]);
      share += g.returns(s)[heuristicSeat]!;
    }
    const interval = wilson(share, games);
    expect(interval.lo).toBeGreaterThan(0.5);
    expect(interval.p).toBeGreaterThan(0.85);
  });
});
