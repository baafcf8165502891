/**
 * The award step: the decisions the text gives a power's winner once the auction's
 * results are known, made before round 1 (phase 'award', simultaneous).
 *
 * - A Curse's recipient: "If you win this power, an opponent of you gets it" — the
 *   winner chooses which opponent (only asked when two or more could take it).
 * - Expert Training: "When you win this Power, you may halve or double a single number,
 *   in any other Power you won" — which power, which number, halve or double, or none.
 *   Only powers its holder won itself (not a curse another winner gave it), and not
 *   powers whose whole effect happened on winning (Sidekick's hero is already in play,
 *   Pure Energy Being has paid out).
 * - Discards: "Heroes are permitted to discard any Powers they have won but do not wish
 *   to use; this can be relevant for 'environmental' powers ... worth bidding on just so
 *   that you can decide whether they happen or not", and bidders "say if it's a Power
 *   that they will (or might choose to) discard when the auction results are revealed".
 *   A "will discard" is the bid's flag (auction.ts); a "might discard" is decided here,
 *   after the results: any won power but a Flaw ("A Flaw can't be discarded when won").
 *
 * Simultaneous, as the seed's moderator "waits for those players to respond before
 * beginning the first round": each player's choices concern only what it won, and the
 * curses it gives go to others, so no choice reads another's (they all apply together).
 * A player decides only while its own hero is alive (a winner killed by its own bids
 * gives its curses by the default rule).
 *
 * Menu (`awardMenu`, small for search): the default move `{ t: 'award' }` (each curse to
 * the strongest eligible opponent, ties clockwise from the winner; Expert Training on
 * the first number of the strongest other power it can change, doubled if more helps
 * the holder, halved if less helps; no discard); then one change at a time: each other
 * recipient of each curse (+ recipients − 1 per curse), Expert Training on each other
 * number of each power it can change in the direction that helps, or no change (+ numbers),
 * and discarding each environmental power won (+1 each). `apply` accepts any legal choice
 * (halving where doubling helps, discarding any won power but a Flaw).
 */
import { UserError } from '../../core/errors.js';
import { decideWinner, endBeforeRoundOne } from './winner.js';
import { followSidekickPowers } from './round-end.js';
import type { Draft } from '../../core/flow.js';
import { heroWith, hold, type AwardState, type ExpertChoice, type HeldPower, type Hero, type PendingCurse, type RumbleAction, type RumbleState } from './types.js';

type AwardMove = Extract<RumbleAction, { t: 'award' }>;

/** The default move: every choice at its documented default. */
export const DEFAULT_AWARD: AwardMove = Object.freeze({ t: 'award' });

/**
 * After the bids are settled: the award step if any player has a choice (the auction's
 * draft keeps `auction.award`, and the flow goes to phase 'award'), else straight on to
 * round 1 (every curse with one possible recipient was given already).
 */
export function openAward(d: Draft<RumbleState>, auction: NonNullable<RumbleState['auction']>, award: AwardState): void {
  d.auction = { ...auction, award };
  if (awardMovers(d as RumbleState).length === 0) finishAward(d, new Array<AwardMove | undefined>(d.opts.players).fill(undefined));
}

/** The curse's default recipient: the strongest opponent it may go to, ties clockwise from the winner. */
export function defaultRecipient(s: RumbleState, c: PendingCurse): number {
  const P = s.opts.players;
  let best = c.to[0]!;
  for (const p of c.to) {
    const e = s.heroes[p]!.energy;
    const b = s.heroes[best]!.energy;
    if (e > b || (e === b && (p - c.winner + P) % P < (best - c.winner + P) % P)) best = p;
  }
  return best;
}

function award(s: RumbleState): AwardState {
  return s.auction!.award!;
}

/** Indices (into the player's hero's powers) of its Expert Trainings. */
function expertTrainings(s: RumbleState, player: number): number[] {
  const ps = s.heroes[player]!.powers;
  return award(s).won[player]!.filter((k) => s.lib.get(ps[k]!.id).onWin === 'expert-training');
}

/** Powers (indices) whose numbers an Expert Training of `player` may change. */
export function expertCandidates(s: RumbleState, player: number): number[] {
  const ps = s.heroes[player]!.powers;
  return award(s).won[player]!.filter((k) => {
    const d = s.lib.get(ps[k]!.id);
    return d.onWin === undefined && Object.keys(d.params).length > 0;
  });
}

/** Won powers `player` may discard (every one but a Flaw). */
function discardable(s: RumbleState, player: number): number[] {
  const ps = s.heroes[player]!.powers;
  return award(s).won[player]!.filter((k) => !s.lib.get(ps[k]!.id).flaw);
}

function cursesOf(s: RumbleState, player: number): PendingCurse[] {
  return award(s).curses.filter((c) => c.winner === player);
}

/** Players with a choice to make now (their own hero alive), in order. */
export function awardMovers(s: RumbleState): number[] {
  const out: number[] = [];
  for (let p = 0; p < s.opts.players; p++) {
    if (!s.heroes[p]!.alive) continue;
    if (cursesOf(s, p).length > 0 || discardable(s, p).length > 0 || (expertTrainings(s, p).length > 0 && expertCandidates(s, p).length > 0)) out.push(p);
  }
  return out;
}

/** Expert Training's default: the strongest candidate's first number, in the direction that helps. */
export function defaultExpert(s: RumbleState, player: number): ExpertChoice | null {
  const ps = s.heroes[player]!.powers;
  let best = -1;
  for (const k of expertCandidates(s, player)) if (best < 0 || ps[k]!.strength > ps[best]!.strength) best = k;
  if (best < 0) return null;
  const [param, spec] = Object.entries(s.lib.get(ps[best]!.id).params)[0]!;
  return { power: best, param, double: spec.better === 'higher' };
}

/** The award menu of `player` (module comment): the default, then one change at a time. */
export function awardMenu(s: RumbleState, player: number): RumbleAction[] {
  const out: AwardMove[] = [DEFAULT_AWARD];
  const mine = cursesOf(s, player);
  for (let i = 0; i < mine.length; i++) {
    const def = defaultRecipient(s, mine[i]!);
    for (const r of mine[i]!.to) {
      if (r === def) continue;
      const curses = new Array<number>(mine.length).fill(-1);
      curses[i] = r;
      out.push({ t: 'award', curses });
    }
  }
  if (expertTrainings(s, player).length > 0) {
    const ps = s.heroes[player]!.powers;
    const dflt = defaultExpert(s, player);
    for (const k of expertCandidates(s, player)) {
      for (const [param, spec] of Object.entries(s.lib.get(ps[k]!.id).params)) {
        if (dflt && dflt.power === k && dflt.param === param) continue;
        out.push({ t: 'award', expert: [{ power: k, param, double: spec.better === 'higher' }] });
      }
    }
    if (dflt) out.push({ t: 'award', expert: [null] });
  }
  const ps = s.heroes[player]!.powers;
  for (const k of discardable(s, player)) if (s.lib.get(ps[k]!.id).environmental) out.push({ t: 'award', discard: [k] });
  return out;
}

/** The flow's check of one player's award move. */
export function checkAward(s: RumbleState, player: number, m: RumbleAction): asserts m is AwardMove {
  const where = `rumble award of player ${player}`;
  if (m.t !== 'award') throw new UserError(`${where}: field t is ${JSON.stringify(m.t)}; allowed: "award" after the auction`);
  const mine = cursesOf(s, player);
  if (m.curses !== undefined) {
    if (m.curses.length > mine.length) throw new UserError(`${where}: field curses has ${m.curses.length} entries; allowed: at most ${mine.length} (one per curse it won)`);
    m.curses.forEach((r, i) => {
      if (r !== -1 && !mine[i]!.to.includes(r)) throw new UserError(`${where}: field curses.${i} is ${String(r)}; allowed: -1 (default) or one of ${mine[i]!.to.join(', ')} (opponents alive)`);
    });
  }
  const ets = expertTrainings(s, player);
  if (m.expert !== undefined) {
    if (m.expert.length > ets.length) throw new UserError(`${where}: field expert has ${m.expert.length} entries; allowed: at most ${ets.length} (one per Expert Training won)`);
    const cands = expertCandidates(s, player);
    m.expert.forEach((e, i) => {
      if (e === null || e === undefined) return;
      if (!cands.includes(e.power)) throw new UserError(`${where}: field expert.${i}.power is ${String(e.power)}; allowed: one of ${cands.join(', ') || '(none)'} (other powers it won with numbers)`);
      const params = Object.keys(s.lib.get(s.heroes[player]!.powers[e.power]!.id).params);
      if (!params.includes(e.param)) throw new UserError(`${where}: field expert.${i}.param is ${JSON.stringify(e.param)}; allowed: one of ${params.join(', ')}`);
      if (typeof e.double !== 'boolean') throw new UserError(`${where}: field expert.${i}.double is ${JSON.stringify(e.double)}; allowed: true (double) or false (halve)`);
    });
  }
  if (m.discard !== undefined) {
    const ok = discardable(s, player);
    m.discard.forEach((k, i) => {
      if (!ok.includes(k)) throw new UserError(`${where}: field discard.${i} is ${String(k)}; allowed: one of ${ok.join(', ') || '(none)'} (powers it won, not Flaws)`);
    });
  }
}

/** Applies every mover's checked award choices at once onto the flow's draft (round 1 follows). */
export function applyAward(d: Draft<RumbleState>, who: readonly number[], moves: readonly RumbleAction[]): void {
  const byPlayer = new Array<AwardMove | undefined>(d.opts.players).fill(undefined);
  for (let i = 0; i < who.length; i++) byPlayer[who[i]!] = moves[i] as AwardMove;
  finishAward(d, byPlayer);
}

function finishAward(d: Draft<RumbleState>, byPlayer: readonly (AwardMove | undefined)[]): void {
  const s = d as RumbleState;
  const a = award(s);
  const P = s.opts.players;
  const lists: HeldPower[][] = s.heroes.map((h) => h.powers.slice());
  const gifts: HeldPower[][] = lists.map(() => []);
  for (let p = 0; p < P; p++) {
    const m = byPlayer[p];
    const ets = s.heroes[p]!.alive ? expertTrainings(s, p) : [];
    for (let i = 0; i < ets.length; i++) {
      const e = m?.expert?.[i] === undefined ? (i === 0 ? defaultExpert(s, p) : null) : m.expert[i]!;
      if (e) lists[p]![e.power] = changed(s, lists[p]![e.power]!, e, s.lib.get(s.heroes[p]!.powers[ets[i]!]!.id).params['factor']?.value ?? 2);
    }
    const mine = cursesOf(s, p);
    for (let i = 0; i < mine.length; i++) {
      const r = m?.curses?.[i];
      gifts[r === undefined || r === -1 ? defaultRecipient(s, mine[i]!) : r]!.push(hold(mine[i]!.id, mine[i]!.strength));
    }
  }
  // Each Expert Training changes a power once: a second one (only from a list with the
  // same power twice) takes no default. Discards last: indices are the lists before the step.
  const heroes: Hero[] = s.heroes.map((h, p) => {
    const drop = byPlayer[p]?.discard;
    const kept = drop?.length ? lists[p]!.filter((_, k) => !drop.includes(k)) : lists[p]!;
    const powers = gifts[p]!.length ? [...kept, ...gifts[p]!] : kept;
    return powers.length === h.powers.length && powers.every((x, k) => x === h.powers[k]) ? h : heroWith(h, { powers });
  });
  // A discarded Sidekick takes its hero out of play (the hero follows the power).
  followSidekickPowers(heroes, P);
  d.heroes = heroes;
  d.auction = null;
  d.held = heroes.slice(0, P).map((h) => h.powers);
  const over = decideWinner(0, s, null, a.eliminated);
  if (over) endBeforeRoundOne(d, over);
}

/** `held` with one number halved or doubled (whole numbers stay whole). */
function changed(s: RumbleState, held: HeldPower, e: ExpertChoice, factor: number): HeldPower {
  const spec = s.lib.get(held.id).params[e.param]!;
  const v = held.params[e.param] ?? spec.value;
  const raw = e.double ? v * factor : v / factor;
  const nv = Number.isInteger(v) ? Math.round(raw) : raw;
  return { id: held.id, strength: held.strength, params: { ...held.params, [e.param]: nv }, uses: held.uses, acc: held.acc, fired: held.fired };
}
