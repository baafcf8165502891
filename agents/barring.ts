/**
 * Restricted play for the search and learned agents: `net:…,bar=a+b` and `mcts:…,bar=a+b`
 * never play the barred cards — what a card study needs to measure the win share a deck
 * loses when its player may not play a card (experiments/ophidian-cards.ts).
 *
 * A game takes `bar` only if it defines a barring filter (one line per game in BAR_FILTERS);
 * the filter drops the legal actions that play a barred card and keeps all of them when
 * nothing else is left, exactly as the game's own heuristic does with its `bar` option.
 *
 * The barred agent sees a view of the game whose `legalActions` is filtered for its own
 * seat only. The policy picks among the kept actions at the decision itself; a search
 * also plans with them — at its own nodes in the tree and at its own moves in rollouts —
 * so its estimates are of the restricted player's future, while the other seats keep
 * every legal action.
 */
import type { Agent, AgentFactory } from '../src/core/agent.js';
import type { AnyGame } from '../src/core/game.js';
import { UserError } from '../src/core/errors.js';
import { BAR_LIST, withoutBarred } from '../src/games/ophidian/heuristic.js';
import type { OphidianState } from '../src/games/ophidian/state.js';

export interface BarFilter {
  /** What a `bar` value names, for error messages (e.g. "Strategy card ids … joined by +"). */
  readonly allowed: string;
  /** The syntax of a `bar` value. */
  readonly pattern: RegExp;
  /** `legal` (of `player` in `state`, a full state or that player's observation) without the barred actions; all of them when nothing else is left. */
  readonly filter: (state: unknown, legal: readonly unknown[], barred: ReadonlySet<string>) => readonly unknown[];
}

/** One line per game that can bar actions. */
export const BAR_FILTERS: Readonly<Record<string, BarFilter>> = {
  ophidian: {
    allowed: 'Strategy card ids (lowercase, digits, dashes) joined by +, never played from hand, as a Response or as a cost modifier',
    pattern: BAR_LIST,
    filter: (state, legal, barred) => withoutBarred(state as OphidianState, legal as readonly string[], barred),
  },
};

/** What the `bar` parameter doc says, per game. */
export const BAR_DOC = `never play these (joined by +); only for ${Object.keys(BAR_FILTERS).sort().join(', ')}: ${Object.entries(BAR_FILTERS)
  .map(([id, f]) => `${id} — ${f.allowed}`)
  .join('; ')}`;

/**
 * Checks `bar` for `game` (or only its syntax against some game's filter when the game is
 * not known yet) and returns the barred set; a one-line UserError otherwise.
 */
export function parseBar(where: string, raw: string, game: AnyGame | undefined): ReadonlySet<string> {
  const games = Object.keys(BAR_FILTERS).sort();
  if (game) {
    const f = BAR_FILTERS[game.id];
    if (!f) throw new UserError(`${where}: bar is ${JSON.stringify(raw)} but ${game.id} defines no barring filter; allowed: bar only for ${games.join(', ')}`);
    if (!f.pattern.test(raw)) throw new UserError(`${where}: bar is ${JSON.stringify(raw)}; allowed: ${f.allowed}`);
  } else if (!Object.values(BAR_FILTERS).some((f) => f.pattern.test(raw))) {
    throw new UserError(`${where}: bar is ${JSON.stringify(raw)}; allowed: ${games.map((id) => `${id}: ${BAR_FILTERS[id]!.allowed}`).join('; ')}`);
  }
  return new Set(raw.split('+'));
}

/** The view of `game` in which `player`'s legal actions are barred (the others' are not). */
function barredView(game: AnyGame, player: number, filter: BarFilter, barred: ReadonlySet<string>): AnyGame {
  const view = Object.create(game) as AnyGame;
  const legalActions = (state: unknown, p: number): readonly unknown[] => {
    const legal = game.legalActions(state as never, p);
    return p === player ? filter.filter(state, legal, barred) : legal;
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
    const filter = BAR_FILTERS[args.game.id]!;
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
        return inner.act({ ...ctx, game: view, legal: filter.filter(ctx.obs, ctx.legal, barred) });
      },
    };
  };
}
