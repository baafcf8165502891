/**
 * Reading an Ophidian state: card stats with their continuous modifiers (8.0), who controls
 * what, Raging, the crowd favourite, and the read-only world card conditions evaluate on.
 * Nothing here writes; the draft's writes are in effects.ts.
 */
import { zoneSize } from '../../core/zones.js';
import type { Ability, CardEnv, GladiatorCard, OphidianWorld, StrategyCard } from './cards/types.js';
import * as st from './state.js';
import type { OphidianState, Table } from './state.js';

// Module-local copies: read through a namespace getter on every access otherwise (hot paths).
const { HAND, PYRE, zoneOf } = st;
const LOC = { ...st.LOC };

/** Actions and window answers are short strings (readable in logs and tree keys); see rules.ts. */
export type OphAction = string;

export const RULES = { handSize: 7, bonus: 2, baseCp: 10, waves: 4, vpWin: 12, riot: 15, maxWaves: 8 } as const;


export const glad = (s: OphidianState, c: number) => s.t.card[c] as GladiatorCard;
export const strat = (s: OphidianState, c: number) => s.t.card[c] as StrategyCard;
export const isG = (s: OphidianState, c: number) => s.t.card[c]!.kind === 'gladiator';
export const inPlay = (s: OphidianState, c: number) => s.loc[c]! !== LOC.out;
export const isChar = (s: OphidianState, c: number) => (s.loc[c] === LOC.support || s.loc[c] === LOC.action) && (isG(s, c) || strat(s, c).type === 'minion');
export const controller = (s: OphidianState, c: number) => s.t.owner[c]!;
/** A character card (a Gladiator or a Minion), in play or not. */
export const characterCard = (s: OphidianState, c: number) => isG(s, c) || strat(s, c).type === 'minion';
/**
 * Does a trigger's `of` reach an event's subject beyond what `matches` checks? `destroyed` names a
 * character Destroyed (the glossary: "a character is Destroyed"; Media Hype: "After an enemy
 * character is Destroyed"): another card an effect Destroys (Let Freedom Ring's Pump, 5.0) is
 * answered only as `self` or `host`.
 */
export const destroyedSubjectOk = (s: OphidianState, event: string, of: string, subject: number) =>
  event !== 'destroyed' || of === 'self' || of === 'host' || subject < 0 || characterCard(s, subject);

/** Abilities of an instance in play (a Gladiator's current Level, or a Strategy card's). */
export function abilitiesOf(s: OphidianState, c: number): readonly Ability[] {
  return isG(s, c) ? glad(s, c).levels[s.lvl[c]!]!.abilities : strat(s, c).abilities;
}

/** One continuous `modify` of the table: its instance, the Gladiator Level index it belongs to (-1: a Strategy card's), and the modifier. */
interface ModEntry {
  readonly inst: number;
  readonly level: number;
  readonly mod: Ability['modifiers'][number];
}
/** Per table and stat, every continuous modifier that could apply, in instance then ability order (computed once; read for every cost, ADMG, Rage and Life). */
const modsByStat = st.perTable((t: Table): ReadonlyMap<string, readonly ModEntry[]> => {
  const byStat = new Map<string, ModEntry[]>();
  const add = (inst: number, level: number, abs: readonly Ability[]) => {
    for (const ab of abs) for (const mod of ab.modifiers) (byStat.get(mod.stat) ?? byStat.set(mod.stat, []).get(mod.stat)!).push({ inst, level, mod });
  };
  for (const i of t.modders) {
    const card = t.card[i]!;
    if (card.kind === 'gladiator') card.levels.forEach((lv, k) => add(i, k, lv.abilities));
    else add(i, -1, card.abilities);
  }
  return byStat;
});
function modsOf(t: Table, stat: string): readonly ModEntry[] {
  return modsByStat(t).get(stat) ?? NO_MODS;
}
const NO_MODS: readonly ModEntry[] = [];

/** Sum of face-up continuous modifiers of `stat` that apply to instance `c` (or player `p` for player stats). */
export function modifier(s: OphidianState, stat: string, c: number, p: number): number {
  let total = 0;
  const mods = modsOf(s.t, stat);
  // (An index loop: the destructuring for-of was this hot reader's largest cost.)
  for (let k = 0; k < mods.length; k++) {
    const entry = mods[k]!;
    const i = entry.inst;
    const level = entry.level;
    const m = entry.mod;
    const l = s.loc[i]!;
    if (l === LOC.out || l === LOC.zoneDown || (level >= 0 && s.lvl[i] !== level)) continue;
    const ctrl = controller(s, i);
    const applies =
      m.to === 'host' ? s.host[i] === c :
      m.to === 'self' ? i === c :
      m.to === 'you' ? ctrl === p && c < 0 :
      m.to === 'opponent' ? ctrl !== p && c < 0 && reaches(s, ctrl, p) :
      m.to === 'ally-characters' ? c >= 0 && controller(s, c) === ctrl :
      c >= 0 && controller(s, c) !== ctrl && reaches(s, ctrl, controller(s, c));
    if (applies) total += m.by(envOf(s, i, ctrl));
  }
  return total;
}

export function life(s: OphidianState, c: number): number {
  if (isG(s, c)) return glad(s, c).levels[s.lvl[c]!]!.life + modifier(s, 'life', c, -1);
  const m = strat(s, c).minion;
  return m ? m.life + modifier(s, 'life', c, -1) : -1;
}
export function rage(s: OphidianState, c: number): number {
  if (isG(s, c)) return glad(s, c).levels[s.lvl[c]!]!.rage + modifier(s, 'rage', c, -1);
  const m = strat(s, c).minion;
  return m && m.rage >= 0 ? m.rage + modifier(s, 'rage', c, -1) : -1; // 8.0: no Rage value, no modifying it
}
export function admg(s: OphidianState, c: number): number {
  const base = isG(s, c) ? glad(s, c).levels[s.lvl[c]!]!.admg : (strat(s, c).minion?.admg ?? -1);
  return base < 0 ? -1 : Math.max(0, base + modifier(s, 'admg', c, -1));
}
/** A Strategy card's CP play cost for its player: printed (or X) plus continuous cost modifiers (Warp Gate), not below 0. */
export function playCost(s: OphidianState, p: number, c: number, x = 0): number {
  return playCostWith(s, p, c, x, modifier(s, 'cost', -1, p));
}
/** The play cost given p's continuous cost modifiers (`modifier(s, 'cost', -1, p)`, the same for every card: listing actions reads it once). */
export function playCostWith(s: OphidianState, p: number, c: number, x: number, costModifier: number): number {
  const cost = strat(s, c).cost;
  return Math.max(0, (cost.fixed ?? cost.cp(envOf(s, c, p, NO_TARGETS, x))) + costModifier);
}
export function raging(s: OphidianState, c: number): boolean {
  const r = rage(s, c);
  return r >= 0 && s.wounds[c]! >= r;
}
export const handSize = (s: OphidianState, p: number) => Math.max(0, RULES.handSize + modifier(s, 'hand-size', -1, p));

/**
 * Per table, computed once (the table is fixed for a match): which instances can ever be a
 * character (Gladiators, the Reinforcement, Minion cards) and which have abilities, per
 * player in instance order. The hot readers below scan these short lists instead of all
 * ~110 instances of the match (a scan of every instance per call was a fifth of the time).
 */
export interface TableLookup {
  /** Per player: instances that are characters when in the Support or Action Field. */
  readonly charCandidates: readonly (readonly number[])[];
  /** Every player's, in instance order. */
  readonly allCharCandidates: readonly number[];
  /** Per player: its Gladiator instances (team and Reinforcement). */
  readonly gladiators: readonly (readonly number[])[];
  /** Per player: instances with at least one ability at some Level. */
  readonly withAbilities: readonly (readonly number[])[];
  /** Per player: the instances of `withAbilities` and `charCandidates` together, in instance order (the Flow holder's listing walks it once). */
  readonly actors: readonly (readonly number[])[];
  /** Per instance: in its owner's `withAbilities`, in its `charCandidates`. */
  readonly hasAbilities: readonly boolean[];
  readonly charCandidate: readonly boolean[];
}
export const lookupOf = st.perTable((t: Table): TableLookup => {
  const per = () => Array.from({ length: t.players }, (): number[] => []);
  const charCandidates = per();
  const gladiators = per();
  const withAbilities = per();
  t.card.forEach((card, c) => {
    const p = t.owner[c]!;
    if (card.kind === 'gladiator') gladiators[p]!.push(c);
    if (card.kind === 'gladiator' || card.type === 'minion') charCandidates[p]!.push(c);
    if (card.kind === 'gladiator' ? card.levels.some((lv) => lv.abilities.length > 0) : card.abilities.length > 0) withAbilities[p]!.push(c);
  });
  const hasAbilities = t.card.map(() => false);
  const charCandidate = t.card.map(() => false);
  for (const list of withAbilities) for (const c of list) hasAbilities[c] = true;
  for (const list of charCandidates) for (const c of list) charCandidate[c] = true;
  const actors = per();
  t.card.forEach((_, c) => {
    if (hasAbilities[c] || charCandidate[c]) actors[t.owner[c]!]!.push(c);
  });
  return { charCandidates, allCharCandidates: charCandidates.flat().sort((a, b) => a - b), gladiators, withAbilities, actors, hasAbilities, charCandidate };
});

/** The characters in play (Support and Action Fields), per player and all together, in instance order. */
export interface CharactersInPlay {
  readonly per: readonly (readonly number[])[];
  readonly all: readonly number[];
  /**
   * Two-player tables: the one-target lists of a plain character target spec (no keyword, one
   * target), by `(player, side, kind, field)` code (legal.ts targetChoices), filled when first
   * asked at this position: every card and ability with the same spec shares it.
   */
  readonly singles: (readonly (readonly number[])[] | undefined)[];
}
/**
 * Kept for the last `loc` array seen: a state's arrays are replaced, never written, when they
 * change (copy-on-write, core's flow), so the same `loc` (of the same table) means the same
 * characters. Listing the legal actions asks for them once per target list and Attack; this
 * lists them once per position.
 */
let charsMemo: { t: Table; loc: readonly number[]; chars: CharactersInPlay } | null = null;
export function charactersInPlay(s: OphidianState): CharactersInPlay {
  const m = charsMemo;
  if (m !== null && m.loc === s.loc && m.t === s.t) return m.chars;
  // One scan of every player's candidates (in instance order): each in play joins its owner's list and `all`.
  const per: number[][] = [];
  for (let p = 0; p < s.t.players; p++) per.push([]);
  const all: number[] = [];
  const loc = s.loc;
  const owner = s.t.owner;
  for (const c of lookupOf(s.t).allCharCandidates) {
    const l = loc[c];
    if (l === LOC.support || l === LOC.action) {
      all.push(c);
      per[owner[c]!]!.push(c);
    }
  }
  const chars = { per, all, singles: [] };
  charsMemo = { t: s.t, loc: s.loc, chars };
  return chars;
}

/** p's characters in play, in instance order (a fresh array the caller may keep). */
export function charactersOf(s: OphidianState, p: number): number[] {
  return charactersInPlay(s).per[p]!.slice();
}
export function gladiatorsInPlay(s: OphidianState, p: number): number[] {
  const out: number[] = [];
  for (const c of lookupOf(s.t).gladiators[p]!) if (s.loc[c] === LOC.support || s.loc[c] === LOC.action) out.push(c);
  return out;
}
/** Whether p has a Gladiator in play (Annihilation, 4.2), without building the list. */
export function hasGladiatorInPlay(s: OphidianState, p: number): boolean {
  for (const c of lookupOf(s.t).gladiators[p]!) if (s.loc[c] === LOC.support || s.loc[c] === LOC.action) return true;
  return false;
}
/** R for anyone, OR for the player with the Flow, DR for the others (2.5). */
export const mayUse = (s: OphidianState, p: number, symbol: string): boolean =>
  symbol === 'R' || (symbol === 'OR' ? p === s.flowHolder : symbol === 'DR' && p !== s.flowHolder);

/** Every player still in the match passed in a row (2.6). */
export const wavePassedAll = (s: OphidianState) => s.passes >= aliveCount(s);

/*
 * Seats (7.0 Multi-Player). The Flow goes left to the next player still in the match; a
 * player "can only affect and be affected by the player to your immediate left or right":
 * its neighbours are the nearest seats still in the match on each side. With two or three
 * players everyone is everyone's neighbour.
 */
export function aliveCount(s: OphidianState): number {
  let n = 0;
  for (const a of s.alive) if (a) n++;
  return n;
}
/** The next seat to the left of p still in the match (p itself when nobody else is). */
export function leftOf(s: OphidianState, p: number): number {
  const n = s.t.players;
  for (let k = 1; k < n; k++) if (s.alive[(p + k) % n]) return (p + k) % n;
  return p;
}
/** The next seat to the right of p still in the match. */
export function rightOf(s: OphidianState, p: number): number {
  const n = s.t.players;
  for (let k = 1; k < n; k++) if (s.alive[(p + n - k) % n]) return (p + n - k) % n;
  return p;
}
/** May p affect q, and q affect p (7.0 rule 2)? True for p itself and its neighbours; always in two-player. */
export function reaches(s: OphidianState, p: number, q: number): boolean {
  if (p === q || s.t.players === 2) return true;
  return leftOf(s, p) === q || rightOf(s, p) === q;
}
/** The seats still in the match, from p going left (Breather steps, "starting with the player with the Flow and continuing to the left"). */
export function seatsFrom(s: OphidianState, p: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < s.t.players; k++) if (s.alive[(p + k) % s.t.players]) out.push((p + k) % s.t.players);
  return out;
}
/** The other players p may affect: its neighbours (left first). */
export function opponentsOf(s: OphidianState, p: number): number[] {
  const l = leftOf(s, p);
  const r = rightOf(s, p);
  return l === p ? [] : l === r ? [l] : [l, r];
}

/** Crowd favourite: strictly the most Cheer (3.11). */
export function favorite(s: OphidianState, p: number): boolean {
  if (!s.alive[p]) return false;
  for (let q = 0; q < s.t.players; q++) if (q !== p && s.alive[q] && s.cheer[q]! >= s.cheer[p]!) return false; // an eliminated player's crowd has gone home (7.0)
  return true;
}


const NO_TARGETS: readonly number[] = [];
/**
 * The read-only world of the last state asked about: it reads the state's fields on every
 * call (never a copy), so one per state serves every environment built on it (listing the
 * legal actions builds dozens). A draft is the same object all along its `apply`.
 */
let worldState: OphidianState | null = null;
let world: ReadWorld | null = null;
export function envOf(s: OphidianState, card: number, ctrl: number, targets: readonly number[] = NO_TARGETS, x = 0, event: CardEnv['event'] = null): CardEnv {
  if (worldState !== s) {
    world = new ReadWorld(s);
    worldState = s;
  }
  return { w: world!, card, controller: ctrl, targets, event, x };
}

export class ReadWorld implements OphidianWorld {
  constructor(protected s: OphidianState) {}
  get players() { return this.s.t.players; }
  controllerOf(c: number) { return controller(this.s, c); }
  hostOf(c: number) { return this.s.loc[c] === LOC.pump ? this.s.host[c]! : -1; }
  life(c: number) { return life(this.s, c); }
  wounds(c: number) { return this.s.wounds[c]!; }
  admg(c: number) { return admg(this.s, c); }
  rage(c: number) { return rage(this.s, c); }
  level(c: number) { return isG(this.s, c) ? glad(this.s, c).levels[this.s.lvl[c]!]!.level : strat(this.s, c).level; }
  vp(c: number) { return isG(this.s, c) ? glad(this.s, c).levels[this.s.lvl[c]!]!.vp : 0; }
  isSet(c: number) { return this.s.isSet[c]!; }
  inAction(c: number) { return this.s.loc[c] === LOC.action; }
  hasKeyword(c: number, k: string) { const card = this.s.t.card[c]!; return card.keywords.includes(k); }
  characters(p: number) { return charactersOf(this.s, p); }
  opponents(p: number) { return opponentsOf(this.s, p); }
  cp(p: number) { return this.s.cp[p]!; }
  cheer(p: number) { return this.s.cheer[p]!; }
  handCount(p: number) { return zoneSize(this.s.zones, zoneOf(p, HAND)); }
  favorite(p: number) { return favorite(this.s, p); }
  damage(..._args: any[]): void { throw new Error('read-only world'); }
  heal(..._args: any[]): void { throw new Error('read-only world'); }
  destroy(..._args: any[]): void { throw new Error('read-only world'); }
  scrap(..._args: any[]): void { throw new Error('read-only world'); }
  draw(..._args: any[]): void { throw new Error('read-only world'); }
  mill(..._args: any[]): void { throw new Error('read-only world'); }
  advance(..._args: any[]): void { throw new Error('read-only world'); }
  retreat(..._args: any[]): void { throw new Error('read-only world'); }
  setCard(..._args: any[]): void { throw new Error('read-only world'); }
  unsetCard(..._args: any[]): void { throw new Error('read-only world'); }
  gainCp(..._args: any[]): void { throw new Error('read-only world'); }
  gainCheer(..._args: any[]): void { throw new Error('read-only world'); }
  attackDamage(..._args: any[]): void { throw new Error('read-only world'); }
  retarget(..._args: any[]): void { throw new Error('read-only world'); }
  costDelta(..._args: any[]): void { throw new Error('read-only world'); }
  clearCost(): void { throw new Error('read-only world'); }
  roll(..._args: any[]): number { throw new Error('read-only world'); }
  flowResult(..._args: any[]): void { throw new Error('read-only world'); }
  channel(..._args: any[]): void { throw new Error('read-only world'); }
}

/** Wounds on a player's Gladiators, Destroyed ones counting their Life (4.0 step 1). */
export function woundTotal(s: OphidianState, p: number): number {
  let total = 0;
  for (const c of s.t.team[p]!) total += s.loc[c] === LOC.out ? (s.zones.cards[zoneOf(p, PYRE)]!.includes(c) ? life(s, c) : 0) : s.wounds[c]!;
  const r = s.t.reinforcement[p]!;
  if (r >= 0) total += s.loc[r] === LOC.out ? (s.zones.cards[zoneOf(p, PYRE)]!.includes(r) ? life(s, r) : 0) : s.wounds[r]!;
  return total;
}
