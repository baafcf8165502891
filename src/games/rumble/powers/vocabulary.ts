/**
 * The declarative power vocabulary: a power file (YAML or JSON) describes a power as
 * costs, named numbers and effects (a trigger, conditions, actions), so users add powers
 * without TypeScript. Files are validated with zod and then checked for references, so
 * a malformed power is rejected naming the power, the field and the problem.
 * The full format is documented in src/games/rumble/README.md ("Power files").
 */
import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import { z } from 'zod';
import { UserError } from '../../../core/errors.js';
import { zodIssueMessage } from '../../../core/validate.js';
import type { RoundCtx, DamageEvent } from '../round.js';
import type { HeldPower, PowerUse } from '../types.js';
import type { ParamSpec, PowerDef, UseSpec } from './def.js';

/** A number: a literal, a param or built-in value name, or a product. */
export type Num = number | string | { readonly mul: readonly Num[] };
const numSchema: z.ZodType<Num> = z.lazy(() => z.union([z.number(), z.string().min(1), z.object({ mul: z.array(numSchema).min(1) }).strict()]));

/** Built-in values a Num or condition may name (besides the power's params). */
export const VALUES = [
  'X', 'strength', 'round', 'energy', 'startEnergy', 'attackTotal', 'attackTargets', 'defense', 'baseDefense',
  'energyLost', 'damageDealtAll', 'damageTaken', 'damageDealt', 'otherPowersUsed', 'usedThis',
  'lastAttack', 'acc', 'eventAmount', 'powerCount', 'targetPowerCount', 'heroesAlive',
] as const;

const selector = z.enum(['self', 'target', 'all', 'others', 'opponents', 'strongest', 'weakest', 'eventSource', 'eventTarget', 'topAttacker', 'attackers']);
export type Selector = z.infer<typeof selector>;

const actionSchema = z.union([
  z.object({ attack: z.object({ add: numSchema.optional(), mul: numSchema.optional(), to: z.enum(['each', 'largest']).default('each') }).strict() }).strict(),
  z.object({ defense: z.object({ add: numSchema.optional(), mul: numSchema.optional() }).strict() }).strict(),
  z.object({ energy: numSchema, to: selector.default('self') }).strict(),
  z.object({ damage: numSchema, to: selector.default('target'), blockable: z.boolean().default(false), split: z.boolean().default(false) }).strict(),
  z.object({ vulnerable: numSchema, to: selector.default('target') }).strict(),
  z.object({ nullifyAttacks: z.enum(['by-me', 'against-me', 'both']) }).strict(),
  z.object({ ignoreAttacksBelow: numSchema }).strict(),
  z.object({ pierceDefense: z.literal(true) }).strict(),
  z.object({ defensePenalty: numSchema, to: selector.default('eventTarget') }).strict(),
  z.object({ preventDamage: z.literal(true) }).strict(),
  z.object({ damageBonus: numSchema }).strict(),
  z.object({ win: z.literal(true) }).strict(),
  z.object({ lose: z.literal(true) }).strict(),
  z.object({ discardSelf: z.literal(true) }).strict(),
  z.object({ setEnergy: numSchema }).strict(),
  z.object({ accumulate: numSchema }).strict(),
]);
export type Action = z.infer<typeof actionSchema>;

const conditionSchema = z
  .object({ value: numSchema, op: z.enum(['lt', 'lte', 'gt', 'gte', 'eq', 'ne']), than: numSchema })
  .strict();
export type Condition = z.infer<typeof conditionSchema>;

export const TRIGGERS = ['static', 'use', 'roundStart', 'resolve', 'roundEnd', 'attacked', 'dealingDamage', 'dealtDamage', 'takingDamage', 'tookDamage', 'eliminated'] as const;

const effectSchema = z
  .object({
    when: z.enum(TRIGGERS),
    if: z.array(conditionSchema).default([]),
    /** Fire at most once per round or per game. */
    once: z.enum(['round', 'game']).optional(),
    /** For damage triggers: only attack damage or only power damage. */
    kind: z.enum(['attack', 'power', 'any']).default('any'),
    do: z.array(actionSchema).min(1),
  })
  .strict();
export type Effect = z.infer<typeof effectSchema>;

const costSchema = z.union([z.number().int().min(0), z.string().min(1)]);

export const powerSpecSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and dashes'),
    name: z.string().min(1),
    text: z.string().default(''),
    flaw: z.boolean().default(false),
    curse: z.boolean().default(false),
    prior: z.number().default(10),
    params: z.record(z.string(), z.union([z.number(), z.object({ value: z.number(), better: z.enum(['higher', 'lower']).default('higher') }).strict()])).default({}),
    use: z
      .object({
        spend: costSchema.optional(),
        burn: costSchema.optional(),
        drain: costSchema.optional(),
        activate: z.union([z.number().int().min(1), z.string().min(1)]).optional(),
        exhaust: z.union([z.number().int().min(1), z.string().min(1)]).optional(),
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
    throw new UserError(`${where}: not valid YAML/JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' && 'powers' in raw ? (raw as { powers: unknown }).powers : [raw];
  if (!Array.isArray(list)) throw new UserError(`${where}: field powers is ${JSON.stringify(list)}; allowed: a list of powers`);
  return list.map((item, i) => compileSpec(item, `${where}: power ${describe(item, i)}`));
}

/** Reads and compiles a power file from disk. */
export function loadPowerFile(path: string | URL): PowerDef[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UserError(`power file ${String(path)}: cannot be read; allowed: a readable .yaml/.yml/.json file`);
  }
  return parsePowerFile(text, `power file ${String(path)}`);
}

function describe(item: unknown, i: number): string {
  const id = item && typeof item === 'object' ? (item as { id?: unknown; name?: unknown }).id ?? (item as { name?: unknown }).name : undefined;
  return typeof id === 'string' ? JSON.stringify(id) : `#${i + 1}`;
}

/** Validates one power spec (zod, then references) and compiles it to a PowerDef. */
export function compileSpec(input: unknown, where = `power ${describe(input, 0)}`): PowerDef {
  const r = powerSpecSchema.safeParse(input);
  if (!r.success) throw new UserError(zodIssueMessage(where, r.error, input));
  const spec = r.data;
  const params: Record<string, ParamSpec> = {};
  for (const [name, v] of Object.entries(spec.params)) params[name] = typeof v === 'number' ? { value: v, better: 'higher' } : { value: v.value, better: v.better };
  checkRefs(spec, params, where);
  return compile(spec, params);
}

function checkRefs(spec: ParsedSpec, params: Record<string, ParamSpec>, where: string): void {
  const known = (s: string) => s in params || (VALUES as readonly string[]).includes(s);
  const check = (n: Num, field: string) => {
    if (typeof n === 'string' && !known(n))
      throw new UserError(`${where}: field ${field} is ${JSON.stringify(n)}; allowed: a number, a param (${Object.keys(params).join(', ') || 'none'}) or one of ${VALUES.join(', ')}`);
    if (typeof n === 'object') n.mul.forEach((m, i) => check(m, `${field}.mul.${i}`));
  };
  for (const key of ['spend', 'burn', 'drain', 'activate', 'exhaust'] as const) {
    const v = spec.use?.[key];
    if (typeof v === 'string') check(v, `use.${key}`);
  }
  if (spec.costReduction) check(spec.costReduction, 'costReduction');
  spec.effects.forEach((e, i) => {
    e.if.forEach((cnd, j) => {
      check(cnd.value, `effects.${i}.if.${j}.value`);
      check(cnd.than, `effects.${i}.if.${j}.than`);
    });
    e.do.forEach((a, j) => {
      for (const [k, v] of Object.entries(a)) {
        if (k === 'to' || typeof v === 'boolean') continue;
        if (k === 'attack' || k === 'defense') {
          const o = v as { add?: Num; mul?: Num };
          if (o.add !== undefined) check(o.add, `effects.${i}.do.${j}.${k}.add`);
          if (o.mul !== undefined) check(o.mul, `effects.${i}.do.${j}.${k}.mul`);
        } else if (k !== 'nullifyAttacks') check(v as Num, `effects.${i}.do.${j}.${k}`);
      }
      if (e.when !== 'use' && 'to' in a && a.to === 'target')
        throw new UserError(`${where}: field effects.${i}.do.${j}.to is "target"; allowed: "target" only in a "use" effect`);
    });
    if (e.when === 'use' && !spec.use) throw new UserError(`${where}: field effects.${i}.when is "use"; allowed: "use" only when the power has a use (cost) section`);
  });
}

/** Where an effect is evaluated: the round context, the holder, and the event if any. */
interface Env {
  readonly c: RoundCtx;
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
function mkEnv(c: RoundCtx, self: number, k: number, use?: PowerUse, ev?: DamageEvent, attacker?: number): Env {
  return { c, self, k, use, ev, attacker, target: undefined, held: undefined };
}

/**
 * Powers are compiled once per library: every Num, condition and action becomes a
 * closure, so a round runs no interpretation (no string switches, no `in` tests).
 */
type NumFn = (env: Env) => number;
type CondFn = (env: Env) => boolean;
/** An action: returns 1 or 0 when it sets "saved from elimination" (setEnergy), else -1. */
type ActFn = (env: Env, stage: 0 | 1 | 2 | undefined) => number;

function heldOf(env: Env): HeldPower | null | undefined {
  return env.held ?? env.c.powers[env.self]![env.k];
}

const BUILTINS: Readonly<Record<(typeof VALUES)[number], NumFn>> = {
  X: (env) => env.use?.x ?? 0,
  strength: (env) => heldOf(env)?.strength ?? 0,
  round: (env) => env.c.round,
  energy: (env) => env.c.energy[env.self]!,
  startEnergy: (env) => env.c.startEnergy[env.self]!,
  attackTotal: (env) => env.c.allocatedAttack[env.self]!,
  attackTargets: (env) => env.c.attackTargets[env.self]!,
  defense: (env) => env.c.def[env.self]!,
  baseDefense: (env) => env.c.baseDef[env.self]!,
  energyLost: (env) => env.c.energyLost[env.self]!,
  damageDealtAll: (env) => env.c.totalDamage,
  damageTaken: (env) => env.c.damageTaken[env.self]!,
  damageDealt: (env) => env.c.damageDealt[env.self]!,
  otherPowersUsed: (env) => env.c.powersUsed[env.self]! - env.c.used[env.self]![env.k]!,
  usedThis: (env) => env.c.used[env.self]![env.k] ?? 0,
  lastAttack: (env) => env.c.lastAttack[env.self]!,
  acc: (env) => heldOf(env)?.acc ?? 0,
  eventAmount: (env) => env.ev?.amount ?? 0,
  powerCount: (env) => env.c.powerCount(env.self),
  targetPowerCount: (env) => (env.target === undefined ? 0 : env.c.powerCount(env.target)),
  heroesAlive: (env) => {
    let n = 0;
    for (const a of env.c.alive) if (a) n++;
    return n;
  },
};
const ZERO: NumFn = () => 0;

/** A Num as a function: a held power's param override wins, then the definition's value, then built-ins. */
function compileNum(n: Num, params: Readonly<Record<string, ParamSpec>>): NumFn {
  if (typeof n === 'number') return () => n;
  if (typeof n === 'object') {
    const fs = n.mul.map((m) => compileNum(m, params));
    if (fs.length === 2) {
      const [f, g] = fs as [NumFn, NumFn];
      return (env) => f(env) * g(env);
    }
    return (env) => {
      let p = 1;
      for (const f of fs) p *= f(env);
      return p;
    };
  }
  const builtin = (BUILTINS as Record<string, NumFn>)[n] ?? ZERO;
  const spec = Object.prototype.hasOwnProperty.call(params, n) ? params[n] : undefined;
  if (!spec) return builtin;
  const dv = spec.value;
  return (env) => {
    const held = heldOf(env);
    if (!held) return builtin(env);
    const v = held.params[n];
    return v !== undefined ? v : dv;
  };
}

function compileConds(conds: readonly Condition[], params: Readonly<Record<string, ParamSpec>>): CondFn | null {
  if (conds.length === 0) return null;
  const fs = conds.map((cnd): CondFn => {
    const a = compileNum(cnd.value, params);
    const b = compileNum(cnd.than, params);
    switch (cnd.op) {
      case 'lt': return (env) => a(env) < b(env);
      case 'lte': return (env) => a(env) <= b(env);
      case 'gt': return (env) => a(env) > b(env);
      case 'gte': return (env) => a(env) >= b(env);
      case 'eq': return (env) => a(env) === b(env);
      case 'ne': return (env) => a(env) !== b(env);
    }
  });
  if (fs.length === 1) return fs[0]!;
  return (env) => {
    for (const f of fs) if (!f(env)) return false;
    return true;
  };
}

/** The heroes an action applies to, in seat order (a read-only list: one-hero lists are shared). */
function select(env: Env, sel: Selector): readonly number[] {
  const { c, self } = env;
  switch (sel) {
    case 'self': return one(self);
    case 'target': return env.use?.target !== undefined && c.alive[env.use.target] ? one(env.use.target) : NONE;
    case 'all': return living(c);
    case 'others': return living(c).filter((j) => j !== self);
    case 'opponents': return c.opponents(self);
    case 'strongest':
    case 'weakest': {
      const opp = c.opponents(self);
      if (!opp.length) return NONE;
      const pick = opp.reduce((b, j) => ((sel === 'strongest' ? c.energy[j]! > c.energy[b]! : c.energy[j]! < c.energy[b]!) ? j : b));
      return one(pick);
    }
    case 'eventSource': return env.ev && env.ev.src >= 0 ? one(env.ev.src) : env.attacker !== undefined ? one(env.attacker) : NONE;
    case 'eventTarget': return env.ev ? one(env.ev.tgt) : NONE;
    case 'topAttacker': {
      const all = living(c);
      let best = 0;
      for (const j of all) best = Math.max(best, c.allocatedAttack[j]!);
      return best > 0 ? all.filter((j) => c.allocatedAttack[j] === best) : NONE;
    }
    case 'attackers': return living(c).filter((j) => c.atk[j * c.H + self]! > 0);
  }
}

const NONE: readonly number[] = [];
const ONE: readonly (readonly number[])[] = Array.from({ length: 64 }, (_, h) => [h]);

/** The list of hero `h` alone, shared (selectors of one hero allocate nothing). */
function one(h: number): readonly number[] {
  return ONE[h] ?? [h];
}

/** The living heroes, in seat order. */
function living(c: RoundCtx): number[] {
  const all: number[] = [];
  for (let j = 0; j < c.H; j++) if (c.alive[j]) all.push(j);
  return all;
}

/** The static stages an action acts in: 0 adds (and everything else), 1 multiplies, 2 overrides. */
function stageOf(a: Action): number[] {
  if ('attack' in a || 'defense' in a) {
    const o = 'attack' in a ? a.attack : a.defense;
    const out: number[] = [];
    if (o.add !== undefined) out.push(0);
    if (o.mul !== undefined) out.push(1);
    return out;
  }
  if ('nullifyAttacks' in a) return [2];
  return [0];
}

const STAGES = [0, 1, 2] as const;

const STAT_ACTIONS = new Set(['attack', 'defense', 'vulnerable', 'nullifyAttacks', 'ignoreAttacksBelow', 'pierceDefense']);
const isStat = (a: Action) => Object.keys(a).some((key) => STAT_ACTIONS.has(key));

/** Runs compiled actions; returns true if the holder was saved from elimination (setEnergy). */
function run(env: Env, actions: readonly ActFn[], stage?: 0 | 1 | 2): boolean {
  let saved = false;
  for (let i = 0; i < actions.length; i++) {
    const r = actions[i]!(env, stage);
    if (r >= 0) saved = r === 1;
  }
  return saved;
}

/** One action as a function (what each does is listed in the README's "Power files"). */
function compileAction(a: Action, params: Readonly<Record<string, ParamSpec>>): ActFn {
  const num = (n: Num) => compileNum(n, params);
  if ('attack' in a) {
    const add = a.attack.add !== undefined ? num(a.attack.add) : null;
    const mul = a.attack.mul !== undefined ? num(a.attack.mul) : null;
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
  }
  if ('defense' in a) {
    const add = a.defense.add !== undefined ? num(a.defense.add) : null;
    const mul = a.defense.mul !== undefined ? num(a.defense.mul) : null;
    return (env, stage) => {
      const { c, self } = env;
      if (add && stage === 0) c.def[self] = Math.max(0, c.def[self]! + add(env));
      if (mul && stage === 1) c.def[self] = Math.floor(c.def[self]! * mul(env));
      return -1;
    };
  }
  if ('nullifyAttacks' in a) {
    const by = a.nullifyAttacks !== 'against-me';
    const against = a.nullifyAttacks !== 'by-me';
    return (env, stage) => {
      if (stage === 2) {
        if (by) env.c.nullBy[env.self] = true;
        if (against) env.c.nullAgainst[env.self] = true;
      }
      return -1;
    };
  }
  if ('ignoreAttacksBelow' in a) {
    const f = num(a.ignoreAttacksBelow);
    return (env, stage) => {
      if (stage === 0) env.c.ignoreBelow[env.self] = Math.max(env.c.ignoreBelow[env.self]!, f(env));
      return -1;
    };
  }
  if ('pierceDefense' in a) {
    return (env, stage) => {
      if (stage === 0) env.c.pierce[env.self] = true;
      return -1;
    };
  }
  if ('vulnerable' in a) {
    const f = num(a.vulnerable);
    const to = a.to;
    return (env, stage) => {
      if (stage === 0) for (const t of select(env, to)) env.c.vulnerable[t]! += f(env);
      return -1;
    };
  }
  if ('energy' in a) {
    const f = num(a.energy);
    const to = a.to;
    return (env) => {
      for (const t of select(env, to)) {
        env.target = t;
        env.c.gain(t, f(env));
      }
      return -1;
    };
  }
  if ('damage' in a) {
    const f = num(a.damage);
    const { to, split, blockable } = a;
    return (env) => {
      const targets = select(env, to);
      for (const t of targets) {
        env.target = t;
        const amount = f(env);
        env.c.deal(env.self, t, split ? Math.ceil(amount / targets.length) : amount, 'power', blockable);
      }
      return -1;
    };
  }
  if ('defensePenalty' in a) {
    const f = num(a.defensePenalty);
    const to = a.to;
    return (env) => {
      const c = env.c;
      for (const t of select(env, to)) c.nextDefPenalty[t] = Math.max(c.nextDefPenalty[t]!, f(env));
      return -1;
    };
  }
  if ('preventDamage' in a) {
    return (env) => {
      if (env.ev) env.ev.amount = 0;
      return -1;
    };
  }
  if ('damageBonus' in a) {
    const f = num(a.damageBonus);
    return (env) => {
      if (env.ev) env.ev.amount += f(env);
      return -1;
    };
  }
  if ('win' in a) {
    return (env) => {
      env.c.altWin[env.self] = true;
      return -1;
    };
  }
  if ('lose' in a) {
    return (env) => {
      env.c.mustLose[env.self] = true;
      return -1;
    };
  }
  if ('discardSelf' in a) {
    return (env) => {
      env.c.discard(env.self, env.k);
      return -1;
    };
  }
  if ('setEnergy' in a) {
    const f = num(a.setEnergy);
    return (env) => {
      env.c.energy[env.self] = f(env);
      return env.c.energy[env.self]! > 0 ? 1 : 0;
    };
  }
  const f = num(a.accumulate);
  return (env) => {
    const held = env.c.powers[env.self]![env.k];
    if (held) env.c.update(env.self, env.k, { acc: held.acc + f(env) });
    return -1;
  };
}

function compile(spec: ParsedSpec, params: Record<string, ParamSpec>): PowerDef {
  const def: Record<string, unknown> = {
    id: spec.id,
    name: spec.name,
    text: spec.text,
    flaw: spec.flaw,
    curse: spec.curse,
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
    readonly cond: CondFn | null;
    readonly do: readonly ActFn[];
  }
  const acts = (list: readonly Action[]) => list.map((x) => compileAction(x, params));
  const compileEffect = (e: Effect, list: readonly Action[] = e.do): Compiled => ({ once: e.once, kind: e.kind, cond: compileConds(e.if, params), do: acts(list) });
  const raw = (when: Effect['when']) => spec.effects.filter((e) => e.when === when);
  const by = (when: Effect['when']) => raw(when).map((e) => compileEffect(e));
  /** Guards an effect with its conditions and its once-per-round/game rule. */
  const fireAll = (e: Compiled, env: Env, actions: readonly ActFn[], stage?: 0 | 1 | 2): boolean => {
    const held = env.c.powers[env.self]![env.k];
    if (!held) return false;
    if (e.once === 'game' && held.fired > 0) return false;
    if (e.once === 'round' && held.fired === env.c.round) return false;
    if (e.kind !== 'any' && env.ev && env.ev.kind !== e.kind) return false;
    if (e.cond && !e.cond(env)) return false;
    if (e.once) env.c.update(env.self, env.k, { fired: env.c.round });
    env.held = env.c.powers[env.self]![env.k] ?? held;
    return run(env, actions, stage);
  };

  // Static effects run in three stages (adds, multiplies, overrides); each effect is
  // split once here so a stage only visits the actions that belong to it.
  const statics = raw('static');
  const byStage = ([0, 1, 2] as const).map((stage) =>
    statics.map((e) => compileEffect(e, e.do.filter((a) => stageOf(a).includes(stage)))).filter((x) => x.do.length > 0),
  );
  if (statics.length) {
    def['modify'] = (c: RoundCtx, self: number, k: number, stage: 0 | 1 | 2) => {
      const list = byStage[stage]!;
      for (let i = 0; i < list.length; i++) fireAll(list[i]!, mkEnv(c, self, k), list[i]!.do, stage);
    };
  }
  // A use's stat actions apply before attacks resolve, its other actions after them.
  const uses = raw('use').map((e) => ({ e: compileEffect(e), stats: acts(e.do.filter(isStat)), rest: acts(e.do.filter((a) => !isStat(a))) }));
  if (uses.length) {
    def['prepareUse'] = (c: RoundCtx, self: number, k: number, use: PowerUse) => {
      for (const { e, stats } of uses) {
        if (!stats.length) continue;
        const env = mkEnv(c, self, k, use);
        if (!e.cond || e.cond(env)) for (const stage of STAGES) run(env, stats, stage);
      }
    };
    def['resolveUse'] = (c: RoundCtx, self: number, k: number, use: PowerUse) => {
      for (const { e, rest } of uses) if (rest.length) fireAll(e, mkEnv(c, self, k, use), rest);
    };
  }
  const simple = (when: Effect['when'], hook: string) => {
    const list = by(when);
    if (!list.length) return;
    def[hook] = (c: RoundCtx, self: number, k: number) => {
      for (const e of list) fireAll(e, mkEnv(c, self, k), e.do);
    };
  };
  simple('roundStart', 'roundStart');
  simple('resolve', 'resolve');
  simple('roundEnd', 'roundEnd');
  const attacked = by('attacked');
  if (attacked.length) {
    def['onAttacked'] = (c: RoundCtx, self: number, k: number, attacker: number, amount: number) => {
      const ev: DamageEvent = { src: attacker, tgt: self, amount, kind: 'attack', blockable: true };
      for (const e of attacked) fireAll(e, mkEnv(c, self, k, undefined, ev, attacker), e.do);
    };
  }
  const onEvent = (when: Effect['when'], hook: string) => {
    const list = by(when);
    if (!list.length) return;
    def[hook] = (c: RoundCtx, self: number, k: number, ev: DamageEvent) => {
      for (const e of list) fireAll(e, mkEnv(c, self, k, undefined, ev), e.do);
    };
  };
  onEvent('dealingDamage', 'beforeDeal');
  onEvent('dealtDamage', 'afterDeal');
  onEvent('takingDamage', 'beforeTake');
  onEvent('tookDamage', 'afterTake');
  const elim = by('eliminated');
  if (elim.length) {
    def['onEliminated'] = (c: RoundCtx, self: number, k: number) => {
      let saved = false;
      for (const e of elim) if (fireAll(e, mkEnv(c, self, k), e.do)) saved = true;
      return saved;
    };
  }
  return def as unknown as PowerDef;
}
