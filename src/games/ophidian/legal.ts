/**
 * What a player may do now (3.2, 3.3): the discipline and Level requirement, target lists,
 * usable abilities, and the Flow holder's actions. Action strings are described in rules.ts.
 */
import { DISCIPLINES, type Ability, type StrategyCard, type TargetSpec } from './cards/types.js';
import * as st from './state.js';
import type { OphidianState, Table } from './state.js';
import { abilitiesOf, admg, charactersInPlay, charactersOf, controller, envOf, glad, inPlay, isChar, isG, life, lookupOf, modifier, opponentsOf, playCostWith, raging, reaches, type OphAction } from './view.js';

const { HAND, PYRE, zoneOf } = st;
const LOC = { ...st.LOC };


/** A player's Gladiators in play as the discipline requirement reads them (3.3): per discipline (DISCIPLINES order), how many have it and the highest Level. */
interface DisciplineProfile {
  readonly count: number[];
  readonly level: number[];
  /** Highest Level of any Gladiator in play (Universal cards: any discipline satisfies them). */
  readonly top: number;
}

/**
 * The profile depends only on which of the player's Gladiators are in play and at which
 * Level. Building the legal actions (and the event chain's "may anyone answer") asks once per
 * card in hand, so it is kept per player: for the last `loc`/`lvl` arrays seen (those are
 * replaced, never written, when they change — copy-on-write — so the same arrays mean the same
 * profile), and per table for every signature (each Gladiator's Level + 1 in play, 0 out) met
 * so far: most actions move a card or a Wound without changing that, and the profile was
 * rebuilt a hundred times a match when only the arrays were compared.
 */
interface ProfileMemo {
  t: Table;
  loc: readonly number[];
  lvl: readonly number[];
  profile: DisciplineProfile;
  readonly bySignature: Map<number, DisciplineProfile>;
}
const profileMemo: (ProfileMemo | undefined)[] = [];
function disciplineProfile(s: OphidianState, p: number): DisciplineProfile {
  let m = profileMemo[p];
  if (m !== undefined && m.loc === s.loc && m.lvl === s.lvl && m.t === s.t) return m.profile;
  const gladiators = lookupOf(s.t).gladiators[p]!;
  // Base 8 (a Level index below 7): exact up to 17 Gladiators, far beyond a team and its Reinforcements.
  let signature = 0;
  let exact = gladiators.length <= 17;
  for (const g of gladiators) {
    const l = s.loc[g]!;
    const v = l === LOC.support || l === LOC.action ? s.lvl[g]! + 1 : 0;
    if (v > 7) exact = false;
    signature = signature * 8 + v;
  }
  if (m === undefined || m.t !== s.t) profileMemo[p] = m = { t: s.t, loc: s.loc, lvl: s.lvl, profile: NO_PROFILE, bySignature: new Map() };
  let profile = exact ? m.bySignature.get(signature) : undefined;
  if (profile === undefined) {
    profile = buildProfile(s, gladiators);
    if (exact) m.bySignature.set(signature, profile);
  }
  m.loc = s.loc;
  m.lvl = s.lvl;
  m.profile = profile;
  return profile;
}
const NO_PROFILE: DisciplineProfile = { count: [], level: [], top: 0 };

function buildProfile(s: OphidianState, gladiators: readonly number[]): DisciplineProfile {
  const count = [0, 0, 0, 0, 0, 0];
  const level = [-1, -1, -1, -1, -1, -1];
  let top = 0;
  for (const g of gladiators) {
    if (s.loc[g] !== LOC.support && s.loc[g] !== LOC.action) continue;
    const l = glad(s, g).levels[s.lvl[g]!]!;
    if (l.level > top) top = l.level;
    for (const dis of l.disciplines) {
      const k = DISCIPLINES.indexOf(dis);
      count[k]!++;
      if (l.level > level[k]!) level[k] = l.level;
    }
  }
  return { count, level, top };
}

/** The discipline and Level requirement (3.3): a Gladiator in play with the discipline at the card's Level, and `extra` more with the discipline. */
export function canPlayDiscipline(s: OphidianState, p: number, c: StrategyCard): boolean {
  return meetsProfile(disciplineProfile(s, p), c);
}
function meetsProfile(prof: DisciplineProfile, c: StrategyCard): boolean {
  if (c.discipline === 'universal') return c.level <= prof.top;
  const k = DISCIPLINES.indexOf(c.discipline);
  return prof.level[k]! >= c.level && prof.count[k]! >= 1 + c.extra;
}

/** The one target list of a card or ability without targets (shared: callers only read it). */
const NO_TARGETS: number[][] = [[]];

/**
 * One-target lists, shared (callers only read them): a target list per candidate per step was
 * much of the garbage. Per table, one per instance, built at once (an array filled at scattered
 * indices becomes a slow sparse one in V8).
 */
const singles = st.perTable((t: Table): number[][] => t.card.map((_, c) => [c]));

/** The valid target lists for a target spec (single targets, or up to `count` distinct ones). */
export function targetChoices(s: OphidianState, p: number, spec: TargetSpec | null): readonly (readonly number[])[] {
  if (!spec) return NO_TARGETS;
  if (spec.count === 1 && spec.keyword === null && s.t.players === 2) {
    const code = plainCharacterCode(spec, p);
    if (code >= 0) {
      const chars = charactersInPlay(s);
      return (chars.singles[code] ??= singleCharacterTargets(s, p, spec, chars.all));
    }
  }
  const pool: number[] = [];
  // Character targets are looked for among the characters in play only (in instance order, as a full scan would).
  const chars = spec.kind === 'character' || spec.kind === 'gladiator' || spec.kind === 'minion';
  const candidates = chars ? charactersInPlay(s).all : null;
  const n = candidates ? candidates.length : s.loc.length;
  for (let i = 0; i < n; i++) {
    const c = candidates ? candidates[i]! : i;
    const l = s.loc[c]!;
    const mine = controller(s, c) === p;
    if (!mine && !reaches(s, p, controller(s, c))) continue; // 7.0: only the neighbours' cards
    if (spec.side === 'ally' && !mine) continue;
    if (spec.side === 'enemy' && mine) continue;
    let ok = false;
    if (chars) ok = spec.kind === 'character' || (spec.kind === 'gladiator') === isG(s, c);
    else if (spec.kind === 'pump') ok = l === LOC.pump;
    else if (spec.kind === 'zone') ok = l === LOC.zoneUp || l === LOC.zoneDown;
    if (!ok) continue;
    if (spec.field === 'action' && l !== LOC.action) continue;
    if (spec.field === 'support' && l !== LOC.support) continue;
    if (spec.keyword && !s.t.card[c]!.keywords.includes(spec.keyword)) continue;
    pool.push(c);
  }
  if (spec.count === 1) {
    const one = singles(s.t);
    return pool.map((c) => one[c]!);
  }
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

/**
 * A one-target character spec without keyword as a small code (player, side, kind, field), or
 * -1 for any other spec: the index of its list in the position's `singles` (view.ts).
 */
function plainCharacterCode(spec: TargetSpec, p: number): number {
  const kind = spec.kind === 'character' ? 0 : spec.kind === 'gladiator' ? 1 : spec.kind === 'minion' ? 2 : -1;
  if (kind < 0 || p > 1) return -1;
  const side = spec.side === 'ally' ? 0 : spec.side === 'enemy' ? 1 : 2;
  const field = spec.field === 'action' ? 0 : spec.field === 'support' ? 1 : 2;
  return ((p * 3 + side) * 3 + kind) * 3 + field;
}

/** The one-target lists of a plain character spec in a two-player match (everyone reaches everyone): the characters in play that fit, in instance order. */
function singleCharacterTargets(s: OphidianState, p: number, spec: TargetSpec, all: readonly number[]): readonly (readonly number[])[] {
  const one = singles(s.t);
  const out: (readonly number[])[] = [];
  for (const c of all) {
    const mine = controller(s, c) === p;
    if (spec.side === 'ally' && !mine) continue;
    if (spec.side === 'enemy' && mine) continue;
    if (spec.kind !== 'character' && (spec.kind === 'gladiator') !== isG(s, c)) continue;
    const l = s.loc[c]!;
    if (spec.field === 'action' && l !== LOC.action) continue;
    if (spec.field === 'support' && l !== LOC.support) continue;
    out.push(one[c]!);
  }
  return out;
}

export const tKey = (ts: readonly number[]) => (ts.length ? `:t${ts.join(',')}` : '');

/**
 * Multi-player (7.0): an effect that names "the opponent" while its player has two
 * neighbours — the player picks which (`:o<seat>`), unless an enemy target already says
 * whose it is. One empty suffix otherwise (two or three players with one choice, no such effect).
 */
function foes(s: OphidianState, p: number, names: boolean | undefined, ts: readonly number[]): readonly string[] {
  if (!names) return NO_FOE;
  const opps = opponentsOf(s, p);
  if (opps.length < 2 || ts.some((t) => opps.includes(controller(s, t)))) return NO_FOE;
  return opps.map((q) => `:o${q}`);
}
const NO_FOE: readonly string[] = [''];

/**
 * The same choice for a Response (a card or an ability answering an Attack or an event): the
 * player names "the opponent" unless an enemy target says whose it is. The neighbour the
 * answered event belongs to (`subject`'s controller) is listed first, as the likeliest one.
 */
export function responseFoes(s: OphidianState, p: number, names: boolean | undefined, ts: readonly number[], subject: number): readonly string[] {
  const all = foes(s, p, names, ts);
  if (all.length < 2 || subject < 0) return all;
  const first = `:o${controller(s, subject)}`;
  return all.includes(first) ? [first, ...all.filter((o) => o !== first)] : all;
}

export function abilityUsable(s: OphidianState, p: number, c: number, ab: Ability): boolean {
  if (ab.flow !== '+' && ab.flow !== '-' && ab.flow !== '?' && ab.flow !== 'PASS') return false;
  if (ab.trigger) return false;
  if (ab.cost.set && s.isSet[c]) return false;
  if (ab.raging === 'only' && !raging(s, c)) return false;
  if (ab.raging === 'never' && raging(s, c)) return false;
  const env = envOf(s, c, p);
  if (ab.cost.cp(env) > s.cp[p]!) return false;
  const lifeCost = ab.cost.life(env);
  if (lifeCost > 0 && lifeCost > life(s, c) - s.wounds[c]!) return false;
  if (ab.condition && !ab.condition(env)) return false;
  return true;
}

/**
 * Channeling (Madame Petice, 8.0 "Flow within effects"): use a (-) or (?) ability of a
 * Gladiator in your Funeral Pyre, at the Level it had, as the channeler — its name, costs
 * and conditions read the channeler ("Gaining and Using Other Card's Abilities"); its Set cost
 * is the Channeling's own Set. Action: `ch:<channeler>:<ability>:<pyre Gladiator>:<its ability>[:t<targets>]`.
 */
export function channelMoves(s: OphidianState, p: number, c: number, k: number, channeling: Ability): OphAction[] {
  const out: OphAction[] = [];
  const spare = s.cp[p]! - channeling.cost.cp(envOf(s, c, p));
  for (const g of s.zones.cards[zoneOf(p, PYRE)]!) {
    if (!isG(s, g)) continue;
    glad(s, g).levels[s.lvl[g]!]!.abilities.forEach((ab, k2) => {
      if ((ab.flow !== '-' && ab.flow !== '?') || ab.trigger || ab.target?.kind === 'pyre-gladiator') return;
      if (ab.raging === 'only' && !raging(s, c)) return;
      if (ab.raging === 'never' && raging(s, c)) return;
      const env = envOf(s, c, p);
      if (ab.cost.cp(env) > spare || (ab.cost.life(env) > 0 && ab.cost.life(env) > life(s, c) - s.wounds[c]!)) return;
      if (ab.condition && !ab.condition(env)) return;
      for (const ts of targetChoices(s, p, ab.target)) for (const o of foes(s, p, ab.namesOpponent, ts)) out.push(`ch:${c}:${k}:${g}:${k2}${tKey(ts)}${o}`);
    });
  }
  return out;
}

/**
 * The commonest action strings (Advance, Retreat, Attack, a card played with no choice or one
 * target, an ability 0..3 used with no choice or one target), built once per table and
 * reused: the legal actions are listed at every step of a search, and a reused string also
 * keeps its hash for the search tree's maps and the action parser's memo (actions.ts).
 */
const A_ADV = 0;
const A_RET = 1;
const A_ATK = 2;
const A_PLAY = 3;
const A_PLAY_T = 4;
/** Ability k of card a: kind A_AB + 2k (no target), A_AB + 2k + 1 (target b). */
const A_AB = 5;
const AB_INTERNED = 4;
const KINDS = A_AB + 2 * AB_INTERNED;
// Dense and packed (pushed, not `new Array(n).fill`: that stays holey) so that V8 keeps it a
// plain array, not a dictionary of its few used indices, and reads it without hole checks.
const actionNames = st.perTable((t: Table) => {
  const names: (string | null)[] = [];
  for (let i = KINDS * t.card.length * t.card.length; i > 0; i--) names.push(null);
  return names;
});
function named(t: Table, kind: number, a: number, b = 0): string {
  const names = actionNames(t);
  const n = t.card.length;
  const i = (kind * n + a) * n + b;
  const hit = names[i]!;
  if (hit !== null) return hit;
  const made = kind === A_ADV ? `adv:${a}` : kind === A_RET ? `ret:${a}` : kind === A_ATK ? `atk:${a}:${b}` : kind === A_PLAY ? `play:${a}` : kind === A_PLAY_T ? `play:${a}:t${b}` : abilityName(a, (kind - A_AB) >> 1, (kind - A_AB) & 1 ? [b] : NO_TARGETS[0]!, '');
  names[i] = made;
  return made;
}
const abilityName = (c: number, k: number, ts: readonly number[], o: string): string => `ab:${c}:${k}${tKey(ts)}${o}`;

/** The X of a card without X (shared: only read). */
const ONLY_X0: readonly number[] = [0];

/** The Flow holder's actions (3.2). */
export function actMoves(s: OphidianState, p: number): OphAction[] {
  const out: OphAction[] = ['pass'];
  if (s.plusJustMade && s.cheer[p]! > 0) out.push('trade');
  const cp = s.cp[p]!;
  const hand = s.zones.cards[zoneOf(p, HAND)]!;
  const costMod = hand.length ? modifier(s, 'cost', -1, p) : 0; // continuous cost modifiers: the same for every card of p
  let prof: DisciplineProfile | null = null; // p's discipline profile, read once
  for (const c of hand) {
    const card = s.t.card[c] as StrategyCard;
    if (card.flow !== '+' && card.flow !== '-' && card.flow !== '?') continue;
    if (!meetsProfile((prof ??= disciplineProfile(s, p)), card) || !uniqueAllows(s, p, c, card)) continue;
    // Choices made while playing: X, targets, the cards discarded and Minions scrapped as extra
    // play costs (3.3 "Other Requirements"), the Zone of yours scrapped past the four-Zone limit (2.2).
    const extras = extraCostChoices(s, p, c, card);
    const zones = zoneChoices(s, p, card);
    if (!extras.length || !zones.length) continue;
    // X is any amount the player can pay (8.0 "The X").
    const xs = card.cost.xChosen ? Array.from({ length: Math.max(0, cp) + 1 }, (_, i) => i) : ONLY_X0;
    let targets: readonly (readonly number[])[] | null = null; // the same for every X: listed once, when an X is affordable
    for (const x of xs) {
      if (playCostWith(s, p, c, x, costMod) > cp) continue;
      targets ??= targetChoices(s, p, card.target);
      for (const ts of targets) {
        if (card.type === 'pump' && ts.length === 0) continue;
        const os = foes(s, p, card.namesOpponent, ts);
        if (!card.cost.xChosen && os === NO_FOE && extras.length === 1 && extras[0] === '' && zones.length === 1 && zones[0] === '' && ts.length < 2) {
          out.push(ts.length === 0 ? named(s.t, A_PLAY, c) : named(s.t, A_PLAY_T, c, ts[0]!));
          continue;
        }
        for (const o of os) for (const e of extras) for (const z of zones) out.push(`play:${c}${tKey(ts)}${card.cost.xChosen ? `:x${x}` : ''}${e}${z}${o}`);
      }
    }
  }
  // Abilities, then each character's Advance/Retreat/Attacks, in instance order (the player's
  // instances with abilities or that can be characters, from the table lookup, instead of a
  // scan of every instance).
  const look = lookupOf(s.t);
  const { hasAbilities, charCandidate } = look;
  let enemies: readonly number[] | null = null; // the neighbours' characters (7.0), listed once
  for (const c of look.actors[p]!) {
    if (!inPlay(s, c)) continue;
    if (hasAbilities[c] && s.loc[c] !== LOC.zoneDown) {
      const abs = abilitiesOf(s, c);
      for (let k = 0; k < abs.length; k++) {
        const ab = abs[k]!;
        if (!abilityUsable(s, p, c, ab)) continue;
        if (ab.target?.kind === 'pyre-gladiator') {
          out.push(...channelMoves(s, p, c, k, ab));
          continue;
        }
        for (const ts of targetChoices(s, p, ab.target)) {
          const os = foes(s, p, ab.namesOpponent, ts);
          if (os === NO_FOE && k < AB_INTERNED && ts.length < 2) out.push(named(s.t, A_AB + 2 * k + ts.length, c, ts.length ? ts[0]! : 0));
          else for (const o of os) out.push(abilityName(c, k, ts, o));
        }
      }
    }
    if (!charCandidate[c] || !isChar(s, c)) continue;
    if (s.loc[c] === LOC.support && !s.isSet[c]) out.push(named(s.t, A_ADV, c));
    if (s.loc[c] === LOC.action && !raging(s, c)) out.push(named(s.t, A_RET, c));
    if (s.loc[c] === LOC.action && !s.isSet[c] && admg(s, c) >= 0) {
      if (!enemies) {
        const inPlay = charactersInPlay(s).per;
        const opps = opponentsOf(s, p);
        enemies = opps.length === 1 ? inPlay[opps[0]!]! : opps.flatMap((q) => inPlay[q]!);
      }
      for (const e of enemies) out.push(named(s.t, A_ATK, c, e));
    }
  }
  return out;
}

/** The choices after a card or ability in an action string: `t` targets, `x` X, `d` discards, `m` Minions scrapped, `z` the Zone replaced, `o` the neighbour named as "the opponent". */
export function parseTargets(parts: string[]): { targets: number[]; x: number; discards: number[]; minions: number[]; zone: number; foe: number } {
  let targets: number[] = [];
  let foe = -1;
  let x = 0;
  let discards: number[] = [];
  let minions: number[] = [];
  let zone = -1;
  for (const part of parts) {
    if (part.startsWith('t')) targets = numberList(part);
    else if (part.startsWith('x')) x = Number(part.slice(1));
    else if (part.startsWith('d')) discards = numberList(part);
    else if (part.startsWith('m')) minions = numberList(part);
    else if (part.startsWith('z')) zone = Number(part.slice(1));
    else if (part.startsWith('o')) foe = Number(part.slice(1));
  }
  return { targets, x, discards, minions, zone, foe };
}

/** `t3,7` → [3, 7] (a module function: a closure per part was made and named at every parse). */
const numberList = (part: string): number[] => part.slice(1).split(',').map(Number);

/** Every way to pick `n` distinct items of `pool` (in pool order). */
function combinations(pool: readonly number[], n: number): number[][] {
  const out: number[][] = [];
  const pick = (start: number, chosen: number[]) => {
    if (chosen.length === n) return void out.push(chosen);
    for (let i = start; i < pool.length; i++) pick(i + 1, [...chosen, pool[i]!]);
  };
  pick(0, []);
  return out;
}

/** The one empty suffix when a card has no such choice (shared: callers only read it). */
const NO_CHOICE: readonly string[] = [''];

/**
 * Extra play costs (3.3 "Other Requirements": discard cards, scrap a Minion), as action suffixes;
 * none when they cannot be paid ("These costs MUST be paid for the card to be played").
 */
export function extraCostChoices(s: OphidianState, p: number, c: number, card: StrategyCard): readonly string[] {
  const { discard, scrapMinion } = card.cost;
  if (!discard && !scrapMinion) return NO_CHOICE;
  const handCards = s.zones.cards[zoneOf(p, HAND)]!.filter((h) => h !== c);
  const minions = charactersOf(s, p).filter((m) => !isG(s, m));
  const ds = discard ? combinations(handCards, discard).map((x) => `:d${x.join(',')}`) : [''];
  const ms = scrapMinion ? combinations(minions, scrapMinion).map((x) => `:m${x.join(',')}`) : [''];
  const out: string[] = [];
  for (const d of ds) for (const m of ms) out.push(d + m);
  return out;
}

/** Zones in the Arena (face up or down), all players'. */
export const zonesInArena = (s: OphidianState): number[] => {
  const out: number[] = [];
  for (let i = 0; i < s.loc.length; i++) if (s.loc[i] === LOC.zoneUp || s.loc[i] === LOC.zoneDown) out.push(i);
  return out;
};

/**
 * Past the four-Zone limit the player scraps one of its own Zones, face up or down (2.2): one
 * choice each. With four Zones and none of its own the new Zone cannot enter (no fifth Zone).
 */
export function zoneChoices(s: OphidianState, p: number, card: StrategyCard): readonly string[] {
  if (card.type !== 'zone') return NO_CHOICE;
  // 2.2: "You can only have four Zone cards in the Arena at any one time" — your own four by default (option `zoneLimit`).
  const zones = s.zonesPerPlayer ? zonesInArena(s).filter((z) => controller(s, z) === p) : zonesInArena(s);
  if (zones.length < 4) return NO_CHOICE;
  return zones.filter((z) => controller(s, z) === p).map((z) => `:z${z}`);
}

/**
 * The Unique keyword (8.0): a Unique card only once in play per player; a Unique Quick-Hit
 * only once per Wave per player.
 */
export function uniqueAllows(s: OphidianState, p: number, c: number, card: StrategyCard): boolean {
  if (!card.unique) return true;
  if (card.type === 'quick-hit') return !s.uniqueUsed.includes(`${p}:${card.id}`);
  for (let i = 0; i < s.loc.length; i++) if (i !== c && s.loc[i] !== LOC.out && controller(s, i) === p && s.t.card[i]!.id === card.id) return false;
  return true;
}

