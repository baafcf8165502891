/**
 * The Ophidian rules on core's turn flow (src/core/flow.ts). One *turn* is one player
 * holding the Flow: it acts until it loses the Flow (a (-) action, a failed (?), a pass),
 * then the Flow goes to its left (2.5). A *round* is a Wave: it ends when every player
 * passed in a row (2.6); the Breather (4.0) runs at the round's end as a queue of decision
 * windows, then the next Wave starts with the player the Breather chose.
 *
 * Actions are short strings (readable in logs and tree keys):
 *   pass | play:<card>[:t<targets>][:x<X>] | ab:<card>:<ability>[:t<targets>] | adv:<c> | ret:<c>
 *   atk:<attacker>:<target> | trade (a Cheer turns the (+) just made into a (-), 3.11)
 * and window answers: allow | icp:<c> | prt:<c> | opt:<k> | field:<action|support>
 *   | keep | drop | promote:<g> | reinforce | none | scrap:<c> | done | bottom:<c>
 *
 * NOT YET: Responses (R/OR/DR) and event chains (8.0), Channeling, retargeting, cost
 * modifiers, discard/scrap-Minion extra costs, the Unique keyword, multi-player (7.0).
 */
import { Dice } from '../../core/dice.js';
import { defineFlow, setAt, type Draft } from '../../core/flow.js';
import { EVERYONE, moveCard, seatBit, zoneSize } from '../../core/zones.js';
import type { Ability, CardEnv, DamageKind, GladiatorCard, OphidianWorld, Step, StrategyCard, TargetSpec } from './cards/types.js';
import * as st from './state.js';
import type { OphidianState } from './state.js';

// Module-local copies: read through a namespace getter on every access otherwise (hot paths).
const { ARSENAL, HAND, PYRE, SCRAP, zoneOf } = st;
const LOC = { ...st.LOC };

type D = Draft<OphidianState>;
export type OphAction = string;

export const RULES = { handSize: 7, bonus: 2, baseCp: 10, waves: 4, vpWin: 12, riot: 15, maxWaves: 8 } as const;

// ------------------------------------------------------------------ reading the state

const glad = (s: OphidianState, c: number) => s.t.card[c] as GladiatorCard;
const strat = (s: OphidianState, c: number) => s.t.card[c] as StrategyCard;
const isG = (s: OphidianState, c: number) => s.t.card[c]!.kind === 'gladiator';
export const inPlay = (s: OphidianState, c: number) => s.loc[c]! !== LOC.out;
export const isChar = (s: OphidianState, c: number) => (s.loc[c] === LOC.support || s.loc[c] === LOC.action) && (isG(s, c) || strat(s, c).type === 'minion');
export const controller = (s: OphidianState, c: number) => s.t.owner[c]!;

/** Abilities of an instance in play (a Gladiator's current Level, or a Strategy card's). */
export function abilitiesOf(s: OphidianState, c: number): readonly Ability[] {
  return isG(s, c) ? glad(s, c).levels[s.lvl[c]!]!.abilities : strat(s, c).abilities;
}

/** Sum of face-up continuous modifiers of `stat` that apply to instance `c` (or player `p` for player stats). */
function modifier(s: OphidianState, stat: string, c: number, p: number): number {
  let total = 0;
  for (const i of s.t.modders) {
    const l = s.loc[i]!;
    if (l === LOC.out || l === LOC.zoneDown) continue;
    const abs = abilitiesOf(s, i);
    for (const ab of abs)
      for (const m of ab.modifiers) {
        if (m.stat !== stat) continue;
        const ctrl = controller(s, i);
        const applies =
          m.to === 'host' ? s.host[i] === c :
          m.to === 'self' ? i === c :
          m.to === 'you' ? ctrl === p && c < 0 :
          m.to === 'opponent' ? ctrl !== p && c < 0 :
          m.to === 'ally-characters' ? c >= 0 && controller(s, c) === ctrl :
          c >= 0 && controller(s, c) !== ctrl;
        if (applies) total += m.by(envOf(s, i, ctrl));
      }
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
export const raging = (s: OphidianState, c: number) => rage(s, c) >= 0 && s.wounds[c]! >= rage(s, c);
export const handSize = (s: OphidianState, p: number) => Math.max(0, RULES.handSize + modifier(s, 'hand-size', -1, p));

export function charactersOf(s: OphidianState, p: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < s.loc.length; c++) if (s.t.owner[c] === p && isChar(s, c)) out.push(c);
  return out;
}
export const gladiatorsInPlay = (s: OphidianState, p: number) => charactersOf(s, p).filter((c) => isG(s, c));
const wavePassedAll = (s: OphidianState) => s.passes >= s.t.players;

/** Crowd favourite: strictly the most Cheer (3.11). */
export function favorite(s: OphidianState, p: number): boolean {
  for (let q = 0; q < s.t.players; q++) if (q !== p && s.cheer[q]! >= s.cheer[p]!) return false;
  return true;
}

// ------------------------------------------------------------------ the world card effects act on

function envOf(s: OphidianState, card: number, ctrl: number, targets: readonly number[] = [], x = 0, event: CardEnv['event'] = null): CardEnv {
  return { w: new ReadWorld(s), card, controller: ctrl, targets, event, x };
}

class ReadWorld implements OphidianWorld {
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
  roll(..._args: any[]): number { throw new Error('read-only world'); }
  flowResult(..._args: any[]): void { throw new Error('read-only world'); }
  channel(..._args: any[]): void { throw new Error('read-only world'); }
}

/** The draft as card effects see it: every write goes through the rule helpers below. */
class DraftWorld extends ReadWorld {
  kept: boolean | null = null;
  constructor(private d: D) { super(d as OphidianState); }
  private sync() { this.s = this.d as OphidianState; }
  override damage(source: number, target: number, amount: number, _kind: DamageKind) { wound(this.d, target, amount, source); this.sync(); }
  override heal(c: number, n: number) { if (isChar(this.d as OphidianState, c)) this.d.wounds = setAt(this.d.wounds, c, Math.max(0, this.d.wounds[c]! - n)); this.sync(); }
  override destroy(c: number) { if (isChar(this.d as OphidianState, c)) removeFromPlay(this.d, c, true); this.sync(); }
  override scrap(c: number) { if (inPlay(this.d as OphidianState, c)) removeFromPlay(this.d, c, false); this.sync(); }
  override draw(p: number, n: number) { draw(this.d, p, n); this.sync(); }
  override mill(p: number, n: number) {
    for (let k = 0; k < n && zoneSize(this.d.zones, zoneOf(p, ARSENAL)) > 0; k++) this.d.zones = moveCard(this.d.zones, zoneOf(p, ARSENAL), -1, zoneOf(p, SCRAP), { reveal: EVERYONE });
    this.sync();
  }
  override advance(c: number) { if (isChar(this.d as OphidianState, c)) this.d.loc = setAt(this.d.loc, c, LOC.action); this.sync(); }
  override retreat(c: number) { if (isChar(this.d as OphidianState, c)) this.d.loc = setAt(this.d.loc, c, LOC.support); this.sync(); }
  override setCard(c: number) { setCard(this.d, c); this.sync(); }
  override unsetCard(c: number) { this.d.isSet = setAt(this.d.isSet, c, false); this.sync(); }
  override gainCp(p: number, n: number) { this.d.cp = setAt(this.d.cp, p, Math.max(0, this.d.cp[p]! + n)); this.sync(); }
  override gainCheer(p: number, n: number) { this.d.cheer = setAt(this.d.cheer, p, Math.max(0, this.d.cheer[p]! + n)); this.sync(); }
  override attackDamage(delta: number) { if (this.d.chain.length) this.d.chain = setAt(this.d.chain, 2, this.d.chain[2]! + delta); }
  override retarget() { if (this.d.chain.length) this.d.chain = setAt(this.d.chain, 4, 1); }
  override costDelta() { /* responses are not built yet */ }
  override roll(sides: number) { const dice = new Dice(this.d.rng); const r = dice.d(sides); this.d.rng = dice.state; return r; }
  override flowResult(keep: boolean) { this.kept = keep; }
  override channel() { /* Channeling is not built yet (not offered: see legal abilities) */ }
}

// ------------------------------------------------------------------ rule helpers on the draft

function draw(d: D, p: number, n: number): void {
  for (let k = 0; k < n && zoneSize(d.zones, zoneOf(p, ARSENAL)) > 0; k++) d.zones = moveCard(d.zones, zoneOf(p, ARSENAL), -1, zoneOf(p, HAND), { reveal: seatBit(p) });
}

/** Sets a card; "After … Sets" continuous triggers fire (Dripping Leak). */
function setCard(d: D, c: number): void {
  if (d.isSet[c]) return;
  d.isSet = setAt(d.isSet, c, true);
  fire(d, 'set', c, c);
}

/** Places Wounds (3.9) and destroys at Life. */
function wound(d: D, c: number, amount: number, source: number): void {
  if (amount <= 0 || !isChar(d as OphidianState, c)) return;
  d.wounds = setAt(d.wounds, c, d.wounds[c]! + amount);
  fire(d, 'wounded', c, source);
  if (isChar(d as OphidianState, c) && d.wounds[c]! >= life(d as OphidianState, c)) removeFromPlay(d, c, true);
}

/** Destroyed or Scrapped (3.9): Pumps under it are Scrapped; Gladiators to the Pyre (the opponent scores its VP), the rest to the Scrapheap. */
function removeFromPlay(d: D, c: number, destroyed: boolean): void {
  const s = d as OphidianState;
  const owner = controller(s, c);
  const vp = isG(s, c) ? glad(s, c).levels[s.lvl[c]!]!.vp : 0;
  for (let i = 0; i < d.loc.length; i++) if (d.loc[i] === LOC.pump && d.host[i] === c) removeFromPlay(d, i, false);
  d.loc = setAt(d.loc, c, LOC.out);
  d.wounds = setAt(d.wounds, c, 0);
  d.isSet = setAt(d.isSet, c, false);
  d.host = setAt(d.host, c, -1);
  if (isG(s, c)) {
    // Destroyed Gladiators go to the Funeral Pyre; the opponent adds their VP (3.9; errata: also when scrapped).
    d.zones = { ...d.zones, cards: setAt(d.zones.cards, zoneOf(owner, PYRE), [...d.zones.cards[zoneOf(owner, PYRE)]!, c]), known: setAt(d.zones.known, zoneOf(owner, PYRE), [...d.zones.known[zoneOf(owner, PYRE)]!, EVERYONE]) };
    for (let q = 0; q < d.t.players; q++) if (q !== owner) d.vp = setAt(d.vp, q, d.vp[q]! + vp);
  } else {
    d.zones = { ...d.zones, cards: setAt(d.zones.cards, zoneOf(owner, SCRAP), [...d.zones.cards[zoneOf(owner, SCRAP)]!, c]), known: setAt(d.zones.known, zoneOf(owner, SCRAP), [...d.zones.known[zoneOf(owner, SCRAP)]!, EVERYONE]) };
  }
  if (destroyed) fire(d, 'destroyed', c, c);
}

/**
 * Continuous triggered abilities ("After …" with no Flow symbol) of face-up cards in play,
 * in Flow order (8.0: continuous effects first, the player with the Flow first).
 */
function fire(d: D, event: string, subject: number, source: number): void {
  const s0 = d as OphidianState;
  for (let k = 0; k < d.t.players; k++) {
    const p = (d.flowHolder + k) % d.t.players;
    for (const i of d.t.triggered) {
      const s = d as OphidianState;
      if (s.t.owner[i] !== p || s.loc[i] === LOC.out || s.loc[i] === LOC.zoneDown) continue;
      for (const ab of abilitiesOf(s, i)) {
        const tr = ab.trigger;
        if (!tr || ab.flow !== 'continuous' || tr.event !== event) continue;
        const subjCtrl = subject >= 0 ? controller(s0, subject) : -1;
        const ok = tr.of === 'any' || (tr.of === 'self' && subject === i) || (tr.of === 'host' && s.host[i] === subject && s.loc[i] === LOC.pump) || (tr.of === 'ally' && subjCtrl === p) || (tr.of === 'enemy' && subjCtrl >= 0 && subjCtrl !== p);
        if (!ok) continue;
        runProgram(d, ab.steps, i, p, [], 0, { subject, source, amount: 0 });
      }
    }
  }
}

/**
 * Runs an effect program on the draft. A `choose` step is a real decision: the rest of the
 * program is parked in `d.pending` and the chooser is asked in the `choose` window.
 */
function runProgram(d: D, steps: readonly Step[], card: number, ctrl: number, targets: readonly number[], x: number, event: CardEnv['event'] = null): boolean | null {
  const w = new DraftWorld(d);
  const env: CardEnv = { w, card, controller: ctrl, targets, event, x };
  const queue: Step[] = [...steps];
  while (queue.length) {
    const st = queue.shift()!;
    if (st.kind === 'run') st.run(env);
    else if (st.kind === 'roll') queue.unshift(...(w.roll(st.sides) >= st.atLeast(env) ? st.then : st.else));
    else {
      if (d.pending) {
        // One pending choice at a time: a nested choice takes its first option (not reached by the sample set).
        queue.unshift(...st.branches[0]!);
        continue;
      }
      d.pending = { card, controller: ctrl, targets, x, rest: queue, labels: st.labels, branches: st.branches, chooser: st.who(env) };
      flow.openWindow(d, 'choose', [d.pending.chooser]);
      return w.kept;
    }
  }
  return w.kept;
}

// ------------------------------------------------------------------ legality

/** Disciplines in play and the highest Level per discipline (3.3). */
function canPlayDiscipline(s: OphidianState, p: number, c: StrategyCard): boolean {
  if (c.discipline === 'universal') return c.level <= Math.max(0, ...gladiatorsInPlay(s, p).map((g) => glad(s, g).levels[s.lvl[g]!]!.level));
  let withLevel = false;
  let count = 0;
  for (const g of gladiatorsInPlay(s, p)) {
    const l = glad(s, g).levels[s.lvl[g]!]!;
    if (!l.disciplines.includes(c.discipline)) continue;
    count++;
    if (l.level >= c.level) withLevel = true;
  }
  return withLevel && count >= 1 + c.extra;
}

/** The valid target lists for a target spec (single targets, or up to `count` distinct ones). */
function targetChoices(s: OphidianState, p: number, spec: TargetSpec | null): number[][] {
  if (!spec) return [[]];
  const pool: number[] = [];
  for (let c = 0; c < s.loc.length; c++) {
    const l = s.loc[c]!;
    const mine = controller(s, c) === p;
    if (spec.side === 'ally' && !mine) continue;
    if (spec.side === 'enemy' && mine) continue;
    let ok = false;
    if (spec.kind === 'character') ok = isChar(s, c);
    else if (spec.kind === 'gladiator') ok = isChar(s, c) && isG(s, c);
    else if (spec.kind === 'minion') ok = isChar(s, c) && !isG(s, c);
    else if (spec.kind === 'pump') ok = l === LOC.pump;
    else if (spec.kind === 'zone') ok = l === LOC.zoneUp || l === LOC.zoneDown;
    if (!ok) continue;
    if (spec.field === 'action' && l !== LOC.action) continue;
    if (spec.field === 'support' && l !== LOC.support) continue;
    if (spec.keyword && !s.t.card[c]!.keywords.includes(spec.keyword)) continue;
    pool.push(c);
  }
  if (spec.count === 1) return pool.map((c) => [c]);
  const out: number[][] = [];
  const pick = (start: number, chosen: number[]) => {
    if (chosen.length === spec.count || (spec.upTo && chosen.length > 0)) out.push(chosen);
    if (chosen.length === spec.count) return;
    for (let i = start; i < pool.length; i++) pick(i + 1, [...chosen, pool[i]!]);
  };
  pick(0, []);
  if (!spec.upTo) return out.filter((x) => x.length === spec.count);
  return out;
}

const tKey = (ts: readonly number[]) => (ts.length ? `:t${ts.join(',')}` : '');

function abilityUsable(s: OphidianState, p: number, c: number, ab: Ability): boolean {
  if (ab.flow !== '+' && ab.flow !== '-' && ab.flow !== '?' && ab.flow !== 'PASS') return false;
  if (ab.trigger) return false;
  if (ab.steps.some((st) => st.kind === 'run' && false)) return false;
  if (ab.target?.kind === 'pyre-gladiator') return false; // Channeling: not built yet
  if (ab.cost.set && s.isSet[c]) return false;
  if (ab.raging === 'only' && !raging(s, c)) return false;
  if (ab.raging === 'never' && raging(s, c)) return false;
  const env = envOf(s, c, p);
  if (ab.cost.cp(env) > s.cp[p]!) return false;
  if (ab.cost.life(env) > 0 && ab.cost.life(env) > life(s, c) - s.wounds[c]!) return false;
  if (ab.condition && !ab.condition(env)) return false;
  return true;
}

/** The Flow holder's actions (3.2). */
export function actMoves(s: OphidianState, p: number): OphAction[] {
  const out: OphAction[] = ['pass'];
  if (s.plusJustMade && s.cheer[p]! > 0) out.push('trade');
  const cp = s.cp[p]!;
  const hand = s.zones.cards[zoneOf(p, HAND)]!;
  const seen = new Set<number>();
  for (const c of hand) {
    const card = s.t.card[c] as StrategyCard;
    if (seen.has(c) || (card.flow !== '+' && card.flow !== '-' && card.flow !== '?')) continue;
    seen.add(c);
    if (!canPlayDiscipline(s, p, card)) continue;
    const xs = card.cost.xChosen ? Array.from({ length: Math.min(cp, 5) + 1 }, (_, i) => i) : [0];
    for (const x of xs) {
      if (card.cost.cp(envOf(s, c, p, [], x)) > cp) continue;
      for (const ts of targetChoices(s, p, card.target)) {
        if (card.type === 'pump' && ts.length === 0) continue;
        out.push(`play:${c}${tKey(ts)}${card.cost.xChosen ? `:x${x}` : ''}`);
      }
    }
  }
  for (let c = 0; c < s.loc.length; c++) {
    if (controller(s, c) !== p || !inPlay(s, c) || s.loc[c] === LOC.zoneDown) continue;
    abilitiesOf(s, c).forEach((ab, k) => {
      if (!abilityUsable(s, p, c, ab)) return;
      for (const ts of targetChoices(s, p, ab.target)) out.push(`ab:${c}:${k}${tKey(ts)}`);
    });
    if (!isChar(s, c)) continue;
    if (s.loc[c] === LOC.support && !s.isSet[c]) out.push(`adv:${c}`);
    if (s.loc[c] === LOC.action && !raging(s, c)) out.push(`ret:${c}`);
    if (s.loc[c] === LOC.action && !s.isSet[c] && admg(s, c) >= 0)
      for (let q = 0; q < s.t.players; q++) if (q !== p) for (const e of charactersOf(s, q)) out.push(`atk:${c}:${e}`);
  }
  return out;
}

// ------------------------------------------------------------------ playing actions

function parseTargets(parts: string[]): { targets: number[]; x: number } {
  let targets: number[] = [];
  let x = 0;
  for (const part of parts) {
    if (part.startsWith('t')) targets = part.slice(1).split(',').map(Number);
    if (part.startsWith('x')) x = Number(part.slice(1));
  }
  return { targets, x };
}

/** Ends an action with its Flow symbol: (+) keeps the Flow, (-) loses it, (?) as resolved (2.5). */
function resolveFlow(d: D, p: number, symbol: string, keep: boolean | null): void {
  const plus = symbol === '+' || (symbol === '?' && keep === true);
  if (plus) {
    d.plusJustMade = true;
    return;
  }
  loseFlow(d, p);
}

function loseFlow(d: D, p: number): void {
  d.plusJustMade = false;
  d.lost = true;
  d.flowHolder = (p + 1) % d.t.players;
}

function playCard(d: D, p: number, c: number, targets: number[], x: number): void {
  const s = d as OphidianState;
  const card = strat(s, c);
  d.cp = setAt(d.cp, p, d.cp[p]! - card.cost.cp(envOf(s, c, p, targets, x)));
  const hand = zoneOf(p, HAND);
  const idx = d.zones.cards[hand]!.indexOf(c);
  // Out of the hand, seen by all; placed by type (2.2, 3.3).
  d.zones = { ...moveCard(d.zones, hand, idx, zoneOf(p, SCRAP), { reveal: EVERYONE }) };
  const scrapZ = zoneOf(p, SCRAP);
  d.zones = { ...d.zones, cards: setAt(d.zones.cards, scrapZ, d.zones.cards[scrapZ]!.slice(0, -1)), known: setAt(d.zones.known, scrapZ, d.zones.known[scrapZ]!.slice(0, -1)) };
  if (card.type === 'minion') d.loc = setAt(d.loc, c, LOC.support);
  else if (card.type === 'pump') {
    d.loc = setAt(d.loc, c, LOC.pump);
    d.host = setAt(d.host, c, targets[0]!);
  } else if (card.type === 'zone') {
    // Every Zone flips; the new one enters face up; past four Zones one of yours is scrapped (2.2).
    for (let i = 0; i < d.loc.length; i++) {
      if (d.loc[i] === LOC.zoneUp) d.loc = setAt(d.loc, i, LOC.zoneDown);
      else if (d.loc[i] === LOC.zoneDown) d.loc = setAt(d.loc, i, LOC.zoneUp);
    }
    let zonesInArena = 0;
    for (let i = 0; i < d.loc.length; i++) if (d.loc[i] === LOC.zoneUp || d.loc[i] === LOC.zoneDown) zonesInArena++;
    if (zonesInArena >= 4) {
      // The choice of which Zone to scrap is taken as the oldest of yours (a simplification: not yet a decision).
      for (let i = 0; i < d.loc.length; i++)
        if ((d.loc[i] === LOC.zoneUp || d.loc[i] === LOC.zoneDown) && controller(d as OphidianState, i) === p) {
          removeFromPlay(d, i, false);
          break;
        }
    }
    d.loc = setAt(d.loc, c, LOC.zoneUp);
  }
  const keep = runProgram(d, card.onPlay, c, p, targets, x);
  if (card.type === 'quick-hit') d.zones = { ...d.zones, cards: setAt(d.zones.cards, scrapZ, [...d.zones.cards[scrapZ]!, c]), known: setAt(d.zones.known, scrapZ, [...d.zones.known[scrapZ]!, EVERYONE]) };
  const k = card.flow === '?' ? (card.keepFlowIf ? card.keepFlowIf(envOf(d as OphidianState, c, p, targets, x)) : keep) : null;
  fire(d, 'played', c, c);
  resolveFlow(d, p, card.flow, k);
}

function useAbility(d: D, p: number, c: number, k: number, targets: number[]): void {
  const s = d as OphidianState;
  const ab = abilitiesOf(s, c)[k]!;
  const env = envOf(s, c, p, targets);
  d.cp = setAt(d.cp, p, d.cp[p]! - ab.cost.cp(env));
  const lifeCost = ab.cost.life(env);
  if (ab.cost.set) setCard(d, c);
  if (lifeCost > 0) wound(d, c, lifeCost, c);
  const keep = runProgram(d, ab.steps, c, p, targets, 0);
  if (ab.flow === 'PASS') return doPass(d, p);
  const kf = ab.flow === '?' ? (ab.keepFlowIf ? ab.keepFlowIf(envOf(d as OphidianState, c, p, targets)) : keep) : null;
  resolveFlow(d, p, ab.flow, kf);
}

function doPass(d: D, p: number): void {
  d.passes = d.passes + 1;
  loseFlow(d, p);
}

/** Declares an Attack (3.6): Cheer is due if the target is Unset; the defender may Intercept or Protect (3.7). */
function declareAttack(d: D, p: number, attacker: number, target: number): void {
  const s = d as OphidianState;
  d.attack = [attacker, target, s.isSet[target] ? 0 : 1, raging(s, target) ? 1 : 0];
  const q = controller(s, target);
  flow.openWindow(d, 'defend', [q]);
}

/** Resolves the Attack on `defender` (the target, or who Intercepted/Protected). */
function resolveAttack(d: D, defender: number, how: 'hit' | 'intercept' | 'protect', bonus = 0): void {
  const [attacker, target, unsetAtDeclaration, ragingBefore] = d.attack as [number, number, number, number];
  const p = controller(d as OphidianState, attacker);
  d.attack = [];
  // Cheer (3.11): an Attack on an Unset character generates 1; the Intercepting player takes it.
  if (unsetAtDeclaration) {
    const gainer = how === 'intercept' ? controller(d as OphidianState, defender) : p;
    d.cheer = setAt(d.cheer, gainer, d.cheer[gainer]! + 1);
  }
  if (how === 'intercept') setCard(d, defender);
  const targetWasSet = d.isSet[target]!;
  setCard(d, attacker);
  // Responses' changes are tallied, then a negative total is floored at 0 (8.0 "Negative Values").
  if (isChar(d as OphidianState, attacker)) wound(d, defender, Math.max(0, admg(d as OphidianState, attacker) + bonus), attacker);
  if (how !== 'hit') return; // an Intercepting/Protecting Defender deals no DDMG and uses no Rage (3.6, 3.10, errata)
  if (!isChar(d as OphidianState, defender)) return;
  const ddmg = modifier(d as OphidianState, 'ddmg', defender, -1);
  if (ddmg > 0 && isChar(d as OphidianState, attacker)) wound(d, attacker, ddmg, defender);
  // Rage (3.10), only if it was Raging before this action: Unset target -> 1 RDMG to the Attacker; Set target -> it Unsets.
  if (ragingBefore && isChar(d as OphidianState, defender)) {
    if (!targetWasSet) {
      if (isChar(d as OphidianState, attacker)) wound(d, attacker, 1, defender);
    } else d.isSet = setAt(d.isSet, defender, false);
  }
}

// ------------------------------------------------------------------ responses to an Attack (2.5, 8.0)

const HOW = ['hit', 'intercept', 'protect'] as const;

/** Does a Response trigger match the pending Attack for player p? `attacking` concerns the Attacker, `attacked` the Defender. */
function matchesAttack(s: OphidianState, p: number, card: number, tr: { event: string; of: string }): boolean {
  const [attacker] = s.attack as [number];
  const defender = s.chain[0]!;
  const subject = tr.event === 'attacking' ? attacker : tr.event === 'attacked' ? defender : -1;
  if (subject < 0 || !isChar(s, subject)) return false;
  const mine = controller(s, subject) === p;
  return tr.of === 'any' || (tr.of === 'ally' && mine) || (tr.of === 'enemy' && !mine) || (tr.of === 'self' && subject === card);
}

/** R/OR for the player with the Flow, R/DR for the others (2.5). */
const mayUse = (s: OphidianState, p: number, symbol: string) => symbol === 'R' || (symbol === 'OR' ? p === s.flowHolder : symbol === 'DR' && p !== s.flowHolder);

/** Pass, or a legal Response to the pending Attack: a card from hand (`resp:`) or an ability in play (`rab:`). */
export function responseMoves(s: OphidianState, p: number): OphAction[] {
  const out: OphAction[] = ['pass'];
  const seen = new Set<number>();
  for (const c of s.zones.cards[zoneOf(p, HAND)]!) {
    const card = strat(s, c);
    if (seen.has(c) || !card.trigger || !mayUse(s, p, card.flow) || !matchesAttack(s, p, c, card.trigger)) continue;
    seen.add(c);
    if (!canPlayDiscipline(s, p, card) || card.cost.cp(envOf(s, c, p)) > s.cp[p]!) continue;
    for (const ts of targetChoices(s, p, card.target)) out.push(`resp:${c}${tKey(ts)}`);
  }
  for (let c = 0; c < s.loc.length; c++) {
    if (controller(s, c) !== p || !inPlay(s, c) || s.loc[c] === LOC.zoneDown || s.chainUsed.includes(c)) continue;
    abilitiesOf(s, c).forEach((ab, k) => {
      if (!ab.trigger || !mayUse(s, p, ab.flow) || !matchesAttack(s, p, c, ab.trigger)) return;
      const env = envOf(s, c, p);
      if (ab.cost.cp(env) > s.cp[p]! || (ab.cost.set && s.isSet[c]) || (ab.condition && !ab.condition(env))) return;
      if (ab.raging === 'only' && !raging(s, c)) return;
      if (ab.raging === 'never' && raging(s, c)) return;
      for (const ts of targetChoices(s, p, ab.target)) out.push(`rab:${c}:${k}${tKey(ts)}`);
    });
  }
  return out;
}

function playResponse(d: D, p: number, a: OphAction): void {
  const parts = a.split(':');
  const [attacker] = d.attack as [number];
  const event = { subject: d.chain[0]!, source: attacker, amount: 0 };
  if (parts[0] === 'resp') {
    const c = Number(parts[1]);
    const { targets } = parseTargets(parts.slice(2));
    const card = strat(d as OphidianState, c);
    d.cp = setAt(d.cp, p, d.cp[p]! - card.cost.cp(envOf(d as OphidianState, c, p, targets)));
    const hand = zoneOf(p, HAND);
    // A Response card is seen by all and, as a Quick-Hit, Scrapped after use (the sample's Responses are all Quick-Hits).
    d.zones = moveCard(d.zones, hand, d.zones.cards[hand]!.indexOf(c), zoneOf(p, SCRAP), { reveal: EVERYONE });
    d.chainUsed = [...d.chainUsed, c];
    runProgram(d, card.onPlay, c, p, targets, 0, event);
    return;
  }
  const c = Number(parts[1]);
  const ab = abilitiesOf(d as OphidianState, c)[Number(parts[2])]!;
  const { targets } = parseTargets(parts.slice(3));
  d.cp = setAt(d.cp, p, d.cp[p]! - ab.cost.cp(envOf(d as OphidianState, c, p, targets)));
  if (ab.cost.set) setCard(d, c);
  d.chainUsed = [...d.chainUsed, c];
  runProgram(d, ab.steps, c, p, targets, 0, event);
}

/** After the Defender chose: the response chain, from the player with the Flow, alternating until all pass in a row (8.0). */
function openChain(d: D, defender: number, how: number): void {
  d.chain = [defender, how, 0, 0, 0];
  d.chainUsed = [];
  flow.openWindow(d, 'respond', [d.flowHolder]);
}

function chainDone(d: D): void {
  const [defender, how, bonus, , retarget] = d.chain as [number, number, number, number, number];
  if (retarget) {
    // Hidden Danger (8.0 Targeting): the Attacker picks a new valid target; with none the Attack fails before the Attacker Sets.
    d.chain = [];
    if (retargets(d as OphidianState).length === 0) {
      d.attack = [];
      return;
    }
    flow.openWindow(d, 'retarget', [controller(d as OphidianState, d.attack[0]!)], bonus);
    return;
  }
  d.chain = [];
  resolveAttack(d, defender, HOW[how]!, bonus);
  checkVictory(d);
}

function retargets(s: OphidianState): number[] {
  const [attacker, target] = s.attack as [number, number];
  const p = controller(s, attacker);
  const out: number[] = [];
  for (let q = 0; q < s.t.players; q++) if (q !== p) for (const c of charactersOf(s, q)) if (c !== target) out.push(c);
  return out;
}

function actPlay(d: D, p: number, a: OphAction): void {
  const parts = a.split(':');
  const kind = parts[0]!;
  const wasPlus = d.plusJustMade;
  d.plusJustMade = false;
  if (kind === 'pass') return doPass(d, p);
  if (kind === 'trade') {
    // Trade a Cheer: the (+) action just made becomes a (-) (3.11).
    if (!wasPlus) throw new Error('ophidian: trade without a (+) action');
    d.cheer = setAt(d.cheer, p, d.cheer[p]! - 1);
    d.passes = 0;
    return loseFlow(d, p);
  }
  d.passes = 0;
  if (kind === 'play') {
    const { targets, x } = parseTargets(parts.slice(2));
    return playCard(d, p, Number(parts[1]), targets, x);
  }
  if (kind === 'ab') return useAbility(d, p, Number(parts[1]), Number(parts[2]), parseTargets(parts.slice(3)).targets);
  if (kind === 'adv') {
    d.loc = setAt(d.loc, Number(parts[1]), LOC.action);
    fire(d, 'advanced', Number(parts[1]), Number(parts[1]));
    d.plusJustMade = true;
    return;
  }
  if (kind === 'ret') {
    const c = Number(parts[1]);
    d.loc = setAt(d.loc, c, LOC.support);
    setCard(d, c);
    return loseFlow(d, p);
  }
  if (kind === 'atk') {
    declareAttack(d, p, Number(parts[1]), Number(parts[2]));
    d.plusJustMade = true;
    return;
  }
  throw new Error(`ophidian: unknown action ${a}`);
}

// ------------------------------------------------------------------ the Breather (4.0)

/** `breather` while setup's decisions are taken. */
export const SETUP = 6;

function wavePassed(d: D): void {
  fire(d, 'wave-end', -1, -1);
  d.breather = 0;
  continueBreather(d);
}

/** Wounds on a player's Gladiators, Destroyed ones counting their Life (4.0 step 1). */
export function woundTotal(s: OphidianState, p: number): number {
  let total = 0;
  for (const c of s.t.team[p]!) total += s.loc[c] === LOC.out ? (s.zones.cards[zoneOf(p, PYRE)]!.includes(c) ? life(s, c) : 0) : s.wounds[c]!;
  const r = s.t.reinforcement[p]!;
  if (r >= 0) total += s.loc[r] === LOC.out ? (s.zones.cards[zoneOf(p, PYRE)]!.includes(r) ? life(s, r) : 0) : s.wounds[r]!;
  return total;
}

/** Runs Breather steps until one needs a decision (a window) or the Breather ends. */
function continueBreather(d: D): void {
  const n = d.t.players;
  if (d.winner !== -1) return;
  if (d.breather === 0) {
    // 1) Determine Flow: most Wounds, then the crowd favourite, then a d6 (rerolled on ties).
    const w = Array.from({ length: n }, (_, p) => woundTotal(d as OphidianState, p));
    let best = [...w.keys()].filter((p) => w[p] === Math.max(...w));
    if (best.length > 1) {
      const fav = best.filter((p) => favorite(d as OphidianState, p));
      if (fav.length === 1) best = fav;
    }
    const dice = new Dice(d.rng);
    while (best.length > 1) {
      const rolls = best.map(() => dice.d(6));
      const top = Math.max(...rolls);
      best = best.filter((_, i) => rolls[i] === top);
    }
    d.rng = dice.state;
    d.flowHolder = best[0]!;
    // 2) Regenerate: Unset everything; redraw (scrap decisions, then draw to hand size + 2 bonus, then cards to the bottom); CP = 10 + Wave.
    d.isSet = d.isSet.map(() => false);
    d.wave = d.wave + 1;
    d.cp = d.cp.map(() => RULES.baseCp + d.wave);
    d.breather = 1;
    d.maneuver = Array.from({ length: n }, (_, k) => (d.flowHolder + k) % n);
    return nextRedraw(d);
  }
  if (d.breather === 2) {
    // 3) Maintain, from the Flow holder to the left: Reinforcements MUST be paid first (3.12).
    for (let k = 0; k < n; k++) {
      const p = (d.flowHolder + k) % n;
      const r = d.t.reinforcement[p]!;
      if (r >= 0 && inPlay(d as OphidianState, r)) {
        const cost = glad(d as OphidianState, r).maintain;
        if (d.cp[p]! >= cost) d.cp = setAt(d.cp, p, d.cp[p]! - cost);
        else removeFromPlay(d, r, false);
      }
    }
    d.breather = 3;
    d.maneuver = maintainQueue(d as OphidianState);
  }
  if (d.breather === 3) {
    while (d.maneuver.length) {
      const c = d.maneuver[0]!;
      const p = controller(d as OphidianState, c);
      const card = strat(d as OphidianState, c);
      if (!inPlay(d as OphidianState, c)) { d.maneuver = d.maneuver.slice(1); continue; }
      if (card.maintain === null || d.cp[p]! < card.maintain) {
        // Skull, or cannot pay: Scrapped.
        d.maneuver = d.maneuver.slice(1);
        removeFromPlay(d, c, false);
        continue;
      }
      flow.openWindow(d, 'maintain', [p], c);
      return;
    }
    d.breather = 4;
    d.maneuver = Array.from({ length: n }, (_, k) => (d.flowHolder + k) % n);
  }
  if (d.breather === 4) {
    // 4) Promote, from the Flow holder to the left.
    while (d.maneuver.length) {
      const p = d.maneuver[0]!;
      d.maneuver = d.maneuver.slice(1);
      const promote = promoteMoves(d as OphidianState, p).length > 1;
      const reinforce = canReinforce(d as OphidianState, p);
      // Windows nest: the last opened is asked first, so Promote is opened after Reinforce.
      if (reinforce) flow.openWindow(d, 'reinforce', [p]);
      if (promote) flow.openWindow(d, 'promote', [p]);
      if (promote || reinforce) return;
    }
    d.breather = 5;
    d.maneuver = maneuverQueue(d as OphidianState);
  }
  if (d.breather === 5) {
    if (d.maneuver.length) {
      flow.openWindow(d, 'maneuver', [controller(d as OphidianState, d.maneuver[0]!)], d.maneuver[0]!);
      return;
    }
    d.breather = -1;
  }
}

function nextRedraw(d: D): void {
  // d.maneuver holds the players still to redraw.
  while (d.maneuver.length) {
    const p = d.maneuver[0]!;
    flow.openWindow(d, 'redraw', [p]);
    return;
  }
  d.breather = 2;
  continueBreather(d);
}

function maintainQueue(s: OphidianState): number[] {
  const out: number[] = [];
  for (let k = 0; k < s.t.players; k++) {
    const p = (s.flowHolder + k) % s.t.players;
    for (let c = 0; c < s.loc.length; c++) if (controller(s, c) === p && !isG(s, c) && (s.loc[c] === LOC.support || s.loc[c] === LOC.action || s.loc[c] === LOC.pump || s.loc[c] === LOC.zoneUp)) out.push(c);
  }
  return out; // face-down Zones need no maintenance (4.0 step 3)
}

function maneuverQueue(s: OphidianState): number[] {
  const out: number[] = [];
  for (let k = 0; k < s.t.players; k++) {
    const p = (s.flowHolder + k) % s.t.players;
    out.push(...charactersOf(s, p));
  }
  return out;
}

export function promoteMoves(s: OphidianState, p: number): OphAction[] {
  const out: OphAction[] = ['none'];
  for (const g of gladiatorsInPlay(s, p)) if (s.lvl[g]! + 1 < glad(s, g).levels.length) out.push(`promote:${g}`);
  return out;
}

/** "You may also bring a Reinforcement Gladiator into play if you have lost one or more Gladiators" (4.0 step 4, 3.12). */
export function canReinforce(s: OphidianState, p: number): boolean {
  const r = s.t.reinforcement[p]!;
  return r >= 0 && !inPlay(s, r) && !s.zones.cards[zoneOf(p, PYRE)]!.includes(r) && gladiatorsInPlay(s, p).length < s.t.team[p]!.length;
}

// ------------------------------------------------------------------ victory (4.2)

function checkVictory(d: D): void {
  if (d.winner !== -1) return;
  const n = d.t.players;
  for (let p = 0; p < n; p++) {
    if (d.cheer[p]! >= RULES.riot) return win(d, p, 'riot');
    if (d.vp[p]! >= RULES.vpWin) return win(d, p, 'points');
  }
  const alive = Array.from({ length: n }, (_, p) => gladiatorsInPlay(d as OphidianState, p).length > 0);
  const standing = [...alive.keys()].filter((p) => alive[p]);
  if (standing.length === 1) return win(d, standing[0]!, 'annihilation');
  if (standing.length === 0) return win(d, -2, 'annihilation');
}

function win(d: D, p: number, reason: string): void {
  d.winner = p;
  d.endReason = reason;
}

/** End of a Wave's Breather or of Wave 4: most VP wins; a tie plays elimination Waves (up to maxWaves, then a draw). */
function checkWaveLimit(d: D): void {
  if (d.winner !== -1 || d.wave <= RULES.waves) return;
  const top = Math.max(...d.vp);
  const leaders = [...d.vp.keys()].filter((p) => d.vp[p] === top);
  if (leaders.length === 1) return win(d, leaders[0]!, d.wave === RULES.waves + 1 ? 'points' : 'elimination');
  if (d.wave > RULES.maxWaves) win(d, -2, 'wave-cap');
}

// ------------------------------------------------------------------ the flow

export const flow = defineFlow<OphidianState, OphAction>({
  turnOrder: {
    round: (s) => Array.from({ length: s.t.players }, (_, k) => (s.flowHolder + k) % s.t.players),
    // The Flow goes to the left after a loss; every player passing in a row ends the Wave.
    next: (s, order) => (wavePassedAll(s) || s.winner !== -1 ? -1 : order.indexOf(s.flowHolder)),
  },
  first: 'act',
  phases: {
    act: {
      onBegin(d) {
        d.lost = false;
        d.plusJustMade = false;
        if (d.breather === SETUP) {
          // Setup (3.1): from the Flow holder to the left, the two bonus cards to the bottom, then the Maneuver.
          d.maneuver = Array.from({ length: d.t.players }, (_, k) => (d.flowHolder + k) % d.t.players);
          flow.openWindow(d, 'bottom', [d.maneuver[0]!]);
        }
      },
      moves: (s, p) => actMoves(s, p),
      play(d, p, a) {
        actPlay(d, p, a);
        checkVictory(d);
      },
      endIf: (s) => s.lost || s.winner !== -1,
    },
  },
  windows: {
    defend: {
      moves(s) {
        const [, target] = s.attack as [number, number];
        const q = controller(s, target);
        const out: OphAction[] = ['allow'];
        for (const c of charactersOf(s, q)) {
          if (c === target || s.isSet[c] || !isG(s, c)) continue;
          if (s.loc[c] === s.loc[target]) out.push(`icp:${c}`);
          else if (s.loc[target] === LOC.support && s.loc[c] === LOC.action) out.push(`prt:${c}`);
        }
        return out;
      },
      play(d, _p, a) {
        const [kind, c] = a.split(':');
        const target = d.attack[1]!;
        if (kind === 'allow') openChain(d, target, 0);
        else openChain(d, Number(c), kind === 'icp' ? 1 : 2);
        return true;
      },
    },
    respond: {
      moves: (s, p) => responseMoves(s, p),
      play(d, p, a) {
        if (a === 'pass') d.chain = setAt(d.chain, 3, d.chain[3]! + 1);
        else {
          d.chain = setAt(d.chain, 3, 0);
          playResponse(d, p, a);
          checkVictory(d);
        }
        return true;
      },
      onClose(d, by) {
        if (d.winner !== -1 || !d.chain.length) return;
        if (d.chain[3]! >= d.t.players) return chainDone(d);
        // The next player clockwise is asked (a choice an effect opened is answered first: it sits above).
        const stackTop = d.stack.length;
        const next = (by + 1) % d.t.players;
        if (stackTop > 0) {
          // An effect choice is open: ask the next responder after it (windows nest; the flow asks the top first).
          const saved = d.stack;
          d.stack = [];
          flow.openWindow(d, 'respond', [next]);
          d.stack = [...d.stack, ...saved];
          return;
        }
        flow.openWindow(d, 'respond', [next]);
      },
    },
    retarget: {
      moves: (s) => retargets(s).map((c) => `new:${c}`),
      play(d, _p, a, bonus) {
        const c = Number(a.split(':')[1]);
        d.attack = setAt(setAt(d.attack, 1, c), 2, d.isSet[c] ? 0 : 1);
        d.attack = setAt(d.attack, 3, raging(d as OphidianState, c) ? 1 : 0);
        resolveAttack(d, c, 'hit', bonus);
        checkVictory(d);
        return true;
      },
    },
    choose: {
      moves: (s) => (s.pending ? s.pending.labels.map((_, k) => `opt:${k}`) : ['opt:0']),
      play(d, _p, a) {
        const pe = d.pending!;
        d.pending = null;
        runProgram(d, [...pe.branches[Number(a.split(':')[1])]!, ...pe.rest], pe.card, pe.controller, pe.targets, pe.x);
        checkVictory(d);
        return true;
      },
    },
    redraw: {
      moves(s, p) {
        const hand = s.zones.cards[zoneOf(p, HAND)]!;
        return ['done', ...[...new Set(hand)].sort((a, b) => a - b).map((c) => `scrap:${c}`)];
      },
      play(d, p, a) {
        if (a !== 'done') {
          const c = Number(a.split(':')[1]);
          d.zones = moveCard(d.zones, zoneOf(p, HAND), d.zones.cards[zoneOf(p, HAND)]!.indexOf(c), zoneOf(p, SCRAP), { reveal: EVERYONE });
          return false;
        }
        // Draw to hand size + 2 bonus, then put back down to the hand size (4.0 step 2).
        const size = handSize(d as OphidianState, p);
        draw(d, p, Math.max(0, size + RULES.bonus - zoneSize(d.zones, zoneOf(p, HAND))));
        return true;
      },
      onClose(d, by) {
        if (by < 0) {
          // A scrap: ask again.
          flow.openWindow(d, 'redraw', [d.maneuver[0]!]);
          return;
        }
        const p = d.maneuver[0]!;
        if (zoneSize(d.zones, zoneOf(p, HAND)) > handSize(d as OphidianState, p)) flow.openWindow(d, 'bottom', [p]);
        else {
          d.maneuver = d.maneuver.slice(1);
          nextRedraw(d);
        }
      },
    },
    bottom: {
      moves: (s, p) => [...new Set(s.zones.cards[zoneOf(p, HAND)]!)].sort((a, b) => a - b).map((c) => `bottom:${c}`),
      play(d, p, a) {
        const c = Number(a.split(':')[1]);
        d.zones = moveCard(d.zones, zoneOf(p, HAND), d.zones.cards[zoneOf(p, HAND)]!.indexOf(c), zoneOf(p, ARSENAL), { forget: true, reveal: seatBit(p) });
        // moveCard puts it on top; the rule puts it at the bottom.
        const z = zoneOf(p, ARSENAL);
        const cards = d.zones.cards[z]!;
        const known = d.zones.known[z]!;
        d.zones = { ...d.zones, cards: setAt(d.zones.cards, z, [cards[cards.length - 1]!, ...cards.slice(0, -1)]), known: setAt(d.zones.known, z, [known[known.length - 1]!, ...known.slice(0, -1)]) };
        return true;
      },
      onClose(d) {
        const p = d.maneuver[0]!;
        if (zoneSize(d.zones, zoneOf(p, HAND)) > handSize(d as OphidianState, p)) flow.openWindow(d, 'bottom', [p]);
        else if (d.breather === 1) {
          d.maneuver = d.maneuver.slice(1);
          nextRedraw(d);
        } else if (d.breather === SETUP) setupBottomDone(d);
      },
    },
    maintain: {
      moves: () => ['keep', 'drop'],
      play(d, p, a, c) {
        if (a === 'keep') d.cp = setAt(d.cp, p, d.cp[p]! - strat(d as OphidianState, c).maintain!);
        else removeFromPlay(d, c, false);
        return true;
      },
      onClose(d) {
        d.maneuver = d.maneuver.slice(1);
        continueBreather(d);
      },
    },
    promote: {
      moves: (s, p) => promoteMoves(s, p),
      play(d, p, a) {
        if (a.startsWith('promote')) {
          const g = Number(a.split(':')[1]);
          d.lvl = setAt(d.lvl, g, d.lvl[g]! + 1);
          d.wounds = setAt(d.wounds, g, Math.max(0, d.wounds[g]! - 1)); // a Promoted Gladiator Heals 1 Wound
        }
        return true;
      },
      onClose(d) {
        if (d.stack.length === 0) continueBreather(d);
      },
    },
    reinforce: {
      moves: () => ['none', 'reinforce'],
      play(d, p, a) {
        if (a === 'reinforce') d.loc = setAt(d.loc, d.t.reinforcement[p]!, LOC.support);
        return true;
      },
      onClose(d) {
        if (d.stack.length === 0) continueBreather(d);
      },
    },
    maneuver: {
      moves: () => ['field:support', 'field:action'],
      play(d, _p, a, c) {
        d.loc = setAt(d.loc, c, a === 'field:action' ? LOC.action : LOC.support);
        return true;
      },
      onClose(d) {
        d.maneuver = d.maneuver.slice(1);
        if (d.maneuver.length) flow.openWindow(d, 'maneuver', [controller(d as OphidianState, d.maneuver[0]!)], d.maneuver[0]!);
        else if (d.breather === 5) continueBreather(d);
      },
    },
  },
  onRoundEnd(d) {
    if (d.winner !== -1) return;
    if (d.wave >= RULES.waves) {
      // After Wave 4 (and each elimination Wave): most VP wins (4.2).
      d.wave = d.wave + 1;
      checkWaveLimit(d);
      d.wave = d.wave - 1;
      if (d.winner !== -1) return;
    }
    d.passes = 0;
    wavePassed(d);
  },
  endIf: (s) => s.winner !== -1,
});

/** Setup (3.1): after each player put its bonus cards at the bottom, the next one does; then the Maneuver. */
function setupBottomDone(d: D): void {
  d.maneuver = d.maneuver.slice(1);
  if (d.maneuver.length) {
    flow.openWindow(d, 'bottom', [d.maneuver[0]!]);
    return;
  }
  d.breather = -1;
  d.maneuver = maneuverQueue(d as OphidianState);
  flow.openWindow(d, 'maneuver', [controller(d as OphidianState, d.maneuver[0]!)], d.maneuver[0]!);
}
