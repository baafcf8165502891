/**
 * Golden playthroughs (OpenSpiel's playthroughs): a few seeded games of each game and
 * main variant written out as text — every state's description, the players to move,
 * their legal moves (by action key) and the move each took — so that any change in a
 * game's behaviour shows as a readable diff of a checked-in file (test/golden/*.txt),
 * to be accepted on purpose (README.md beside this file).
 */
import type { AnyGame } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { applyListening, recordTags, listenerNames, listenersFor } from '../../src/core/listeners.js';
import { getGame } from '../../src/games/index.js';
import { createAgent } from '../../agents/index.js';

export interface GoldenGame {
  /** The seed of `setup` and of the agents. */
  readonly seed: number;
  /** Agent spec per seat (e.g. `random`, `heuristic`); the last one fills the rest. */
  readonly agents: readonly string[];
}

export interface GoldenCase {
  /** File name under test/golden/, without `.txt`. */
  readonly name: string;
  readonly game: string;
  /** Raw options (parsed with the game's schema). */
  readonly options: object;
  readonly games: readonly GoldenGame[];
  /** Longest game written (a golden file stays tens of KB): longer games stop there, saying so. */
  readonly maxSteps: number;
}

/** Every golden file: each game's main variants, a random and a heuristic game each. */
export const GOLDEN_CASES: readonly GoldenCase[] = [
  { name: 'gladiator-duel', game: 'gladiator-duel', options: {}, games: [{ seed: 1, agents: ['random'] }, { seed: 2, agents: ['heuristic'] }], maxSteps: 120 },
  { name: 'dark-hero', game: 'dark-hero', options: {}, games: [{ seed: 1, agents: ['random'] }, { seed: 2, agents: ['heuristic'] }], maxSteps: 120 },
  { name: 'rumble-2', game: 'rumble', options: { players: 2 }, games: [{ seed: 1, agents: ['random'] }, { seed: 2, agents: ['heuristic'] }], maxSteps: 60 },
  { name: 'rumble-4', game: 'rumble', options: { players: 4 }, games: [{ seed: 1, agents: ['random'] }, { seed: 2, agents: ['heuristic'] }], maxSteps: 40 },
  {
    name: 'superhero-gladiators',
    game: 'superhero-gladiators',
    options: { teams: [['Webspinner'], ['Amazon']], turnCap: 4 },
    games: [{ seed: 1, agents: ['random'] }, { seed: 2, agents: ['heuristic'] }],
    maxSteps: 120,
  },
  { name: 'ophidian', game: 'ophidian', options: {}, games: [{ seed: 1, agents: ['random'] }, { seed: 2, agents: ['heuristic'] }], maxSteps: 120 },
];

/** Legal moves of one decision, as keys on one line (long menus shortened, with their count). */
function menu(game: AnyGame, legal: readonly unknown[]): string {
  const keys = legal.map((a) => String(game.actionKey(a)));
  const shown = keys.length > 40 ? [...keys.slice(0, 40), `… (+${keys.length - 40} more)`] : keys;
  return `${legal.length}: ${shown.join(' ')}`;
}

/** One game written out: every decision, then the end (returns and tags). */
function playOne(game: AnyGame, options: object, g: GoldenGame, maxSteps: number, out: string[]): void {
  const players = game.numPlayers(options);
  const specs = Array.from({ length: players }, (_, p) => g.agents[Math.min(p, g.agents.length - 1)]!);
  const agents = specs.map((spec, p) => createAgent(spec, game, new Rng(g.seed * 1000 + p)));
  out.push(`=== game seed ${g.seed}, agents ${specs.join(', ')}`);
  let s = game.setup(options, g.seed);
  // The game's listeners (its own and every named one a study may attach): the tags below are a record's.
  const listener = listenersFor(game, listenerNames(game));
  let step = 0;
  for (; !game.isTerminal(s) && step < maxSteps; step++) {
    const movers = game.toMove(s);
    out.push(`--- step ${step}`);
    out.push(indent(game.describeState(s)));
    const joint = movers.map((p: number) => {
      const legal = game.legalActions(s, p);
      out.push(`to move: player ${p}; legal ${menu(game, legal)}`);
      return agents[p]!.act({ game, options, obs: game.observe(s, p), player: p, legal });
    });
    movers.forEach((p: number, i: number) => out.push(`move: player ${p}: ${String(game.actionKey(joint[i]))} — ${game.describeAction(s, p, joint[i])}`));
    s = applyListening(game, s, joint, listener);
  }
  out.push(`--- end after ${step} steps${game.isTerminal(s) ? '' : ` (the golden file stops at ${maxSteps} steps; the game goes on)`}`);
  out.push(indent(game.describeState(s)));
  if (game.isTerminal(s)) {
    out.push(`returns: ${game.returns(s).join(', ')}`);
    out.push(`tags: ${JSON.stringify(recordTags(game, s, listener))}`);
  }
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`.trimEnd())
    .join('\n');
}

/** The text of one golden file; `game`: another implementation of the case's game to play it with (a port). */
export function playthrough(c: GoldenCase, game: AnyGame = getGame(c.game)): string {
  const options = game.optionsSchema.parse(c.options) as object;
  const out: string[] = [`# golden playthrough: ${c.game} ${JSON.stringify(c.options)}`, '# regenerate: npm run golden -- --update (test/golden/README.md)'];
  for (const g of c.games) playOne(game, options, g, c.maxSteps, out);
  return out.join('\n') + '\n';
}
