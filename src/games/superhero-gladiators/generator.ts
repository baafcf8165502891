/**
 * A seeded random-legal-build generator for studies, uniform over a documented build
 * space. The space (every field an option of `BuildSpace`):
 *
 * - characteristics: each of STR, DEX, SIZ, PER an integer in [characteristicMin,
 *   characteristicMax]; their sum from the free points up to what the budget can buy;
 * - powers: a set of at most `maxPowers` distinct power types (from `types`); each power
 *   one *option*: a level (the text's fixed level for level-only powers, else 1 to
 *   `maxLevel`, within the text's caps), uses from `usesMenu`, one gizmo kind, reliable
 *   or one unreliable kind, piercing/missile where they apply, always-on where allowed
 *   (starred, infinite uses), the split of extra limbs and the vision kind;
 * - legal: the builder accepts it and it spends at least `minSpend` of the budget.
 *
 * Sampling is exact rejection sampling: a candidate is drawn uniformly from the whole
 * space without the budget rule (the set of types with probability proportional to its
 * number of option combinations, then each option uniformly, then the characteristics
 * uniformly), and kept only if legal. Every legal build is therefore equally likely.
 */
import { UserError } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';
import { GIZMO_KINDS, POWER_INFO, POWER_TYPES, VISION_KINDS, type Enhancement, type PowerType } from './catalogue.js';
import { DEFAULT_BUILD_OPTIONS, type BuildOptions } from './build-options.js';
import { alwaysOnAllowed, buildHero, powerCost, type Hero } from './builder.js';
import type { HeroSpec, PowerSpec } from './hero.js';

export interface BuildSpace {
  readonly maxPowers: number;
  readonly maxLevel: number;
  readonly usesMenu: readonly (number | 'infinite')[];
  readonly characteristicMax: number;
  /** Least share of the budget a build must spend (0..1). */
  readonly minSpend: number;
  readonly types: readonly PowerType[];
  /** Candidates drawn before giving up (the space has almost no legal builds). */
  readonly maxTries: number;
}

export const DEFAULT_BUILD_SPACE: BuildSpace = {
  maxPowers: 4,
  maxLevel: 5,
  usesMenu: [1, 2, 3, 5, 10, 'infinite'],
  characteristicMax: 10,
  minSpend: 0.8,
  types: POWER_TYPES,
  maxTries: 200_000,
};

/** Every option combination of one power type in the space. */
export function powerOptions(type: PowerType, space: BuildSpace, o: BuildOptions = DEFAULT_BUILD_OPTIONS): PowerSpec[] {
  const info = POWER_INFO[type];
  const top = Math.min(info.maxLevel ?? space.maxLevel, space.maxLevel, o.maxLevel);
  const levels: number[] = [];
  for (let l = info.minLevel; l <= Math.max(top, info.minLevel); l++) levels.push(l);
  const out: PowerSpec[] = [];
  for (const level of levels) {
    for (const uses of space.usesMenu) {
      for (const gizmo of GIZMO_KINDS) {
        for (const unreliable of [null, 'unreliable-15', 'unreliable-10'] as const) {
          for (const piercing of info.piercingAllowed ? [false, true] : [false]) {
            for (const missile of info.missileAllowed ? [false, true] : [false]) {
              const alwaysOn = alwaysOnAllowed(info, o) && (uses === 'infinite' || !o.alwaysOnNeedsInfiniteUses) ? [false, true] : [false];
              for (const on of alwaysOn) {
                const enh: Enhancement[] = [gizmo];
                if (unreliable) enh.push(unreliable);
                if (piercing) enh.push('piercing');
                if (missile) enh.push('missile');
                if (on) enh.push('always-on');
                const base = { type, level, uses, enhancements: enh, look: '' };
                if (type === 'extra-limbs') for (let s = 0; s <= level; s++) out.push({ ...base, segments: s });
                else if (type === 'enhanced-vision') for (const v of level === 1 ? (['infrared'] as const) : VISION_KINDS.filter((k) => k !== 'infrared')) out.push({ ...base, vision: v });
                else if (type === 'darkness') for (const v of VISION_KINDS) out.push({ ...base, vision: v });
                else out.push(base);
              }
            }
          }
        }
      }
    }
  }
  return out;
}

/** Draws a set of types with probability proportional to the product of their option counts. */
function drawTypes(counts: readonly number[], maxPowers: number, rng: Rng): number[] {
  const n = counts.length;
  // e[i][k] = total weight of size-k subsets of types i..n-1
  const e: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(maxPowers + 1).fill(0));
  e[n]![0] = 1;
  for (let i = n - 1; i >= 0; i--) {
    for (let k = 0; k <= maxPowers; k++) e[i]![k] = e[i + 1]![k]! + (k > 0 ? counts[i]! * e[i + 1]![k - 1]! : 0);
  }
  const sizeWeights = e[0]!.slice();
  let k = rng.weighted(sizeWeights);
  const chosen: number[] = [];
  for (let i = 0; i < n && k > 0; i++) {
    const take = counts[i]! * e[i + 1]![k - 1]!;
    if (rng.float() * e[i]![k]! < take) {
      chosen.push(i);
      k--;
    }
  }
  return chosen;
}

export interface RandomBuild {
  readonly spec: HeroSpec;
  readonly hero: Hero;
  /** Candidates drawn to find it (for the acceptance rate). */
  readonly tries: number;
}

/** A generator bound to one space and one set of build options (options are enumerated once). */
export class BuildGenerator {
  private readonly options: PowerSpec[][];
  private readonly counts: number[];

  constructor(
    readonly space: BuildSpace = DEFAULT_BUILD_SPACE,
    readonly build: BuildOptions = DEFAULT_BUILD_OPTIONS,
  ) {
    this.options = space.types.map((t) => powerOptions(t, space, build));
    this.counts = this.options.map((l) => l.length);
  }

  /** Every option of one power type in the space. */
  optionsOf(type: PowerType): readonly PowerSpec[] {
    const i = this.space.types.indexOf(type);
    return i < 0 ? [] : this.options[i]!;
  }

  /** One uniformly random legal build named `name`. */
  next(rng: Rng, name: string): RandomBuild {
    const o = this.build;
    const maxBought = Math.floor(o.budget / Math.max(o.characteristicPrice, 1e-9));
    const lo = o.characteristicMin;
    const hi = this.space.characteristicMax;
    for (let tries = 1; tries <= this.space.maxTries; tries++) {
      const chars = [0, 1, 2, 3].map(() => lo + rng.int(hi - lo + 1));
      const sum = chars[0]! + chars[1]! + chars[2]! + chars[3]!;
      if (sum < o.characteristicPoints || sum > o.characteristicPoints + maxBought) continue;
      const types = drawTypes(this.counts, this.space.maxPowers, rng);
      const powers = types.map((i) => this.options[i]![rng.int(this.counts[i]!)]!);
      let total = (sum - o.characteristicPoints) * o.characteristicPrice;
      for (const p of powers) total += powerCost(p.level, p.uses === 'infinite' ? Infinity : p.uses, p.enhancements, o);
      if (total > o.budget + 1e-9 || total < this.space.minSpend * o.budget) continue;
      const spec: HeroSpec = { name, STR: chars[0]!, DEX: chars[1]!, SIZ: chars[2]!, PER: chars[3]!, look: '', sample: false, powers };
      return { spec, hero: buildHero(spec, o, 'random build'), tries };
    }
    throw new UserError(`random build: no legal build in ${this.space.maxTries} candidates; allowed: a build space with legal builds (raise the budget or lower maxLevel/maxPowers/minSpend)`);
  }
}

/** `count` uniformly random legal builds. */
export function randomBuilds(count: number, rng: Rng, space: BuildSpace = DEFAULT_BUILD_SPACE, o: BuildOptions = DEFAULT_BUILD_OPTIONS): RandomBuild[] {
  const gen = new BuildGenerator(space, o);
  return Array.from({ length: count }, (_, i) => gen.next(rng, `random-${i + 1}`));
}

/**
 * A random legal neighbour of `spec` in the build space, for build searches: one of
 * re-buy one power (another option of the same type), swap one power for a type it lacks,
 * add or drop a power, move a characteristic point, or buy or sell one. Kept only when
 * the builder accepts it and it spends between `minSpend` of the budget and the budget;
 * up to `tries` attempts, else the spec itself.
 */
export function mutateBuild(spec: HeroSpec, rng: Rng, gen: BuildGenerator, tries = 200): HeroSpec {
  const o = gen.build;
  const space = gen.space;
  const chars = ['STR', 'DEX', 'SIZ', 'PER'] as const;
  for (let t = 0; t < tries; t++) {
    let powers = [...spec.powers];
    const c = { STR: spec.STR, DEX: spec.DEX, SIZ: spec.SIZ, PER: spec.PER };
    const held = new Set(powers.map((p) => p.type));
    const missing = space.types.filter((x) => !held.has(x));
    switch (rng.int(6)) {
      case 0: {
        if (powers.length === 0) continue;
        const i = rng.int(powers.length);
        powers[i] = rng.pick(gen.optionsOf(powers[i]!.type as PowerType)); // generated builds hold only the text's types
        break;
      }
      case 1: {
        if (powers.length === 0 || missing.length === 0) continue;
        powers[rng.int(powers.length)] = rng.pick(gen.optionsOf(rng.pick(missing)));
        break;
      }
      case 2:
        if (powers.length >= space.maxPowers || missing.length === 0) continue;
        powers = [...powers, rng.pick(gen.optionsOf(rng.pick(missing)))];
        break;
      case 3:
        if (powers.length === 0) continue;
        powers.splice(rng.int(powers.length), 1);
        break;
      case 4: {
        const from = rng.pick(chars);
        const to = rng.pick(chars);
        if (from === to) continue;
        c[from]--;
        c[to]++;
        break;
      }
      default:
        c[rng.pick(chars)] += rng.int(2) === 0 ? 1 : -1;
    }
    if (chars.some((k) => c[k] < o.characteristicMin || c[k] > space.characteristicMax)) continue;
    const next: HeroSpec = { ...spec, ...c, powers };
    let total = Math.max(0, c.STR + c.DEX + c.SIZ + c.PER - o.characteristicPoints) * o.characteristicPrice;
    for (const p of powers) total += powerCost(p.level, p.uses === 'infinite' ? Infinity : p.uses, p.enhancements, o);
    if (total > o.budget + 1e-9 || total < space.minSpend * o.budget) continue;
    try {
      buildHero(next, o, 'mutated build');
    } catch {
      continue;
    }
    return next;
  }
  return spec;
}
