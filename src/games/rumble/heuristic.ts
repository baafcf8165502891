/**
 * A Rumble heuristic over the game's action menu (src/games/rumble/allocation-menu.ts, reveal-menu.ts, bid-menu.ts).
 *
 * Auction: a value-based bidder. Each lot's value is the power's worth in Energy:
 * given by the caller (`values`: a map power id -> Energy, e.g. a study's fair prices
 * measured from play; a power missing from the map is worth 0, so no hand-set prior
 * leaks into a study that passes values), else the power's hand-set `prior`. With
 * `values` the agent bids `bid` x value on every lot exactly (capped so its bids total at
 * most 60% of its Energy): a concrete legal bid that `apply` accepts, not a menu entry, so
 * a power the priors value at 0 is still winnable. Without `values` it takes the menu bid
 * closest to `bid` x prior. It never bids on a power named by `skip` (restricted play).
 * Allocation: one-ply lookahead, a best response to a mixed field. Each menu allocation
 * is played against `samples` guesses of the opponents: one where everyone hits this
 * hero as hard as their menu allows, the rest drawn uniformly from their menus (with the
 * agent's own seeded rng, the same guesses for every candidate), and scored by this
 * player's estimated win chance afterwards (the game's `evaluate`, or the returns if the round
 * ends the game); the best average wins. (Guessing "everyone defends" instead makes
 * every attack worthless and tables of heuristics stall to the round cap.)
 * `play=random` keeps the bidder but plays the menu uniformly (a noisy field in which
 * games end; tables of lookahead players mostly defend and stall to the round cap).
 * `play=attack` keeps the bidder and the lookahead elsewhere but always takes the
 * Allocation with the most Attack (the menu's all-in): the deviating player that asks
 * whether a table's stall can be exploited (issue #27).
 * Reveal: the allocations are known, so each menu choice is scored the same way with
 * the others taking their default. Award (after the auction: curse recipients, Expert
 * Training, discards): each menu choice with the others at their defaults, scored after
 * one round in which everyone defends (a curse or Psuedonite shows in play, not in the
 * powers held); ties keep the default.
 */
import type { Agent, AgentFactory, DecisionContext } from '../../core/agent.js';
import { invalid } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';
import { rumble } from './game.js';
import type { RumbleAction, RumbleState } from './types.js';
import { lotValue } from './bid-menu.js';
import { DEFAULT_AWARD } from './award.js';
import { controlledHeroes } from './legality.js';

export class RumbleHeuristic implements Agent<RumbleState, RumbleAction> {
  constructor(
    readonly spec: string,
    private readonly rng: Rng,
    private readonly bid: number,
    private readonly skip: ReadonlySet<string>,
    private readonly samples: number,
    private readonly playRandom: boolean,
    private readonly values?: Readonly<Record<string, number>>,
    private readonly playAttack = false,
  ) {}

  act(ctx: DecisionContext<RumbleState, RumbleAction>): RumbleAction {
    const s = ctx.obs;
    if (ctx.legal.length === 1) return ctx.legal[0]!;
    if (s.phase === 'auction') return this.chooseBid(s, ctx.player, ctx.legal);
    if (this.playRandom) return ctx.legal[this.rng.int(ctx.legal.length)]!;
    if (this.playAttack && s.phase === 'alloc') return mostAttack(ctx.legal);
    return this.lookahead(s, ctx.player, ctx.legal);
  }

  /**
   * With values: `bid` x value on every lot, exactly. Without: the menu bid closest to
   * `bid` x each power's hand-set prior (the game's menu holds value-shaped entries).
   */
  private chooseBid(s: RumbleState, player: number, legal: readonly RumbleAction[]): RumbleAction {
    const lots = s.auction!.lots;
    if (this.values) return valueBids(s, player, this.values, this.bid, this.skip);
    let best = legal[0]!;
    let bestScore = Infinity;
    for (const a of legal) {
      if (a.t !== 'bid' || a.discard?.length) continue;
      let d = 0;
      lots.forEach((id, i) => {
        const want = this.skip.has(id) ? 0 : this.bid * lotValue(s, id);
        d += Math.abs(a.bids[i]! - want) + (this.skip.has(id) && a.bids[i]! > 0 ? 1e6 : 0);
      });
      if (d < bestScore) {
        bestScore = d;
        best = a;
      }
    }
    return best;
  }

  private lookahead(s: RumbleState, player: number, legal: readonly RumbleAction[]): RumbleAction {
    const movers = rumble.toMove(s);
    const guesses =
      s.phase === 'alloc' ? [hitHard(s, movers, player), ...this.randomGuesses(s, movers)] : s.phase === 'award' ? [movers.map(() => DEFAULT_AWARD)] : [movers.map((p) => defaultReveal(s, p))];
    let best = legal[0]!;
    let bestScore = -Infinity;
    for (const a of legal) {
      let score = 0;
      for (const g of guesses) {
        const joint = movers.map((p, i) => (p === player ? a : g[i]!));
        const next = settle(rumble.apply(s, joint));
        // An award choice (a curse's recipient, Expert Training, keeping Psuedonite) shows
        // in play, not in the powers held: score it after a first round of defending.
        score += value(s.phase === 'award' ? settle(defendRound(next)) : next, player);
      }
      if (score > bestScore) {
        bestScore = score;
        best = a;
      }
    }
    return best;
  }

  private randomGuesses(s: RumbleState, movers: readonly number[]): RumbleAction[][] {
    const menus = movers.map((p) => rumble.legalActions(s, p));
    const out: RumbleAction[][] = [];
    for (let k = 1; k < this.samples; k++) out.push(menus.map((m) => m[this.rng.int(m.length)]!));
    return out;
  }
}

/**
 * Bids `bid` x value on every lot (0 on skipped lots), rounded, scaled down so the total
 * stays within 60% of the bidder's Energy, each bid at most the starting Energy. In a
 * rebid only the tied lots count; the others' numbers are ignored by the game.
 */
export function valueBids(
  s: RumbleState,
  player: number,
  values: Readonly<Record<string, number>>,
  bid = 1,
  skip: ReadonlySet<string> = new Set(),
): RumbleAction {
  const lots = s.auction!.lots;
  const raw = lots.map((id) => (skip.has(id) ? 0 : Math.max(0, Math.round(bid * (values[id] ?? 0) * (s.opts.startEnergy / 100)))));
  const total = raw.reduce((x, y) => x + y, 0);
  const cap = Math.floor(0.6 * s.heroes[player]!.energy);
  const scale = total > cap ? cap / total : 1;
  return { t: 'bid', bids: raw.map((b) => Math.min(s.opts.startEnergy, Math.floor(b * scale))) };
}

/** One round in which every player takes its first menu Allocation (defend, no powers). */
function defendRound(s: RumbleState): RumbleState {
  if (s.phase !== 'alloc') return s;
  return rumble.apply(s, rumble.toMove(s).map((p) => rumble.legalActions(s, p)[0]!));
}

/** Plays default Reveal choices so a lookahead always ends at a round boundary. */
function settle(s: RumbleState): RumbleState {
  if (s.phase !== 'reveal') return s;
  return rumble.apply(s, rumble.toMove(s).map((p) => defaultReveal(s, p)));
}

/**
 * The Reveal menu's first move (every hero of `p` takes the defaults: reserve to Defense,
 * default blocking, no picks), without building the menu: lookahead settles many Reveals.
 */
function defaultReveal(s: RumbleState, p: number): RumbleAction {
  return { t: 'reveal', heroes: controlledHeroes(s, p).map(() => ({})) };
}

function value(s: RumbleState, player: number): number {
  return rumble.isTerminal(s) ? rumble.returns(s)[player]! : rumble.evaluate!(s)[player]!;
}

/** The Allocation with the most Attack in all (the first of equals). */
function mostAttack(legal: readonly RumbleAction[]): RumbleAction {
  let best = legal[0]!;
  let most = -1;
  for (const a of legal) {
    if (a.t !== 'alloc') continue;
    let atk = 0;
    for (const h of a.heroes) for (const x of h.attack) atk += x ?? 0;
    if (atk > most) {
      most = atk;
      best = a;
    }
  }
  return best;
}

/** Each opponent's menu allocation that puts the most Attack on `player`'s heroes. */
function hitHard(s: RumbleState, movers: readonly number[], player: number): RumbleAction[] {
  const mine = controlledHeroes(s, player);
  return movers.map((p) => {
    const menu = rumble.legalActions(s, p);
    if (p === player) return menu[0]!;
    let best = menu[0]!;
    let most = -1;
    for (const a of menu) {
      if (a.t !== 'alloc') continue;
      let atk = 0;
      for (const h of a.heroes) for (const m of mine) atk += h.attack[m] ?? 0;
      if (atk > most) {
        most = atk;
        best = a;
      }
    }
    return best;
  });
}

/** The heuristic's settings, for programmatic use (studies): see the file comment. */
export interface RumbleHeuristicOptions {
  /** Energy value per power id (at 100 starting Energy; scaled with `startEnergy`). Missing ids are worth 0. */
  readonly values?: Readonly<Record<string, number>>;
  /** Fraction of a power's value bid (0..3, default 1). */
  readonly bid?: number;
  /** Power ids never bid on. */
  readonly skip?: readonly string[];
  /** Opponent guesses per lookahead (1..64, default 4). */
  readonly samples?: number;
  /** 'lookahead' (default), 'random' (menu-uniform play after the auction) or 'attack' (the most Attack at Allocation). */
  readonly play?: 'lookahead' | 'random' | 'attack';
}

/** A Rumble heuristic built from options (the spec form is `heuristic:values=id/20+id/5,...`). */
export function createRumbleHeuristic(options: RumbleHeuristicOptions, rng: Rng, spec = 'heuristic'): RumbleHeuristic {
  const where = `rumble heuristic ${JSON.stringify(spec)}`;
  const bid = options.bid ?? 1;
  if (!Number.isFinite(bid) || bid < 0 || bid > 3) throw invalid(where, 'bid', bid, "a number from 0 to 3 (fraction of a power's value)");
  const samples = options.samples ?? 4;
  if (!Number.isInteger(samples) || samples < 1 || samples > 64) throw invalid(where, 'samples', samples, 'an integer from 1 to 64');
  if (options.values)
    for (const [id, v] of Object.entries(options.values))
      if (!Number.isFinite(v) || v < 0 || v > 10_000) throw invalid(where, `values.${id}`, v, 'a number of Energy from 0 to 10000');
  return new RumbleHeuristic(spec, rng, bid, new Set(options.skip ?? []), samples, options.play === 'random', options.values, options.play === 'attack');
}

/** Parses `id/value+id/value` (a spec cannot hold ':' or ',' inside a value). */
export function parseValues(where: string, text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text.split('+').filter(Boolean)) {
    const slash = part.lastIndexOf('/');
    const id = part.slice(0, slash);
    const v = Number(part.slice(slash + 1));
    if (slash <= 0 || !/^[a-z0-9][a-z0-9-]*$/.test(id) || part.slice(slash + 1) === '' || !Number.isFinite(v) || v < 0)
      throw invalid(where, 'values', part, 'power-id/Energy pairs joined by +, e.g. lazer-eyes/20+tough-skin/12.5');
    out[id] = v;
  }
  return out;
}

export const rumbleHeuristic: AgentFactory = ({ spec, params, rng }) => {
  const where = `agent spec ${JSON.stringify(spec)}`;
  for (const key of Object.keys(params)) if (!['bid', 'skip', 'samples', 'play', 'values'].includes(key)) throw invalid(where, 'parameter', key, 'bid, skip, samples, play, values');
  const play = params['play'] ?? 'lookahead';
  if (play !== 'lookahead' && play !== 'random' && play !== 'attack') throw invalid(where, 'play', play, 'lookahead, random, attack');
  const samples = params['samples'] === undefined ? 4 : Number(params['samples']);
  if (!Number.isInteger(samples) || samples < 1 || samples > 64) throw invalid(where, 'samples', params['samples'], 'an integer from 1 to 64');
  const bid = params['bid'] === undefined ? 1 : Number(params['bid']);
  if (!Number.isFinite(bid) || bid < 0 || bid > 3) throw invalid(where, 'bid', params['bid'], 'a number from 0 to 3 (fraction of a power\'s value)');
  const skip = new Set((params['skip'] ?? '').split('+').filter(Boolean));
  const values = params['values'] === undefined ? undefined : parseValues(where, params['values']);
  return new RumbleHeuristic(spec, rng, bid, skip, samples, play === 'random', values, play === 'attack') as Agent;
};
