/**
 * The action abstraction and the agents: every menu action is legal, the game plays to
 * the end under every agent kind, and the heuristic and MCTS beat random players.
 */
import { describe, expect, it } from 'vitest';
import { rumble, rumbleOptions, type RumbleState } from '../../../src/games/rumble/index.js';
import { Rng } from '../../../src/core/rng.js';
import { playGame } from '../../../src/sim/runner.js';
import { wilson } from '../../../src/analysis/stats/wilson.js';
import { createAgent } from '../../../agents/index.js';
import { UserError } from '../../../src/core/errors.js';

/** Mean share of slot 0 over `games` seeded games with seat rotation. */
function slot0Share(agents: string[], games: number, options: Record<string, unknown> = {}) {
  let sum = 0;
  for (let i = 0; i < games; i++) {
    const r = playGame({ gameId: 'rumble', options, agents, games, seed: 'rumble-agents' }, i);
    expect(r.error).toBeUndefined();
    r.slots.forEach((slot, seat) => {
      if (slot === 0) sum += r.returns[seat]!;
    });
  }
  return wilson(sum, games);
}

describe('rumble action menu and agents', () => {
  it('every menu action is accepted by apply, in every phase, across whole games with all powers', () => {
    const rng = new Rng(9);
    for (let g = 0; g < 15; g++) {
      let s: RumbleState = rumble.setup(rumbleOptions({ players: 2 + (g % 4), auction: { pool: 'all' } }), g);
      while (!rumble.isTerminal(s)) {
        const movers = rumble.toMove(s);
        const menus = movers.map((p) => rumble.legalActions(s, p));
        for (const m of menus) expect(m.length).toBeGreaterThan(0);
        // Every alternative of one mover is legal (apply validates the joint move).
        menus[0]!.forEach((a) => rumble.apply(s, movers.map((_, i) => (i === 0 ? a : menus[i]![0]!))));
        s = rumble.apply(s, menus.map((m) => m[rng.int(m.length)]!));
      }
      expect(rumble.returns(s).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    }
  });

  it('the heuristic bids near value and respects skip', () => {
    const s = rumble.setup(rumbleOptions({ players: 2, auction: { pool: 'list', list: ['tough-skin', 'flight'] } }), 1);
    const game = rumble as never;
    const bid = (spec: string, player: number) =>
      createAgent(spec, game, new Rng(1)).act({ game, options: s.opts, obs: s, player, legal: rumble.legalActions(s, player) }) as { bids: number[] };
    expect(bid('heuristic', 0).bids).toEqual([25, 15]);
    expect(bid('heuristic:skip=tough-skin', 0).bids[0]).toBe(0);
    expect(() => createAgent('heuristic:bid=9', game, new Rng(1))).toThrow(UserError);
  });

  it('heuristic beats random in 4-hero games (seeded)', () => {
    const share = slot0Share(['heuristic', 'random', 'random', 'random'], 40);
    expect(share.lo).toBeGreaterThan(0.25);
  });

  it('MCTS (regret matching, short random rollouts) beats random in 4-hero games (seeded)', () => {
    const share = slot0Share(['mcts:iterations=100,rollout=random,depth=4', 'random', 'random', 'random'], 16);
    expect(share.lo).toBeGreaterThan(0.25);
  });
});
