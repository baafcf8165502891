/**
 * Restricted play for the search and learned agents: `net:…,bar=a+b` and `mcts:…,bar=a+b`
 * never play the barred cards — what a card study needs to measure the win share a deck
 * loses when its player may not play a card (experiments/ophidian/cards.ts).
 *
 * A game takes `bar` only if it declares restricted play (`Game.bar`, an `ActionBar`: this
 * module names no game); its filter drops the legal actions that play a barred card and keeps
 * all of them when nothing else is left, exactly as the game's own heuristic does with its
 * `bar` option.
 *
 * The barred agent sees a view of the game whose `legalActions` is filtered for its own
 * seat only. The policy picks among the kept actions at the decision itself; a search
 * also plans with them — at its own nodes in the tree and at its own moves in rollouts —
 * so its estimates are of the restricted player's future, while the other seats keep
 * every legal action.
 */
import type { Agent, AgentFactory } from '../src/core/agent.js';
import type { ActionBar, AnyGame } from '../src/core/game.js';
import { UserError } from '../src/core/errors.js';
import { GAMES } from '../src/games/index.js';

type AnyBar = ActionBar<unknown, unknown>;

/** The games that declare restricted play (`Game.bar`), by id. */
function barringGames(): ReadonlyMap<string, AnyBar> {
  return new Map(GAMES.filter((g) => g.bar !== undefined).map((g) => [g.id, g.bar as AnyBar]));
}

/** What the `bar` parameter doc says, per game. */
export const BAR_DOC = `never play these (joined by +); only for ${[...barringGames().keys()].sort().join(', ')}: ${[...barringGames()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([id, f]) => `${id} — ${f.allowed}`)
  .join('; ')}`;

/**
 * Checks `bar` for `game` (or only its syntax against some game's filter when the game is
 * not known yet) and returns the barred set; a one-line UserError otherwise.
 */
export function parseBar(where: string, raw: string, game: AnyGame | undefined): ReadonlySet<string> {
  const bars = barringGames();
  const games = [...bars.keys()].sort();
  if (game) {
    const f = game.bar as AnyBar | undefined;
    if (!f) throw new UserError(`${where}: bar is ${JSON.stringify(raw)} but ${game.id} defines no barring filter; allowed: bar only for ${games.join(', ')}`);
    if (!f.pattern.test(raw)) throw new UserError(`${where}: bar is ${JSON.stringify(raw)}; allowed: ${f.allowed}`);
  } else if (![...bars.values()].some((f) => f.pattern.test(raw))) {
    throw new UserError(`${where}: bar is ${JSON.stringify(raw)}; allowed: ${games.map((id) => `${id}: ${bars.get(id)!.allowed}`).join('; ')}`);
  }
  return new Set(raw.split('+'));
}

/** The view of `game` in which `player`'s legal actions are barred (the others' are not). */
function barredView(game: AnyGame, player: number, filter: AnyBar, barred: ReadonlySet<string>): AnyGame {
  const view = Object.create(game) as AnyGame;
  const legalActions = (state: unknown, p: number): readonly unknown[] => {
    const legal = game.legalActions(state as never, p);
    return p === player ? filter.without(state, legal, barred) : legal;
  };
  Object.defineProperty(view, 'legalActions', { value: legalActions });
  return view;
}

/**
 * Wraps an agent factory so the agent never plays a barred action. The agent gets the
 * filtered legal actions and the barred view of the game (one view per seat, made once,
 * so an agent that keeps state per game object keeps it).
 */
export function barAgent(factory: AgentFactory, where: string, raw: string): AgentFactory {
  return (args) => {
    const barred = parseBar(where, raw, args.game);
    const filter = args.game.bar as AnyBar;
    const inner: Agent = factory(args);
    const views = new Map<number, AnyGame>();
    return {
      spec: inner.spec,
      act: (ctx) => {
        let view = views.get(ctx.player);
        if (view === undefined || Object.getPrototypeOf(view) !== ctx.game) {
          view = barredView(ctx.game, ctx.player, filter, barred);
          views.set(ctx.player, view);
        }
        return inner.act({ ...ctx, game: view, legal: filter.without(ctx.obs, ctx.legal, barred) });
      },
    };
  };
}
