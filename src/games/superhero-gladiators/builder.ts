/**
 * The builder: everything the text computes from a hero card, and the rules a legal
 * hero obeys. `buildHero` turns a validated hero spec into a `Hero` (secondaries,
 * segment boxes, each power's cost with its factors) or throws one line naming the
 * hero, the field, the value and the rule broken.
 */
import { UserError, showValue } from '../../core/errors.js';
import { GIZMO_KINDS, POWER_TYPES, UNRELIABLE_KINDS, type Enhancement, type GizmoKind, type PowerType, type PowerTypeInfo, type VisionKind } from './catalogue.js';
import { DEFAULT_BUILD_OPTIONS, type BuildOptions } from './build-options.js';
import type { HeroSpec, PowerSpec } from './hero.js';
import { SEED_NUMBERS, type NumberSet, type PowerNumbers } from './power-numbers.js';
import { checkPowerTypes, powerTypeInfo, typeNumbers } from './power-types.js';

/** Uses per game as a number (`infinite` = Infinity). */
export type Uses = number;

export interface CostFactors {
  /** unit x levelBase^(level-1) */
  readonly level: number;
  /** usesA - usesB x usesBase^(-uses) */
  readonly uses: number;
  /** Each enhancement's modifier, in the order given. */
  readonly modifiers: readonly { readonly enhancement: Enhancement; readonly factor: number }[];
}

export interface Power {
  /** The power's type as the hero file names it: its identity (name, numbers, card text). */
  readonly type: string;
  /**
   * The mechanic the rules apply: one of the text's 22 types (a built-in type is its own
   * mechanic). Everything that asks "is this a close attack?" asks this, never `type`.
   */
  readonly mechanic: PowerType;
  /** The type's name and one-line rule, for cards and logs. */
  readonly name: string;
  readonly text: string;
  /** The type's compiled numbers (power-numbers.yaml, or the game's `powerNumbers`): what the rules read. */
  readonly numbers: NumberSet;
  readonly level: number;
  readonly uses: Uses;
  readonly gizmo: GizmoKind;
  readonly piercing: boolean;
  readonly missile: boolean;
  /** The d20 roll at or below which the power works: 20 (reliable), 15 or 10. */
  readonly worksOn: number;
  readonly alwaysOn: boolean;
  readonly enhancements: readonly Enhancement[];
  readonly look: string;
  /** enhanced-vision: what it sees; darkness: the vision that sees through it. */
  readonly vision: VisionKind | null;
  /** extra-limbs: limbs spent on extra segments. */
  readonly limbSegments: number;
  /** extra-limbs: the segments (0-based) the player named for them, or null for the count shorthand. */
  readonly limbSegmentList: readonly number[] | null;
  readonly cost: number;
  readonly factors: CostFactors;
}

export interface Hero {
  readonly name: string;
  readonly look: string;
  readonly sample: boolean;
  readonly STR: number;
  readonly DEX: number;
  readonly SIZ: number;
  readonly PER: number;
  /** 2 x DEX + STR, plus extra limbs given to combat (the card's number). */
  readonly combatModifier: number;
  /** 2 x DEX + STR: the combat modifier without the limbs (which count only while the power is usable). */
  readonly baseCombatModifier: number;
  /** Extra limbs given to combat (+1 combat modifier each). */
  readonly limbCombat: number;
  /** STR x SIZ x 3. */
  readonly oomphMax: number;
  /** DEX x SIZ. */
  readonly movementRate: number;
  /** Segment boxes #1..#6 (index 0..5): may act on that segment (the card: movement rate and extra limbs). */
  readonly segments: readonly boolean[];
  /** The boxes the extra limbs add (acting on one is a use of the extra-limbs power). */
  readonly limbBoxes: readonly boolean[];
  /** The rate the segment boxes were read from (build option `segmentRate`). */
  readonly segmentRate: number;
  /** Movement rate per mode of movement ("normal", "flight", ...). */
  readonly rates: Readonly<Record<string, number>>;
  readonly powers: readonly Power[];
  readonly characteristicPointsBought: number;
  readonly characteristicPrice: number;
  readonly characteristicCost: number;
  readonly powerCost: number;
  readonly totalCost: number;
  readonly budget: number;
}

/** The cost formula's level factor: unit x levelBase^(level-1). */
export function levelFactor(level: number, o: BuildOptions = DEFAULT_BUILD_OPTIONS): number {
  return o.unit * Math.pow(o.levelBase, level - 1);
}

/** The cost formula's uses factor: usesA - usesB x usesBase^(-uses) (Infinity -> usesA). */
export function usesFactor(uses: Uses, o: BuildOptions = DEFAULT_BUILD_OPTIONS): number {
  return o.usesA - o.usesB * Math.pow(o.usesBase, -uses);
}

/** cost = 10 x 1.4948^(level-1) x (3 - 3.15 x 1.1^-uses), before enhancements. */
export function baseCost(level: number, uses: Uses, o: BuildOptions = DEFAULT_BUILD_OPTIONS): number {
  return levelFactor(level, o) * usesFactor(uses, o);
}

/**
 * The enhancements a power's cost multiplies in: those given, plus `no-gizmo` when no gizmo
 * kind is given (a power listed without a gizmo has none, so it pays the no-gizmo modifier
 * like one that says so).
 */
export function pricedEnhancements(enhancements: readonly Enhancement[]): readonly Enhancement[] {
  return enhancements.some((e) => (GIZMO_KINDS as readonly string[]).includes(e)) ? enhancements : [...enhancements, 'no-gizmo'];
}

/** The full cost of a power: the base cost times each enhancement's modifier (no gizmo given = no-gizmo's). */
export function powerCost(level: number, uses: Uses, enhancements: readonly Enhancement[], o: BuildOptions = DEFAULT_BUILD_OPTIONS): number {
  let c = baseCost(level, uses, o);
  for (const e of pricedEnhancements(enhancements)) c *= o.modifiers[e];
  return c;
}

/**
 * Segment boxes for a movement rate: segment i is checked when the rate reaches
 * `thresholds[i]` (the text: #1 >= 1, #2 >= 26, #3 >= 6, #4 >= 21, #5 >= 11, #6 >= 16).
 */
export function segmentBoxes(movementRate: number, thresholds: readonly number[] = DEFAULT_BUILD_OPTIONS.segmentThresholds): boolean[] {
  return thresholds.map((t) => movementRate >= t);
}

/**
 * Adds `extra` segments (extra limbs "allow an action on one extra phase"): the
 * unchecked boxes a faster hero would gain next, lowest threshold first.
 */
export function withExtraSegments(boxes: readonly boolean[], extra: number, thresholds: readonly number[]): boolean[] {
  const out = [...boxes];
  const order = thresholds.map((t, i) => ({ t, i })).sort((a, b) => a.t - b.t || a.i - b.i);
  let left = extra;
  for (const { i } of order) {
    if (left <= 0) break;
    if (!out[i]) {
      out[i] = true;
      left--;
    }
  }
  return out;
}

/**
 * Powers on which "always on" changes play: the guards (defenses, missile deflection) that
 * otherwise take an action to switch on. The other starred powers (movement, extra limbs,
 * enhanced vision, life support) work without an action whenever they matter, so under
 * `alwaysOnWhereItActs` (default) the builder does not sell them a x1.25 that does nothing.
 */
const ALWAYS_ON_ACTS: ReadonlySet<PowerType> = new Set<PowerType>(['defenses', 'missile-deflection']);

/** May a power of type `info` be declared always on under the build options? */
export function alwaysOnAllowed(info: PowerTypeInfo, o: BuildOptions = DEFAULT_BUILD_OPTIONS): boolean {
  return info.alwaysOnAllowed && (!o.alwaysOnWhereItActs || ALWAYS_ON_ACTS.has(info.mechanic));
}

function fail(where: string, hero: string, field: string, value: unknown, rule: string): never {
  throw new UserError(`${where}: hero ${JSON.stringify(hero)}: ${field} is ${showValue(value)}; ${rule}`);
}

/** The type of power `i` of a hero: a text type or one of the hero's own, or one line naming what is allowed. */
function typeOf(spec: HeroSpec, p: PowerSpec, i: number, where: string): PowerTypeInfo {
  const info = powerTypeInfo(p.type, spec.powerTypes, `${where}: hero ${JSON.stringify(spec.name)}`);
  if (info) return info;
  const own = (spec.powerTypes ?? []).map((t) => t.id);
  return fail(where, spec.name, `powers[${i}].type`, p.type, `allowed: one of the text's types (${POWER_TYPES.join(', ')})${own.length ? ` or the file's own (${own.join(', ')})` : ' or a power type of the file (powerTypes: beside heroes:)'}`);
}

function buildPower(p: PowerSpec, info: PowerTypeInfo, i: number, hero: string, where: string, o: BuildOptions, numbers: PowerNumbers): Power {
  const field = `powers[${i}] (${p.type})`;
  const mechanic = info.mechanic;
  if (info.minLevel === info.maxLevel && p.level !== info.minLevel) {
    fail(where, hero, `${field}.level`, p.level, `allowed: ${info.minLevel} only (${p.type} is a level-only power)`);
  }
  const cap = Math.min(info.maxLevel ?? o.maxLevel, o.maxLevel);
  if (p.level < info.minLevel || p.level > cap) fail(where, hero, `${field}.level`, p.level, `allowed: ${info.minLevel} to ${cap}`);
  const uses = p.uses === 'infinite' ? Infinity : p.uses;
  const enh = p.enhancements;
  const seen = new Set<Enhancement>();
  for (const e of enh) {
    if (seen.has(e)) fail(where, hero, `${field}.enhancements`, enh, `allowed: each enhancement once (${e} repeats)`);
    seen.add(e);
  }
  const gizmos = enh.filter((e) => (GIZMO_KINDS as readonly string[]).includes(e));
  if (gizmos.length > 1) fail(where, hero, `${field}.enhancements`, enh, 'allowed: one gizmo kind (no-gizmo, indestructible-gizmo, hidden-gizmo or visible-gizmo)');
  const unreliable = enh.filter((e) => (UNRELIABLE_KINDS as readonly string[]).includes(e));
  if (unreliable.length > 1) fail(where, hero, `${field}.enhancements`, enh, 'allowed: one of unreliable-15, unreliable-10');
  // A content type sells a subset of its mechanic's enhancements (power-types.ts); say so when it is the type that refuses.
  const own = info.id !== mechanic ? ` (power type ${info.id} is sold without it)` : '';
  if (seen.has('piercing') && !info.piercingAllowed) fail(where, hero, `${field}.enhancements`, enh, `allowed: piercing only on close-attack, distance-attack, defenses, absorbing${own}`);
  if (seen.has('missile') && !info.missileAllowed) fail(where, hero, `${field}.enhancements`, enh, `allowed: missile only on distance-attack, entangle${own}`);
  if (seen.has('always-on')) {
    if (!info.alwaysOnAllowed) fail(where, hero, `${field}.enhancements`, enh, `allowed: always-on only on the starred powers (movement rate powers, extra-limbs, defenses, missile-deflection, enhanced-vision, life-support)${own}`);
    if (!alwaysOnAllowed(info, o)) fail(where, hero, `${field}.enhancements`, enh, 'allowed: always-on only on defenses and missile-deflection (it works without an action already; build option alwaysOnWhereItActs: false sells it anyway)');
    if (o.alwaysOnNeedsInfiniteUses && uses !== Infinity) fail(where, hero, `${field}.uses`, p.uses, 'allowed: infinite for an always-on power');
  }
  let limbSegmentList: number[] | null = null;
  if (p.segments !== undefined) {
    if (mechanic !== 'extra-limbs') fail(where, hero, `${field}.segments`, p.segments, 'allowed: only on extra-limbs');
    if (typeof p.segments === 'number') {
      if (p.segments > p.level) fail(where, hero, `${field}.segments`, p.segments, `allowed: 0 to ${p.level} (one per limb)`);
    } else {
      if (p.segments.length > p.level) fail(where, hero, `${field}.segments`, p.segments, `allowed: at most ${p.level} segments (one per limb)`);
      if (new Set(p.segments).size !== p.segments.length) fail(where, hero, `${field}.segments`, p.segments, 'allowed: each segment once');
      limbSegmentList = p.segments.map((x) => x - 1);
    }
  }
  let vision: VisionKind | null = null;
  if (mechanic === 'enhanced-vision') {
    vision = p.vision ?? (p.level === 1 ? 'infrared' : 'x-ray');
    if (p.level === 1 && vision !== 'infrared') fail(where, hero, `${field}.vision`, vision, 'allowed: infrared at level 1');
    if (p.level === 2 && vision === 'infrared') fail(where, hero, `${field}.vision`, vision, 'allowed: ultraviolet, x-ray or sonar at level 2');
  } else if (mechanic === 'darkness') {
    vision = p.vision ?? 'infrared';
  } else if (p.vision !== undefined) {
    fail(where, hero, `${field}.vision`, p.vision, 'allowed: only on enhanced-vision and darkness');
  }
  const gizmo = (gizmos[0] as GizmoKind | undefined) ?? 'no-gizmo';
  const modifiers = pricedEnhancements(enh).map((e) => ({ enhancement: e, factor: o.modifiers[e] }));
  const cost = powerCost(p.level, uses, enh, o);
  return {
    type: p.type,
    mechanic,
    name: info.name,
    text: info.text,
    numbers: typeNumbers(info, numbers),
    level: p.level,
    uses,
    gizmo,
    piercing: seen.has('piercing'),
    missile: seen.has('missile'),
    worksOn: seen.has('unreliable-10') ? 10 : seen.has('unreliable-15') ? 15 : 20,
    alwaysOn: seen.has('always-on'),
    enhancements: enh,
    look: p.look,
    vision,
    limbSegments: mechanic === 'extra-limbs' ? (limbSegmentList ? limbSegmentList.length : ((p.segments as number | undefined) ?? 0)) : 0,
    limbSegmentList,
    cost,
    factors: { level: levelFactor(p.level, o), uses: usesFactor(uses, o), modifiers },
  };
}

/** Budget slack for floating-point sums (a hero exactly at 200 is legal). */
const EPS = 1e-9;

/**
 * Builds a hero from a validated spec, checking every build rule. `numbers` are the power
 * numbers its powers carry (the game's, with its `powerNumbers` overrides; the text's by default).
 */
export function buildHero(spec: HeroSpec, o: BuildOptions = DEFAULT_BUILD_OPTIONS, where = 'hero', numbers: PowerNumbers = SEED_NUMBERS): Hero {
  const name = spec.name;
  for (const c of ['STR', 'DEX', 'SIZ', 'PER'] as const) {
    if (spec[c] < o.characteristicMin) fail(where, name, c, spec[c], `allowed: at least ${o.characteristicMin}`);
  }
  const sum = spec.STR + spec.DEX + spec.SIZ + spec.PER;
  if (sum < o.characteristicPoints) {
    fail(where, name, 'STR+DEX+SIZ+PER', sum, `allowed: at least ${o.characteristicPoints} (the free characteristic points; more cost ${o.characteristicPrice} points each)`);
  }
  // "You can only buy each type of superpower once": a content type is a kind of the text's
  // type it is like (a sonic punch is a close attack), so each mechanic once.
  if (spec.powerTypes) checkPowerTypes(spec.powerTypes, `${where}: hero ${JSON.stringify(name)}`);
  const infos = spec.powers.map((p, i) => typeOf(spec, p, i, where));
  const mechanics = new Map<PowerType, string>();
  infos.forEach((info, i) => {
    const before = mechanics.get(info.mechanic);
    if (before !== undefined) fail(where, name, `powers[${i}].type`, spec.powers[i]!.type, `allowed: each power type once${before !== spec.powers[i]!.type || info.id !== info.mechanic ? ` (${info.id} and ${before} are both ${info.mechanic})` : ''}`);
    mechanics.set(info.mechanic, info.id);
  });
  const powers = spec.powers.map((p, i) => buildPower(p, infos[i]!, i, name, where, o, numbers));
  const bought = sum - o.characteristicPoints;
  const characteristicCost = bought * o.characteristicPrice;
  const powerTotal = powers.reduce((a, p) => a + p.cost, 0);
  const total = characteristicCost + powerTotal;
  if (total > o.budget + EPS) {
    fail(where, name, 'total cost', Number(total.toFixed(2)), `allowed: at most ${o.budget} points (powers ${powerTotal.toFixed(2)} + characteristics ${characteristicCost})`);
  }
  const limbs = powers.find((p) => p.mechanic === 'extra-limbs');
  const movementRate = spec.DEX * spec.SIZ;
  const rates: Record<string, number> = { normal: movementRate };
  // A movement power with a rate (tunneling, wall-clinging, flight, run/swim fast) moves at its own number.
  for (const p of powers) {
    const rate = p.numbers.rate;
    if (rate) rates[p.type] = rate({ level: p.level, STR: spec.STR, DEX: spec.DEX, SIZ: spec.SIZ, PER: spec.PER });
  }
  // Line 20 reads segments off "your movement rate": the normal one (step 4 comes before
  // powers are bought) or, under segmentRate 'fastest', the best a movement power gives.
  const segmentRate = o.segmentRate === 'fastest' ? Math.max(...Object.values(rates)) : movementRate;
  const base = segmentBoxes(segmentRate, o.segmentThresholds);
  let segments: boolean[];
  if (limbs?.limbSegmentList) {
    segments = [...base];
    for (const i of limbs.limbSegmentList) {
      if (base[i]) fail(where, name, 'powers (extra-limbs).segments', i + 1, `allowed: segments the hero does not act on already (${base.map((on, k) => (on ? '' : String(k + 1))).filter(Boolean).join(', ') || 'none'})`);
      segments[i] = true;
    }
  } else segments = withExtraSegments(base, limbs?.limbSegments ?? 0, o.segmentThresholds);
  const limbBoxes = segments.map((on, i) => on && !base[i]);
  const limbCombat = limbs ? limbs.level - limbs.limbSegments : 0;
  return {
    name,
    look: spec.look,
    sample: spec.sample,
    STR: spec.STR,
    DEX: spec.DEX,
    SIZ: spec.SIZ,
    PER: spec.PER,
    combatModifier: 2 * spec.DEX + spec.STR + limbCombat,
    baseCombatModifier: 2 * spec.DEX + spec.STR,
    limbCombat,
    oomphMax: spec.STR * spec.SIZ * 3,
    movementRate,
    segments,
    limbBoxes,
    segmentRate,
    rates,
    powers,
    characteristicPointsBought: bought,
    characteristicPrice: o.characteristicPrice,
    characteristicCost,
    powerCost: powerTotal,
    totalCost: total,
    budget: o.budget,
  };
}

/** Builds every hero of a list, failing on the first illegal one. */
export function buildHeroes(specs: readonly HeroSpec[], o: BuildOptions = DEFAULT_BUILD_OPTIONS, where = 'hero', numbers: PowerNumbers = SEED_NUMBERS): Hero[] {
  return specs.map((s) => buildHero(s, o, where, numbers));
}
