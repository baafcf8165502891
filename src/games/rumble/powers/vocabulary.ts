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

function value(env: Env, n: Num): number {
  if (typeof n === 'number') return n;
  if (typeof n === 'object') {
    let p = 1;
    for (const m of n.mul) p *= value(env, m);
    return p;
  }
  const { c, self, k } = env;
  const held = env.held ?? c.powers[self]![k];
  if (held) {
    const pv = held.params[n];
    if (pv !== undefined) return pv;
    const spec = (c.defs[self]![k] ?? c.lib.get(held.id)).params[n];
    if (spec) return spec.value;
  }
  switch (n) {
    case 'X': return env.use?.x ?? 0;
    case 'strength': return held?.strength ?? 0;
    case 'round': return c.round;
    case 'energy': return c.energy[self]!;
    case 'startEnergy': return c.startEnergy[self]!;
    case 'attackTotal': return c.allocatedAttack[self]!;
    case 'attackTargets': return c.attackTargets[self]!;
    case 'defense': return c.def[self]!;
    case 'baseDefense': return c.baseDef[self]!;
    case 'energyLost': return c.energyLost[self]!;
    case 'damageDealtAll': return c.totalDamage;
    case 'damageTaken': return c.damageTaken[self]!;
    case 'damageDealt': return c.damageDealt[self]!;
    case 'otherPowersUsed': return c.powersUsed[self]! - c.used[self]![k]!;
    case 'usedThis': return c.used[self]![k] ?? 0;
    case 'lastAttack': return c.lastAttack[self]!;
    case 'acc': return held?.acc ?? 0;
    case 'eventAmount': return env.ev?.amount ?? 0;
    case 'powerCount': return c.powerCount(self);
    case 'targetPowerCount': return env.target === undefined ? 0 : c.powerCount(env.target);
    case 'heroesAlive': return c.alive.filter(Boolean).length;
    default: return 0;
  }
}

function holds(env: Env, conds: readonly Condition[]): boolean {
  for (const cnd of conds) {
    const a = value(env, cnd.value);
    const b = value(env, cnd.than);
    const ok = cnd.op === 'lt' ? a < b : cnd.op === 'lte' ? a <= b : cnd.op === 'gt' ? a > b : cnd.op === 'gte' ? a >= b : cnd.op === 'eq' ? a === b : a !== b;
    if (!ok) return false;
  }
  return true;
}

function select(env: Env, sel: Selector): number[] {
  const { c, self } = env;
  const all: number[] = [];
  for (let j = 0; j < c.H; j++) if (c.alive[j]) all.push(j);
  switch (sel) {
    case 'self': return [self];
    case 'target': return env.use?.target !== undefined && c.alive[env.use.target] ? [env.use.target] : [];
    case 'all': return all;
    case 'others': return all.filter((j) => j !== self);
    case 'opponents': return c.opponents(self);
    case 'strongest':
    case 'weakest': {
      const opp = c.opponents(self);
      if (!opp.length) return [];
      const pick = opp.reduce((b, j) => ((sel === 'strongest' ? c.energy[j]! > c.energy[b]! : c.energy[j]! < c.energy[b]!) ? j : b));
      return [pick];
    }
    case 'eventSource': return env.ev && env.ev.src >= 0 ? [env.ev.src] : env.attacker !== undefined ? [env.attacker] : [];
    case 'eventTarget': return env.ev ? [env.ev.tgt] : [];
    case 'topAttacker': {
      let best = 0;
      for (const j of all) best = Math.max(best, c.allocatedAttack[j]!);
      return best > 0 ? all.filter((j) => c.allocatedAttack[j] === best) : [];
    }
    case 'attackers': return all.filter((j) => c.atk[j * c.H + self]! > 0);
  }
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

/** Runs actions; returns true if the holder was saved from elimination (setEnergy). */
function run(env: Env, actions: readonly Action[], stage?: 0 | 1 | 2): boolean {
  const { c, self, k } = env;
  const H = c.H;
  let saved = false;
  for (const a of actions) {
    if ('attack' in a) {
      if (a.attack.add !== undefined && stage === 0) {
        const add = value(env, a.attack.add);
        if (a.attack.to === 'largest') {
          let best = -1;
          for (let j = 0; j < H; j++) if (c.atk[self * H + j]! > 0 && (best < 0 || c.atk[self * H + j]! > c.atk[self * H + best]!)) best = j;
          if (best >= 0) c.atk[self * H + best]! += add;
        } else for (let j = 0; j < H; j++) if (c.atk[self * H + j]! > 0) c.atk[self * H + j]! += add;
      }
      if (a.attack.mul !== undefined && stage === 1) {
        const m = value(env, a.attack.mul);
        for (let j = 0; j < H; j++) c.atk[self * H + j] = Math.floor(c.atk[self * H + j]! * m);
      }
    } else if ('defense' in a) {
      if (a.defense.add !== undefined && stage === 0) c.def[self] = Math.max(0, c.def[self]! + value(env, a.defense.add));
      if (a.defense.mul !== undefined && stage === 1) c.def[self] = Math.floor(c.def[self]! * value(env, a.defense.mul));
    } else if ('nullifyAttacks' in a) {
      if (stage === 2) {
        if (a.nullifyAttacks !== 'against-me') c.nullBy[self] = true;
        if (a.nullifyAttacks !== 'by-me') c.nullAgainst[self] = true;
      }
    } else if ('ignoreAttacksBelow' in a) {
      if (stage === 0) c.ignoreBelow[self] = Math.max(c.ignoreBelow[self]!, value(env, a.ignoreAttacksBelow));
    } else if ('pierceDefense' in a) {
      if (stage === 0) c.pierce[self] = true;
    } else if ('vulnerable' in a) {
      if (stage === 0) for (const t of select(env, a.to)) c.vulnerable[t]! += value(env, a.vulnerable);
    } else if ('energy' in a) {
      for (const t of select(env, a.to)) {
        env.target = t;
        c.gain(t, value(env, a.energy));
      }
    } else if ('damage' in a) {
      const targets = select(env, a.to);
      for (const t of targets) {
        env.target = t;
        const amount = value(env, a.damage);
        c.deal(self, t, a.split ? Math.ceil(amount / targets.length) : amount, 'power', a.blockable);
      }
    } else if ('defensePenalty' in a) {
      for (const t of select(env, a.to)) c.nextDefPenalty[t] = Math.max(c.nextDefPenalty[t]!, value(env, a.defensePenalty));
    } else if ('preventDamage' in a) {
      if (env.ev) env.ev.amount = 0;
    } else if ('damageBonus' in a) {
      if (env.ev) env.ev.amount += value(env, a.damageBonus);
    } else if ('win' in a) c.altWin[self] = true;
    else if ('lose' in a) c.mustLose[self] = true;
    else if ('discardSelf' in a) c.discard(self, k);
    else if ('setEnergy' in a) {
      c.energy[self] = value(env, a.setEnergy);
      saved = c.energy[self]! > 0;
    } else if ('accumulate' in a) {
      const held = c.powers[self]![k];
      if (held) c.update(self, k, { acc: held.acc + value(env, a.accumulate) });
    }
  }
  return saved;
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
  const by = (when: Effect['when']) => spec.effects.filter((e) => e.when === when);
  /** Guards an effect with its conditions and its once-per-round/game rule. */
  const fireAll = (e: Effect, env: Env, actions: readonly Action[], stage?: 0 | 1 | 2): boolean => {
    const held = env.c.powers[env.self]![env.k];
    if (!held) return false;
    if (e.once === 'game' && held.fired > 0) return false;
    if (e.once === 'round' && held.fired === env.c.round) return false;
    if (e.kind !== 'any' && env.ev && env.ev.kind !== e.kind) return false;
    if (e.if.length && !holds(env, e.if)) return false;
    if (e.once) env.c.update(env.self, env.k, { fired: env.c.round });
    env.held = env.c.powers[env.self]![env.k] ?? held;
    return run(env, actions, stage);
  };

  // Static effects run in three stages (adds, multiplies, overrides); each effect is
  // split once here so a stage only visits the actions that belong to it.
  const statics = by('static');
  const byStage = ([0, 1, 2] as const).map((stage) =>
    statics.map((e) => ({ e, acts: e.do.filter((a) => stageOf(a).includes(stage)) })).filter((x) => x.acts.length > 0),
  );
  if (statics.length) {
    def['modify'] = (c: RoundCtx, self: number, k: number, stage: 0 | 1 | 2) => {
      for (const { e, acts } of byStage[stage]!) fireAll(e, mkEnv(c, self, k), acts, stage);
    };
  }
  // A use's stat actions apply before attacks resolve, its other actions after them.
  const uses = by('use').map((e) => ({ e, stats: e.do.filter(isStat), rest: e.do.filter((a) => !isStat(a)) }));
  if (uses.length) {
    def['prepareUse'] = (c: RoundCtx, self: number, k: number, use: PowerUse) => {
      for (const { e, stats } of uses) {
        if (!stats.length) continue;
        const env = mkEnv(c, self, k, use);
        if (holds(env, e.if)) for (const stage of STAGES) run(env, stats, stage);
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
