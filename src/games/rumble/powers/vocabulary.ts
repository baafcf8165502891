/**
 * Rumble's power vocabulary on the effect kernel (src/core/effects): a power file (YAML
 * or JSON) describes a power as costs, named numbers and effects (a trigger, conditions,
 * actions), so users add powers without TypeScript. This file gives the kernel Rumble's
 * values, selectors, triggers and action table, and compiles each effect to the hooks of
 * the power contract (contract.ts). A malformed power is rejected in one line naming the
 * file, the power, the field and the closest allowed word.
 * The full format is documented in src/games/rumble/README.md ("Power files").
 */
import YAML from 'yaml';
import { z } from 'zod';
import { UserError, parseErrorText, showDocument } from '../../../core/errors.js';
import {
  ActionTable,
  compileConditions,
  namesIn,
  numField,
  parseCondition,
  parseFields,
  unknownWord,
  type ActionEntry,
  type CondFn,
  type Condition,
  type NumFn,
  type Scope,
  type SelectFn,
  type Vocabulary,
} from '../../../core/effects/index.js';
import { paidFor, type DamageEvent, type HeldPower, type ParamSpec, type PowerDef, type PowerUse, type PowerWorld, type UseSpec } from './contract.js';
import { readBoundedFile } from '../../../core/content-file.js';

/** Built-in values a number or condition may name (besides the power's params). */
export const VALUES = [
  'X', 'strength', 'round', 'energy', 'startEnergy', 'attackTotal', 'attackTargets', 'defense', 'baseDefense',
  'energyLost', 'damageDealtAll', 'damageTaken', 'damageDealt', 'otherPowersUsed', 'usedThis',
  'lastAttack', 'acc', 'eventAmount', 'powerCount', 'targetPowerCount', 'heroesAlive', 'paid',
] as const;

export const SELECTORS = ['self', 'target', 'all', 'others', 'opponents', 'strongest', 'weakest', 'eventSource', 'eventTarget', 'topAttacker', 'attackers'] as const;
const selector = z.enum(SELECTORS);
export type Selector = (typeof SELECTORS)[number];

export const TRIGGERS = ['static', 'use', 'roundStart', 'resolve', 'roundEnd', 'attacked', 'dealingDamage', 'dealtDamage', 'takingDamage', 'tookDamage', 'eliminated'] as const;

/** One effect as written: conditions and actions are checked by the kernel after this. */
const effectSchema = z
  .object({
    when: z.enum(TRIGGERS),
    if: z.array(z.unknown()).default([]),
    /** Fire at most once per round or per game. */
    once: z.enum(['round', 'game']).optional(),
    /** For damage triggers: only attack damage or only power damage. */
    kind: z.enum(['attack', 'power', 'any']).default('any'),
    do: z.array(z.unknown()).min(1),
  })
  .strict();
type Effect = z.infer<typeof effectSchema>;

const costSchema = z.union([z.number().int().min(0).max(10_000), z.string().min(1)]);
/** A param's value: whole or fractional (a factor), never absurd. */
const paramValue = z.number().min(-1_000_000).max(1_000_000);

export const powerSpecSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and dashes'),
    name: z.string().min(1),
    text: z.string().default(''),
    flaw: z.boolean().default(false),
    curse: z.boolean().default(false),
    /** Acts on every hero: bidders may win it just to discard it (the bid menu offers that). */
    environmental: z.boolean().default(false),
    prior: z.number().min(0).max(10_000).default(10),
    params: z.record(z.string(), z.union([paramValue, z.object({ value: paramValue, better: z.enum(['higher', 'lower']).default('higher') }).strict()])).default({}),
    use: z
      .object({
        spend: costSchema.optional(),
        burn: costSchema.optional(),
        drain: costSchema.optional(),
        activate: z.union([z.number().int().min(1).max(100), z.string().min(1)]).optional(),
        exhaust: z.union([z.number().int().min(1).max(100), z.string().min(1)]).optional(),
        target: z.enum(['none', 'hero', 'opponent']).default('none'),
        phase: z.enum(['allocation', 'reveal']).optional(),
      })
      .strict()
      .optional(),
    costReduction: z.string().optional(),
    effects: z.array(effectSchema).default([]),
  })
  .strict();
export type PowerSpec = z.input<typeof powerSpecSchema>;
type ParsedSpec = z.infer<typeof powerSpecSchema>;

/** Parses the text of a power file (YAML or JSON) and compiles its powers. */
export function parsePowerFile(text: string, where = 'power file'): PowerDef[] {
  let raw: unknown;
  try {
    raw = YAML.parse(text);
  } catch (e) {
    throw new UserError(`${where}: not valid YAML/JSON (${parseErrorText(e)})`);
  }
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' && 'powers' in raw ? (raw as { powers: unknown }).powers : [raw];
  if (!Array.isArray(list)) throw new UserError(`${where}: field powers is ${showDocument(list)}; allowed: a list of powers`);
  const defs = list.map((item, i) => compileSpec(item, `${where}: power ${describe(item, i)}`));
  const seen = new Set<string>();
  defs.forEach((d, i) => {
    if (seen.has(d.id)) throw new UserError(`${where}: power #${i + 1}: field id is ${JSON.stringify(d.id)}; allowed: each id once in a file (it is given twice)`);
    seen.add(d.id);
  });
  return defs;
}

/** Reads and compiles a power file from disk. */
export function loadPowerFile(path: string | URL): PowerDef[] {
  // Bounded: a regular file of at most 1 MiB (a symlink to /dev/zero once read without end).
  const text = readBoundedFile('power file', path);
  return parsePowerFile(text, `power file ${String(path)}`);
}

function describe(item: unknown, i: number): string {
  const id = item && typeof item === 'object' ? (item as { id?: unknown; name?: unknown }).id ?? (item as { name?: unknown }).name : undefined;
  return typeof id === 'string' ? JSON.stringify(id) : `#${i + 1}`;
}

/** Where an effect is evaluated: the round, the holder, and the use or event if any. */
interface Env {
  readonly c: PowerWorld;
  readonly self: number;
  readonly k: number;
  readonly use?: PowerUse;
  readonly ev?: DamageEvent;
  readonly attacker?: number;
  target?: number;
  /** The held power, kept even after an action discards it. */
  held?: HeldPower;
}

/** Every Env has the same shape (keeps the hot lookups monomorphic). */
function mkEnv(c: PowerWorld, self: number, k: number, use?: PowerUse, ev?: DamageEvent, attacker?: number): Env {
  return { c, self, k, use, ev, attacker, target: undefined, held: undefined };
}

/** An action: returns 1 or 0 when it sets "saved from elimination" (setEnergy), else -1. */
type ActFn = (env: Env, stage: 0 | 1 | 2 | undefined) => number;

function heldOf(env: Env): HeldPower | null | undefined {
  return env.held ?? env.c.powers[env.self]![env.k];
}

/** Rumble's values: `(env, who)` reads hero `who`'s number (round-wide values ignore `who`). */
const BUILTINS: Readonly<Record<(typeof VALUES)[number], (env: Env, who: number) => number>> = {
  X: (env) => env.use?.x ?? 0,
  strength: (env) => heldOf(env)?.strength ?? 0,
  round: (env) => env.c.round,
  energy: (env, h) => env.c.energy[h]!,
  startEnergy: (env, h) => env.c.startEnergy[h]!,
  attackTotal: (env, h) => env.c.allocatedAttack[h]!,
  attackTargets: (env, h) => env.c.attackTargets[h]!,
  defense: (env, h) => env.c.def[h]!,
  baseDefense: (env, h) => env.c.baseDef[h]!,
  energyLost: (env, h) => env.c.energyLost[h]!,
  damageDealtAll: (env) => env.c.totalDamage,
  damageTaken: (env, h) => env.c.damageTaken[h]!,
  damageDealt: (env, h) => env.c.damageDealt[h]!,
  otherPowersUsed: (env) => env.c.powersUsed[env.self]! - env.c.used[env.self]![env.k]!,
  usedThis: (env) => env.c.used[env.self]![env.k] ?? 0,
  lastAttack: (env, h) => env.c.lastAttack[h]!,
  acc: (env) => heldOf(env)?.acc ?? 0,
  eventAmount: (env) => env.ev?.amount ?? 0,
  powerCount: (env, h) => env.c.powerCount(h),
  targetPowerCount: (env) => (env.target === undefined ? 0 : env.c.powerCount(env.target)),
  paid: (env) => paidFor(env.c, env.self, env.k, env.use),
  heroesAlive: (env) => {
    let n = 0;
    for (const a of env.c.alive) if (a) n++;
    return n;
  },
};

const NONE: readonly number[] = [];
const ONE: readonly (readonly number[])[] = Array.from({ length: 64 }, (_, h) => [h]);

/** The list of hero `h` alone, shared (selectors of one hero allocate nothing). */
function one(h: number): readonly number[] {
  return ONE[h] ?? [h];
}

/** The living heroes, in seat order. */
function living(c: PowerWorld): number[] {
  const all: number[] = [];
  for (let j = 0; j < c.H; j++) if (c.alive[j]) all.push(j);
  return all;
}

function extreme(env: Env, strongest: boolean): readonly number[] {
  const { c } = env;
  const opp = c.opponents(env.self);
  if (!opp.length) return NONE;
  return one(opp.reduce((b, j) => ((strongest ? c.energy[j]! > c.energy[b]! : c.energy[j]! < c.energy[b]!) ? j : b)));
}

/** The heroes an action applies to, in seat order (read-only lists: one-hero lists are shared). */
const SELECT: Readonly<Record<Selector, SelectFn<Env>>> = {
  self: (env) => one(env.self),
  target: (env) => (env.use?.target !== undefined && env.c.alive[env.use.target] ? one(env.use.target) : NONE),
  all: (env) => living(env.c),
  others: (env) => living(env.c).filter((j) => j !== env.self),
  opponents: (env) => env.c.opponents(env.self),
  strongest: (env) => extreme(env, true),
  weakest: (env) => extreme(env, false),
  eventSource: (env) => (env.ev && env.ev.src >= 0 ? one(env.ev.src) : env.attacker !== undefined ? one(env.attacker) : NONE),
  eventTarget: (env) => (env.ev ? one(env.ev.tgt) : NONE),
  topAttacker: (env) => {
    const c = env.c;
    const all = living(c);
    let best = 0;
    for (const j of all) best = Math.max(best, c.allocatedAttack[j]!);
    return best > 0 ? all.filter((j) => c.allocatedAttack[j] === best) : NONE;
  },
  attackers: (env) => living(env.c).filter((j) => env.c.atk[j * env.c.H + env.self]! > 0),
};

/** Rumble's vocabulary for the effect kernel. */
const VOCABULARY: Vocabulary<Env> = { values: BUILTINS, self: (env) => env.self, selectors: SELECT };

/** An action entry of Rumble's table. */
type Entry = ActionEntry<Env, ActFn, any>;
const toSel = (d: Selector) => selector.default(d);

/** Actions that change stats before attacks resolve (a use applies them at once, others after attacks). */
const STAT_ACTIONS = new Set(['attack', 'defense', 'setDefense', 'vulnerable', 'nullifyAttacks', 'ignoreAttacksBelow', 'pierceDefense']);

/** Stages: 0 adds (and everything that is not a stat change), 1 multiplies, 2 overrides. */
const ADDS = [0] as const;

/** One entry per action (what each does is listed in the README's "Power files"). */
export const ACTIONS = new ActionTable<Env, ActFn>([
  {
    name: 'attack',
    doc: 'add to or multiply the holder\'s Attack against each target (or only its largest)',
    schema: z.object({ attack: z.object({ add: numField().optional(), mul: numField().optional(), to: z.enum(['each', 'largest']).default('each') }).strict() }).strict(),
    nums: ['attack.add?', 'attack.mul?'],
    stages: (a: { attack: { add?: unknown; mul?: unknown } }) => [...(a.attack.add !== undefined ? [0] : []), ...(a.attack.mul !== undefined ? [1] : [])],
    compile: (a: { attack: { to: 'each' | 'largest' } }, t) => {
      const add = t.has('attack.add') ? t.num('attack.add') : null;
      const mul = t.has('attack.mul') ? t.num('attack.mul') : null;
      const largest = a.attack.to === 'largest';
      return (env, stage) => {
        const { c, self } = env;
        const H = c.H;
        if (add && stage === 0) {
          const v = add(env);
          if (largest) {
            let best = -1;
            for (let j = 0; j < H; j++) if (c.atk[self * H + j]! > 0 && (best < 0 || c.atk[self * H + j]! > c.atk[self * H + best]!)) best = j;
            if (best >= 0) c.atk[self * H + best]! += v;
          } else for (let j = 0; j < H; j++) if (c.atk[self * H + j]! > 0) c.atk[self * H + j]! += v;
        }
        if (mul && stage === 1) {
          const m = mul(env);
          for (let j = 0; j < H; j++) c.atk[self * H + j] = Math.floor(c.atk[self * H + j]! * m);
        }
        return -1;
      };
    },
  } satisfies Entry,
  {
    name: 'defense',
    doc: 'add to or multiply the holder\'s Defense',
    schema: z.object({ defense: z.object({ add: numField().optional(), mul: numField().optional() }).strict() }).strict(),
    nums: ['defense.add?', 'defense.mul?'],
    stages: (a: { defense: { add?: unknown; mul?: unknown } }) => [...(a.defense.add !== undefined ? [0] : []), ...(a.defense.mul !== undefined ? [1] : [])],
    compile: (_a, t) => {
      const add = t.has('defense.add') ? t.num('defense.add') : null;
      const mul = t.has('defense.mul') ? t.num('defense.mul') : null;
      return (env, stage) => {
        const { c, self } = env;
        if (add && stage === 0) c.def[self] = Math.max(0, c.def[self]! + add(env));
        if (mul && stage === 1) c.def[self] = Math.floor(c.def[self]! * mul(env));
        return -1;
      };
    },
  } satisfies Entry,
  {
    name: 'energy',
    doc: 'the selected heroes gain (or lose, if negative) Energy',
    schema: z.object({ energy: numField(), to: toSel('self') }).strict(),
    nums: ['energy'],
    stages: () => ADDS,
    compile: (a: { to: Selector }, t) => {
      const f = t.num('energy');
      const to = t.select(a.to);
      return (env) => {
        for (const h of to(env)) {
          env.target = h;
          env.c.gain(h, f(env));
        }
        return -1;
      };
    },
  } satisfies Entry,
  {
    name: 'damage',
    doc: 'deal damage to the selected heroes (unblockable unless blockable; split divides it, rounded up)',
    schema: z.object({ damage: numField(), to: toSel('target'), blockable: z.boolean().default(false), split: z.boolean().default(false) }).strict(),
    nums: ['damage'],
    stages: () => ADDS,
    compile: (a: { to: Selector; split: boolean; blockable: boolean }, t) => {
      const f = t.num('damage');
      const to = t.select(a.to);
      const { split, blockable } = a;
      return (env) => {
        const targets = to(env);
        for (const h of targets) {
          env.target = h;
          const amount = f(env);
          env.c.deal(env.self, h, split ? Math.ceil(amount / targets.length) : amount, 'power', blockable);
        }
        return -1;
      };
    },
  } satisfies Entry,
  {
    name: 'setDefense',
    doc: "the selected heroes' Defense is set to N this round, after every add and multiply (Ghost Punch: 0)",
    schema: z.object({ setDefense: numField(), to: toSel('target') }).strict(),
    nums: ['setDefense'],
    stages: () => [2],
    compile: (a: { to: Selector }, t) => {
      const f = t.num('setDefense');
      const to = t.select(a.to);
      return (env, stage) => {
        if (stage !== 2) return -1;
        const c = env.c;
        for (const h of to(env)) {
          const v = Math.max(0, Math.round(f(env)));
          c.defenseSet[h] = c.defenseSet[h]! < 0 ? v : Math.min(c.defenseSet[h]!, v);
        }
        return -1;
      };
    },
  } satisfies Entry,
  {
    name: 'removePower',
    doc: 'the selected heroes lose their strongest power whose Power Strength is at most `maxStrength` (Devourer)',
    schema: z.object({ removePower: z.object({ maxStrength: numField().optional() }).strict(), from: toSel('target') }).strict(),
    nums: ['removePower.maxStrength?'],
    stages: () => ADDS,
    compile: (a: { from: Selector }, t) => {
      const limit = t.has('removePower.maxStrength') ? t.num('removePower.maxStrength') : null;
      const from = t.select(a.from);
      return (env) => {
        const c = env.c;
        for (const h of from(env)) {
          env.target = h;
          const max = limit ? limit(env) : Infinity;
          const ps = c.powers[h]!;
          let best = -1;
          for (let k = 0; k < ps.length; k++) {
            const q = ps[k];
            if (q && q.strength <= max && (best < 0 || q.strength > ps[best]!.strength)) best = k;
          }
          if (best >= 0 && !(h === env.self && best === env.k)) c.discard(h, best);
        }
        return -1;
      };
    },
  } satisfies Entry,
  {
    name: 'vulnerable',
    doc: '+N to each damage source that hits the selected heroes this round',
    schema: z.object({ vulnerable: numField(), to: toSel('target') }).strict(),
    nums: ['vulnerable'],
    stages: () => ADDS,
    compile: (a: { to: Selector }, t) => {
      const f = t.num('vulnerable');
      const to = t.select(a.to);
      return (env, stage) => {
        if (stage === 0) for (const h of to(env)) env.c.vulnerable[h]! += f(env);
        return -1;
      };
    },
  } satisfies Entry,
  {
    name: 'nullifyAttacks',
    doc: 'attacks by the holder, against it, or both are reduced to zero',
    schema: z.object({ nullifyAttacks: z.enum(['by-me', 'against-me', 'both']) }).strict(),
    nums: [],
    stages: () => [2],
    compile: (a: { nullifyAttacks: 'by-me' | 'against-me' | 'both' }) => {
      const by = a.nullifyAttacks !== 'against-me';
      const against = a.nullifyAttacks !== 'by-me';
      return (env, stage) => {
        if (stage === 2) {
          if (by) env.c.nullBy[env.self] = true;
          if (against) env.c.nullAgainst[env.self] = true;
        }
        return -1;
      };
    },
  } satisfies Entry,
  {
    name: 'ignoreAttacksBelow',
    doc: 'attacks against the holder below N are ignored',
    schema: z.object({ ignoreAttacksBelow: numField() }).strict(),
    nums: ['ignoreAttacksBelow'],
    stages: () => ADDS,
    compile: (_a, t) => {
      const f = t.num('ignoreAttacksBelow');
      return (env, stage) => {
        if (stage === 0) env.c.ignoreBelow[env.self] = Math.max(env.c.ignoreBelow[env.self]!, f(env));
        return -1;
      };
    },
  } satisfies Entry,
  {
    name: 'pierceDefense',
    doc: 'the holder\'s attacks greater than a defender\'s Defense ignore it',
    schema: z.object({ pierceDefense: z.literal(true) }).strict(),
    nums: [],
    stages: () => ADDS,
    compile: () => (env, stage) => {
      if (stage === 0) env.c.pierce[env.self] = true;
      return -1;
    },
  } satisfies Entry,
  {
    name: 'defensePenalty',
    doc: '-N Defense for the selected heroes next round (to a minimum of 0)',
    schema: z.object({ defensePenalty: numField(), to: toSel('eventTarget') }).strict(),
    nums: ['defensePenalty'],
    stages: () => ADDS,
    compile: (a: { to: Selector }, t) => {
      const f = t.num('defensePenalty');
      const to = t.select(a.to);
      return (env) => {
        const c = env.c;
        for (const h of to(env)) c.nextDefPenalty[h] = Math.max(c.nextDefPenalty[h]!, f(env));
        return -1;
      };
    },
  } satisfies Entry,
  {
    name: 'preventDamage',
    doc: 'the damage event is prevented',
    schema: z.object({ preventDamage: z.literal(true) }).strict(),
    nums: [],
    stages: () => ADDS,
    compile: () => (env) => {
      if (env.ev) env.ev.amount = 0;
      return -1;
    },
  } satisfies Entry,
  {
    name: 'damageBonus',
    doc: '+N to the damage event',
    schema: z.object({ damageBonus: numField() }).strict(),
    nums: ['damageBonus'],
    stages: () => ADDS,
    compile: (_a, t) => {
      const f = t.num('damageBonus');
      return (env) => {
        if (env.ev) env.ev.amount += f(env);
        return -1;
      };
    },
  } satisfies Entry,
  {
    name: 'win',
    doc: 'the holder wins the game',
    schema: z.object({ win: z.literal(true) }).strict(),
    nums: [],
    stages: () => ADDS,
    compile: () => (env) => {
      env.c.altWin[env.self] = true;
      return -1;
    },
  } satisfies Entry,
  {
    name: 'lose',
    doc: 'the holder loses the game (is eliminated at the round end)',
    schema: z.object({ lose: z.literal(true) }).strict(),
    nums: [],
    stages: () => ADDS,
    compile: () => (env) => {
      env.c.mustLose[env.self] = true;
      return -1;
    },
  } satisfies Entry,
  {
    name: 'discardSelf',
    doc: 'the power is discarded',
    schema: z.object({ discardSelf: z.literal(true) }).strict(),
    nums: [],
    stages: () => ADDS,
    compile: () => (env) => {
      env.c.discard(env.self, env.k);
      return -1;
    },
  } satisfies Entry,
  {
    name: 'setEnergy',
    doc: 'the holder\'s Energy becomes N (an eliminated holder above 0 is saved)',
    schema: z.object({ setEnergy: numField() }).strict(),
    nums: ['setEnergy'],
    stages: () => ADDS,
    compile: (_a, t) => {
      const f = t.num('setEnergy');
      return (env) => {
        env.c.energy[env.self] = Math.round(f(env)); // Energy is whole
        return env.c.energy[env.self]! > 0 ? 1 : 0;
      };
    },
  } satisfies Entry,
  {
    name: 'accumulate',
    doc: 'adds N to the power\'s counter (`acc`)',
    schema: z.object({ accumulate: numField() }).strict(),
    nums: ['accumulate'],
    stages: () => ADDS,
    compile: (_a, t) => {
      const f = t.num('accumulate');
      return (env) => {
        const held = env.c.powers[env.self]![env.k];
        if (held) env.c.update(env.self, env.k, { acc: held.acc + f(env) });
        return -1;
      };
    },
  } satisfies Entry,
]);

/** A param as a function: a held power's override wins, then the definition's value. */
function paramFn(name: string, spec: ParamSpec): NumFn<Env> {
  const dv = spec.value;
  const builtin = (BUILTINS as Record<string, (env: Env, who: number) => number>)[name];
  return (env) => {
    const held = heldOf(env);
    if (!held) return builtin ? builtin(env, env.self) : 0;
    const v = held.params[name];
    return v !== undefined ? v : dv;
  };
}

function scopeFor(params: Readonly<Record<string, ParamSpec>>, where: string): Scope<Env> {
  return { vocabulary: VOCABULARY, params: Object.keys(params), param: (name) => paramFn(name, params[name]!), where };
}

/** One effect, checked: its conditions and actions parsed by the kernel. */
interface ParsedEffect {
  readonly when: Effect['when'];
  readonly once: Effect['once'];
  readonly kind: Effect['kind'];
  readonly conds: readonly Condition[];
  readonly actions: readonly ReturnType<typeof ACTIONS.parse>[];
}

/** Validates one power spec (fields, numbers, conditions, actions) and compiles it to a PowerDef. */
export function compileSpec(input: unknown, where = `power ${describe(input, 0)}`): PowerDef {
  const spec = parseFields(where, powerSpecSchema, input);
  const params: Record<string, ParamSpec> = {};
  for (const [name, v] of Object.entries(spec.params)) params[name] = typeof v === 'number' ? { value: v, better: 'higher' } : { value: v.value, better: v.better };
  const scope = scopeFor(params, where);
  const names = [...Object.keys(params), ...VALUES];
  const checkName = (v: string | number | undefined, field: string) => {
    if (typeof v === 'string' && !names.includes(v)) throw new UserError(`${where}: field ${field}: ${unknownWord('value', v, names)}`);
  };
  for (const key of ['spend', 'burn', 'drain', 'activate', 'exhaust'] as const) checkName(spec.use?.[key], `use.${key}`);
  checkName(spec.costReduction, 'costReduction');
  const effects: ParsedEffect[] = spec.effects.map((e, i) => {
    if (e.when === 'use' && !spec.use) throw new UserError(`${where}: field effects.${i}.when is "use"; allowed: "use" only when the power has a use (cost) section`);
    const conds = e.if.map((c, j) => parseCondition(c, `effects.${i}.if.${j}`, scope));
    const actions = e.do.map((a, j) => {
      const p = ACTIONS.parse(a, `effects.${i}.do.${j}`, scope);
      if (e.when !== 'use' && p.action['to'] === 'target')
        throw new UserError(`${where}: field effects.${i}.do.${j}.to is "target"; allowed: "target" only in a "use" effect`);
      return p;
    });
    return { when: e.when, once: e.once, kind: e.kind, conds, actions };
  });
  return compile(spec, params, effects, scope);
}

/** Every name the numbers of a checked power refer to (for docs and tests). */
export { namesIn };

/** Runs compiled actions; returns true if the holder was saved from elimination (setEnergy). */
function run(env: Env, actions: readonly ActFn[], stage?: 0 | 1 | 2): boolean {
  let saved = false;
  for (let i = 0; i < actions.length; i++) {
    const r = actions[i]!(env, stage);
    if (r >= 0) saved = r === 1;
  }
  return saved;
}

const STAGES = [0, 1, 2] as const;

function compile(spec: ParsedSpec, params: Record<string, ParamSpec>, effects: readonly ParsedEffect[], scope: Scope<Env>): PowerDef {
  const def: Record<string, unknown> = {
    id: spec.id,
    name: spec.name,
    text: spec.text,
    flaw: spec.flaw,
    curse: spec.curse,
    environmental: spec.environmental,
    params,
    prior: spec.prior,
    source: 'data',
    costReduction: spec.costReduction,
  };
  if (spec.use) {
    const hasDrainOnly = spec.use.drain !== undefined && spec.use.spend === undefined && spec.use.burn === undefined;
    const use: UseSpec = {
      spend: spec.use.spend,
      burn: spec.use.burn,
      drain: spec.use.drain,
      activate: spec.use.activate,
      exhaust: spec.use.exhaust,
      target: spec.use.target,
      phase: spec.use.phase ?? (hasDrainOnly ? 'reveal' : 'allocation'),
    };
    def['use'] = use;
  }
  /** An effect compiled: its guards, its condition and its actions as closures. */
  interface Compiled {
    readonly once: Effect['once'];
    readonly kind: Effect['kind'];
    readonly cond: CondFn<Env> | null;
    readonly do: readonly ActFn[];
    /** True while its actions run: a triggered effect does not trigger itself again within one event chain. */
    active: boolean;
  }
  type Parsed = ParsedEffect['actions'][number];
  const acts = (list: readonly Parsed[]) => list.map((x) => ACTIONS.compile(x, scope));
  const compileEffect = (e: ParsedEffect, list: readonly Parsed[] = e.actions): Compiled => ({ once: e.once, kind: e.kind, cond: compileConditions(e.conds, scope), do: acts(list), active: false });
  const raw = (when: Effect['when']) => effects.filter((e) => e.when === when);
  const by = (when: Effect['when']) => raw(when).map((e) => compileEffect(e));
  /** Guards an effect with its conditions and its once-per-round/game rule. */
  const fireAll = (e: Compiled, env: Env, actions: readonly ActFn[], stage?: 0 | 1 | 2): boolean => {
    const held = env.c.powers[env.self]![env.k];
    if (!held) return false;
    if (e.once === 'game' && held.fired > 0) return false;
    if (e.once === 'round' && held.fired === env.c.round) return false;
    if (e.kind !== 'any' && env.ev && env.ev.kind !== e.kind) return false;
    if (e.cond && !e.cond(env)) return false;
    if (e.active) return false;
    if (e.once) env.c.update(env.self, env.k, { fired: env.c.round });
    env.held = env.c.powers[env.self]![env.k] ?? held;
    e.active = true;
    try {
      return run(env, actions, stage);
    } finally {
      e.active = false;
    }
  };

  // Static effects run in three stages (adds, multiplies, overrides); each effect is
  // split once here so a stage only visits the actions that belong to it.
  const statics = raw('static');
  const byStage = ([0, 1, 2] as const).map((stage) =>
    statics.map((e) => compileEffect(e, e.actions.filter((a) => ACTIONS.stages(a).includes(stage)))).filter((x) => x.do.length > 0),
  );
  if (statics.length) {
    def['modify'] = (c: PowerWorld, self: number, k: number, stage: 0 | 1 | 2) => {
      const list = byStage[stage]!;
      for (let i = 0; i < list.length; i++) fireAll(list[i]!, mkEnv(c, self, k), list[i]!.do, stage);
    };
  }
  // A use's stat actions apply before attacks resolve, its other actions after them.
  const isStat = (a: Parsed) => STAT_ACTIONS.has(a.entry.name);
  const uses = raw('use').map((e) => ({ e: compileEffect(e), stats: acts(e.actions.filter(isStat)), rest: acts(e.actions.filter((a) => !isStat(a))) }));
  if (uses.length) {
    def['prepareUse'] = (c: PowerWorld, self: number, k: number, use: PowerUse) => {
      for (const { e, stats } of uses) {
        if (!stats.length) continue;
        const env = mkEnv(c, self, k, use);
        if (!e.cond || e.cond(env)) for (const stage of STAGES) run(env, stats, stage);
      }
    };
    def['resolveUse'] = (c: PowerWorld, self: number, k: number, use: PowerUse) => {
      for (const { e, rest } of uses) if (rest.length) fireAll(e, mkEnv(c, self, k, use), rest);
    };
  }
  const simple = (when: Effect['when'], hook: string) => {
    const list = by(when);
    if (!list.length) return;
    def[hook] = (c: PowerWorld, self: number, k: number) => {
      for (const e of list) fireAll(e, mkEnv(c, self, k), e.do);
    };
  };
  simple('roundStart', 'roundStart');
  simple('resolve', 'resolve');
  simple('roundEnd', 'roundEnd');
  const attacked = by('attacked');
  if (attacked.length) {
    def['onAttacked'] = (c: PowerWorld, self: number, k: number, attacker: number, amount: number) => {
      const ev: DamageEvent = { src: attacker, tgt: self, amount, kind: 'attack', blockable: true };
      for (const e of attacked) fireAll(e, mkEnv(c, self, k, undefined, ev, attacker), e.do);
    };
  }
  const onEvent = (when: Effect['when'], hook: string) => {
    const list = by(when);
    if (!list.length) return;
    def[hook] = (c: PowerWorld, self: number, k: number, ev: DamageEvent) => {
      for (const e of list) fireAll(e, mkEnv(c, self, k, undefined, ev), e.do);
    };
  };
  onEvent('dealingDamage', 'beforeDeal');
  onEvent('dealtDamage', 'afterDeal');
  onEvent('takingDamage', 'beforeTake');
  onEvent('tookDamage', 'afterTake');
  const elim = by('eliminated');
  if (elim.length) {
    def['onEliminated'] = (c: PowerWorld, self: number, k: number) => {
      let saved = false;
      for (const e of elim) if (fireAll(e, mkEnv(c, self, k), e.do)) saved = true;
      return saved;
    };
  }
  return def as unknown as PowerDef;
}
