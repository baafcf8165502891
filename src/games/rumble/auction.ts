/**
 * The auction before round 1: sealed simultaneous bids on every lot; the highest bid
 * wins and pays; all-zero lots are discarded; ties rebid among the tied (at most
 * `maxRebids` times, then a seeded draw: a die with one face per tied bidder); Flaws are inverted (lowest bidders win a
 * free copy each, the others pay their bids; Flaws cannot be discarded). A hero whose
 * payments leave it at 0 or below dies before round 1.
 */
import { random, type Random } from '../../core/random.js';
import { UserError } from '../../core/errors.js';
import type { RumbleOptions } from './options.js';
import type { PowerLibrary } from './powers/library.js';
import { decideWinner, endBeforeRoundOne } from './winner.js';
import { defaultRecipient, openAward } from './award.js';
import type { Draft } from '../../core/flow.js';
import { heroWith, hold, type AuctionState, type HeldPower, type Hero, type PendingCurse, type RumbleAction, type RumbleState } from './types.js';

/** The lots for sale: a list, every seed power, or perHero x players drawn at random. */
export function drawLots(opts: RumbleOptions, lib: PowerLibrary, dice: Random): string[] {
  const a = opts.auction;
  if (a.pool === 'list') {
    for (const id of a.list) lib.get(id);
    return a.list.slice();
  }
  const from = a.from.length ? a.from : lib.ids;
  for (const id of from) lib.get(id);
  if (a.pool === 'all') return from.slice();
  return dice.shuffled(from).slice(0, Math.min(from.length, a.perHero * opts.players));
}

export function newAuction(lots: readonly string[]): AuctionState {
  return { lots, bids: [], discard: [], ties: lots.map(() => []), rebids: 0 };
}

/** Players bidding now: everyone at first, then the tied players of unresolved lots. */
export function bidders(s: RumbleState): number[] {
  const a = s.auction!;
  if (a.bids.length === 0) return s.heroes.map((_, i) => i).filter((i) => i < s.opts.players);
  const set = new Set<number>();
  for (const t of a.ties) for (const p of t) set.add(p);
  return [...set].sort((x, y) => x - y);
}

/** The flow's check of one bid (the bid menu lists a few of the legal bids). */
export function checkBid(s: RumbleState, player: number, m: RumbleAction): asserts m is Extract<RumbleAction, { t: 'bid' }> {
  const where = `rumble bid of player ${player}`;
  if (m.t !== 'bid') throw new UserError(`${where}: field t is ${JSON.stringify(m.t)}; allowed: "bid" during the auction`);
  const n = s.auction!.lots.length;
  if (m.bids.length !== n) throw new UserError(`${where}: field bids has ${m.bids.length} entries; allowed: exactly ${n} (one per lot)`);
  m.bids.forEach((b, i) => {
    if (!Number.isInteger(b) || b < 0 || b > s.opts.startEnergy)
      throw new UserError(`${where}: field bids.${i} is ${String(b)}; allowed: an integer from 0 to ${s.opts.startEnergy}`);
  });
}

/**
 * Applies a round of checked (re)bids onto the flow's draft: either asks for rebids (the
 * auction phase stays open) or settles the auction.
 */
export function applyBids(d: Draft<RumbleState>, movers: readonly number[], moves: readonly RumbleAction[]): void {
  const s = d as RumbleState;
  const a = s.auction!;
  const P = s.opts.players;
  const n = a.lots.length;
  const first = a.bids.length === 0;
  const bids = first ? new Array<number>(P * n).fill(0) : a.bids.slice();
  const discard = first ? new Array<boolean>(P * n).fill(false) : a.discard.slice();
  for (let i = 0; i < movers.length; i++) {
    const player = movers[i]!;
    const m = moves[i] as Extract<RumbleAction, { t: 'bid' }>;
    for (let lot = 0; lot < n; lot++) {
      if (!first && !a.ties[lot]!.includes(player)) continue;
      bids[player * n + lot] = m.bids[lot]!;
    }
    if (first && m.discard) for (const lot of m.discard) if (lot >= 0 && lot < n) discard[player * n + lot] = true;
  }
  // (Loops, not closures, in the auction's hot paths: tsx names each closure it creates.)
  const heroes = s.heroes;
  const ties: number[][] = a.lots.map(() => []);
  let anyTie = false;
  for (let lot = 0; lot < n; lot++) {
    if (s.lib.get(a.lots[lot]!).flaw) continue; // tied lowest all win a copy
    let best = 0;
    for (let p = 0; p < P; p++) if (heroes[p]!.alive) best = Math.max(best, bids[p * n + lot]!);
    if (best === 0) continue;
    const tied: number[] = [];
    for (let p = 0; p < P; p++) if (heroes[p]!.alive && bids[p * n + lot] === best) tied.push(p);
    if (tied.length > 1 && a.rebids < s.opts.auction.maxRebids) {
      ties[lot] = tied;
      anyTie = true;
    }
  }
  if (anyTie) {
    d.auction = { lots: a.lots, bids, discard, ties, rebids: a.rebids + 1 };
    return;
  }
  settle(d, bids, discard);
}

/** Payments, powers won, the winner check, then the award step (award.ts) or round 1. */
function settle(d: Draft<RumbleState>, bids: readonly number[], discardFlags: readonly boolean[]): void {
  const s = d as RumbleState;
  const a = s.auction!;
  const P = s.opts.players;
  const n = a.lots.length;
  // The core's dice for this step (core/random.ts): it writes the advanced stream onto `d`.
  const dice = random(d);
  const paid = new Array<number>(P).fill(0);
  const won: HeldPower[][] = [];
  for (let p = 0; p < P; p++) won.push([]);
  const onWin: { player: number; id: string; strength: number }[] = [];
  const heroes0 = s.heroes;
  /** Curses won, to be given to an opponent (below, or by the winner's choice: award.ts). */
  const curses: { id: string; strength: number; winner: number }[] = [];

  for (let lot = 0; lot < n; lot++) {
    const id = a.lots[lot]!;
    const def = s.lib.get(id);
    if (def.flaw) {
      let low = Infinity;
      for (let p = 0; p < P; p++) if (heroes0[p]!.alive) low = Math.min(low, bids[p * n + lot]!);
      for (let p = 0; p < P; p++) {
        if (!heroes0[p]!.alive) continue;
        if (bids[p * n + lot] === low) won[p]!.push(hold(id, low));
        else paid[p]! += bids[p * n + lot]!;
      }
      continue;
    }
    let best = 0;
    for (let p = 0; p < P; p++) if (heroes0[p]!.alive) best = Math.max(best, bids[p * n + lot]!);
    if (best === 0) continue; // everyone bid zero: discarded
    const tied: number[] = [];
    for (let p = 0; p < P; p++) if (heroes0[p]!.alive && bids[p * n + lot] === best) tied.push(p);
    // The seeded draw is a die with a face per tied bidder (so a rule test can script it).
    const winner = tied.length === 1 ? tied[0]! : tied[dice.d(tied.length) - 1]!;
    paid[winner]! += best;
    // A Curse is never the winner's to discard: "If you win this power, an opponent of you
    // gets it" — which opponent is the winner's choice, made once payments are known.
    if (def.curse) {
      curses.push({ id, strength: best, winner });
      continue;
    }
    if (discardFlags[winner * n + lot]) continue;
    if (def.onWin) onWin.push({ player: winner, id, strength: best });
    else won[winner]!.push(hold(id, best));
  }

  const energy = s.heroes.map((h) => h.energy);
  for (let p = 0; p < P; p++) energy[p]! -= paid[p]!;
  const extraHeroes: Hero[] = [];
  let totalBid = 0;
  for (const b of bids) totalBid += b;
  for (const w of onWin) {
    const def = s.lib.get(w.id);
    switch (def.onWin) {
      case 'pure-energy':
        energy[w.player]! += Math.floor(totalBid * (def.params['fraction']?.value ?? 0.5));
        won[w.player]!.push(hold(w.id, w.strength));
        break;
      case 'alternate-universe': {
        const pool = (s.opts.auction.from.length ? s.opts.auction.from : s.lib.ids).filter((id) => !a.lots.includes(id) && !s.lib.get(id).onWin);
        if (pool.length) won[w.player]!.push(hold(pool[dice.int(pool.length)]!, w.strength));
        break;
      }
      case 'sidekick':
        // The power remembers its hero (acc = the Sidekick hero's index + 1): the hero follows the power.
        won[w.player]!.push({ ...hold(w.id, w.strength), acc: s.heroes.length + extraHeroes.length + 1 });
        extraHeroes.push(newHero(def.params['energy']?.value ?? 50, w.player, []));
        break;
      default:
        won[w.player]!.push(hold(w.id, w.strength));
    }
  }
  // Expert Training's change is its holder's choice in the award step (award.ts).
  // Powers each player won itself (Expert Training's and a discard's candidates), before
  // any curse arrives: "a Power you won" is not a curse another winner gave you.
  const mine: number[][] = [];
  for (let p = 0; p < P; p++) {
    const start = s.heroes[p]!.powers.length;
    mine.push(won[p]!.map((_, i) => start + i));
  }
  const pending: PendingCurse[] = [];
  for (const c of curses) {
    const to: number[] = [];
    for (let p = 0; p < P; p++) if (p !== c.winner && heroes0[p]!.alive && energy[p]! > 0) to.push(p);
    // No living opponent: the winner keeps it (nobody else can take it).
    if (to.length === 0) won[c.winner]!.push(hold(c.id, c.strength));
    else if (to.length === 1) won[to[0]!]!.push(hold(c.id, c.strength));
    else pending.push({ id: c.id, strength: c.strength, winner: c.winner, to });
  }
  const heroes: Hero[] = s.heroes.map((h, p) =>
    heroWith(h, {
      energy: energy[p]!,
      alive: h.alive && energy[p]! > 0,
      powers: [...h.powers, ...won[p]!],
    }),
  );
  const eliminated = heroes.map((h, p) => s.heroes[p]!.alive && !h.alive);
  const all = [...heroes, ...extraHeroes];
  const H = all.length;
  d.heroes = all;
  d.auction = null;
  d.bidLog = bids;
  d.lotLog = a.lots;
  d.paid = paid;
  d.held = won;
  d.lastAttacks = new Array<number>(H * H).fill(0);
  const over = decideWinner(0, s, null, eliminated);
  if (over) {
    // Nobody plays on: the curses go where their winners' defaults send them (for the record).
    for (const c of pending) won[defaultRecipient(s, c)]!.push(hold(c.id, c.strength));
    endBeforeRoundOne(d, over);
    return;
  }
  openAward(d, a, { curses: pending, won: mine, eliminated });
}


export function newHero(energy: number, controller: number, powers: readonly HeldPower[]): Hero {
  return {
    energy,
    alive: true,
    controller,
    powers,
    lastAttack: 0,
    defensePenalty: 0,
    attackBanned: false,
    bleed: NO_NUMBERS,
    forced: NO_NUMBERS,
    doomRound: 0,
  };
}

/** The empty bleed and forced lists of a new hero (states never change a list in place). */
const NO_NUMBERS: readonly number[] = Object.freeze([]);
