/**
 * A Rumble heuristic over the game's action menu (src/games/rumble/actions.ts).
 *
 * Auction: a value-based bidder. Each lot's value is the power's estimated worth in
 * Energy (its `prior`, or a study's fair price); the agent takes the menu bid closest
 * to `bid` x value on every lot (default 1: bid what a power is worth), never bidding
 * on a power named by `skip` (restricted play).
 * Allocation: one-ply lookahead. Each menu allocation is played against two guesses of
 * the opponents (everyone defends; everyone hits this hero as hard as their menu allows)
 * and scored by this player's Energy share afterwards (the game's `evaluate`, or the
 * returns if the round ends the game); the best average wins.
 * Reveal: the allocations are known, so each menu choice is scored exactly the same way
 * with the others taking their default. Deterministic: it never draws from its rng.
 */
import type { Agent, AgentFactory, DecisionContext } from '../agent.js';
import { invalid } from '../../src/core/errors.js';
import { rumble, type RumbleAction, type RumbleState } from '../../src/games/rumble/index.js';
import { lotValue } from '../../src/games/rumble/actions.js';
import { controlledHeroes } from '../../src/games/rumble/legality.js';

export class RumbleHeuristic implements Agent<RumbleState, RumbleAction> {
  constructor(
    readonly spec: string,
    private readonly bid: number,
    private readonly skip: ReadonlySet<string>,
  ) {}

  act(ctx: DecisionContext<RumbleState, RumbleAction>): RumbleAction {
    const s = ctx.obs;
    if (ctx.legal.length === 1) return ctx.legal[0]!;
    if (s.phase === 'auction') return this.chooseBid(s, ctx.legal);
    return this.lookahead(s, ctx.player, ctx.legal);
  }

  private chooseBid(s: RumbleState, legal: readonly RumbleAction[]): RumbleAction {
    const lots = s.auction!.lots;
    let best = legal[0]!;
    let bestScore = Infinity;
    for (const a of legal) {
      if (a.t !== 'bid') continue;
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
    const guesses = s.phase === 'alloc' ? [defendAll(s, movers), hitHard(s, movers, player)] : [movers.map((p) => rumble.legalActions(s, p)[0]!)];
    let best = legal[0]!;
    let bestScore = -Infinity;
    for (const a of legal) {
      let score = 0;
      for (const g of guesses) {
        const joint = movers.map((p, i) => (p === player ? a : g[i]!));
        score += value(settle(rumble.apply(s, joint)), player);
      }
      if (score > bestScore) {
        bestScore = score;
        best = a;
      }
    }
    return best;
  }
}

/** Plays default Reveal choices so a lookahead always ends at a round boundary. */
function settle(s: RumbleState): RumbleState {
  if (s.phase !== 'reveal') return s;
  return rumble.apply(s, rumble.toMove(s).map((p) => rumble.legalActions(s, p)[0]!));
}

function value(s: RumbleState, player: number): number {
  return rumble.isTerminal(s) ? rumble.returns(s)[player]! : rumble.evaluate!(s)[player]!;
}

function defendAll(s: RumbleState, movers: readonly number[]): RumbleAction[] {
  return movers.map((p) => rumble.legalActions(s, p)[0]!);
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

export const rumbleHeuristic: AgentFactory = ({ spec, params }) => {
  const where = `agent spec ${JSON.stringify(spec)}`;
  for (const key of Object.keys(params)) if (key !== 'bid' && key !== 'skip') throw invalid(where, 'parameter', key, 'bid, skip');
  const bid = params['bid'] === undefined ? 1 : Number(params['bid']);
  if (!Number.isFinite(bid) || bid < 0 || bid > 3) throw invalid(where, 'bid', params['bid'], 'a number from 0 to 3 (fraction of a power\'s value)');
  const skip = new Set((params['skip'] ?? '').split('+').filter(Boolean));
  return new RumbleHeuristic(spec, bid, skip) as Agent;
};
