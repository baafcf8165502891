/**
 * The search's reuse of a mover's statistics rows when a game hands back the very same
 * legal list (agents/mcts/node.ts LegalRows; Rumble keeps each seat's Allocation menu, so
 * every determinization of a search gets the same array back) must not change what the
 * search learns: the same search on the same game, once with the game's own lists and once
 * with a fresh copy of every list (so no row is ever reused), gives the same statistics.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agents/index.js';
import type { MctsAgent } from '../../agents/mcts/search.js';
import type { AnyGame } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { rumble, rumbleOptions, type RumbleState } from '../../src/games/rumble/index.js';

/** Rumble with every legal list copied: the same actions, never the same array. */
const copying = { ...rumble, legalActions: (s: RumbleState, p: number) => rumble.legalActions(s, p).slice() } as unknown as AnyGame;

function analysis(game: AnyGame, spec: string) {
  const options = rumbleOptions({ players: 4, fixed: [0, 1, 2, 3].map((h) => ({ energy: 100, powers: h % 2 ? [{ id: 'laser-eyes', strength: 10 }] : [] })) });
  const s = rumble.setup(options, 3);
  const player = 1;
  const agent = createAgent(spec, game, new Rng(9)) as MctsAgent;
  const ctx = { game, options, obs: game.observe(s, player), player, legal: game.legalActions(s, player) };
  const root = agent.search(ctx);
  const rows = [...root.simStats![player]!.values()].map((st) => [st.key, st.visits, st.avail, st.sum, st.regret, st.strategy]);
  return { rows, sums: [...root.sums] };
}

describe('MCTS rows reused for an unchanged legal list', () => {
  for (const sm of ['rm', 'duct', 'puct']) {
    it(`the same statistics whether the game returns the same list or a copy (sm=${sm})`, () => {
      const spec = `mcts:iterations=300,rollout=evaluate,plies=1,backup=paranoid,sm=${sm}`;
      const reused = analysis(rumble as unknown as AnyGame, spec);
      expect(reused.rows.length).toBeGreaterThan(1);
      expect(analysis(copying, spec)).toEqual(reused);
    });
  }
  it('and with a deeper tree, where lists change from node to node', () => {
    const spec = 'mcts:iterations=200,rollout=evaluate,depth=4';
    expect(analysis(copying, spec)).toEqual(analysis(rumble as unknown as AnyGame, spec));
  });
});
