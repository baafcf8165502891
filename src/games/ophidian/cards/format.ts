/**
 * The Ophidian card file (YAML or JSON): Gladiators (double-sided Levels) and Strategy
 * cards, validated with zod and compiled with the effect kernel. A mistake is refused in
 * one line naming the file, the card, the field and the problem:
 *
 *   card file my.yaml: card "arm-blade": field type: unknown value `pmup`; did you mean `pump`?
 *
 * The format is documented field by field in src/games/ophidian/README.md ("Card files").
 */
import YAML from 'yaml';
import { z } from 'zod';
import { UserError, parseErrorText } from '../../../core/errors.js';
import { compileConditions, compileNum, parseCondition, parseFields, parseNum, type Scope } from '../../../core/effects/index.js';
import {
  CARD_DISCIPLINES,
  DISCIPLINES,
  EVENTS,
  EVENT_SUBJECTS,
  FIELDS,
  FLOW_SYMBOLS,
  MODIFIABLE,
  MODIFY_TARGETS,
  PLAY_SYMBOLS,
  SIDES,
  SPECIES,
  STRATEGY_TYPES,
  TARGET_KINDS,
  type Ability,
  type CardEnv,
  type CardSet,
  type Cost,
  type GladiatorCard,
  type StrategyCard,
  type TargetSpec,
} from './types.js';
import { compileSteps, vocabularyFor } from './vocabulary.js';
import { readBoundedFile } from '../../../core/content-file.js';

const id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and dashes');
const keyword = z.string().regex(/^[A-Za-z][A-Za-z0-9 -]*$/, 'a word or words (letters, digits, spaces, dashes)');
const small = z.number().int().min(0).max(99);

const targetSchema = z
  .object({
    kind: z.enum(TARGET_KINDS).default('character'),
    side: z.enum(SIDES).default('any'),
    field: z.enum(FIELDS).default('any'),
    count: z.number().int().min(1).max(8).default(1),
    'up-to': z.boolean().default(false),
    keyword: keyword.optional(),
  })
  .strict();

const costSchema = z
  .object({
    cp: z.unknown().optional(),
    set: z.boolean().default(false),
    life: z.unknown().optional(),
    discard: small.default(0),
    'scrap-minion': small.default(0),
    'scrap-self': z.boolean().default(false),
    x: z.boolean().default(false),
  })
  .strict();

const modifySchema = z
  .object({ stat: z.enum(MODIFIABLE), by: z.unknown(), to: z.enum(MODIFY_TARGETS).default('host') })
  .strict();

const abilitySchema = z
  .object({
    name: z.string().min(1).default('ability'),
    text: z.string().default(''),
    flow: z.enum(FLOW_SYMBOLS).default('continuous'),
    cost: costSchema.default({ set: false, discard: 0, 'scrap-minion': 0, 'scrap-self': false, x: false }),
    after: z.enum(EVENTS).optional(),
    when: z.enum(EVENTS).optional(),
    of: z.enum(EVENT_SUBJECTS).default('self'),
    if: z.array(z.unknown()).default([]),
    raging: z.enum(['any', 'only', 'never']).default('any'),
    target: targetSchema.optional(),
    do: z.array(z.unknown()).default([]),
    modify: z.array(modifySchema).default([]),
    'keep-flow-if': z.array(z.unknown()).optional(),
  })
  .strict();

const levelSchema = z
  .object({
    level: z.number().int().min(0).max(4),
    disciplines: z.array(z.enum(DISCIPLINES)).min(1).max(3),
    vp: small,
    life: z.number().int().min(1).max(99),
    rage: z.number().int().min(1).max(99),
    admg: small,
    abilities: z.array(z.unknown()).default([]),
  })
  .strict();

const gladiatorSchema = z
  .object({
    id,
    name: z.string().min(1),
    species: z.enum(SPECIES),
    keywords: z.array(keyword).default([]),
    reinforcement: z.boolean().default(false),
    maintain: small.default(0),
    levels: z.array(levelSchema).min(1).max(4),
    text: z.string().default(''),
  })
  .strict();

const strategySchema = z
  .object({
    id,
    name: z.string().min(1),
    type: z.enum(STRATEGY_TYPES),
    flow: z.enum(PLAY_SYMBOLS),
    discipline: z.enum(CARD_DISCIPLINES),
    extra: z.number().int().min(0).max(3).default(0),
    level: z.number().int().min(1).max(4),
    cost: z.union([small, z.literal('X')]),
    'extra-costs': costSchema.omit({ cp: true, x: true, set: true }).optional(),
    maintain: z.union([small, z.literal('skull')]),
    'must-maintain': z.boolean().default(false),
    keywords: z.array(keyword).default([]),
    target: targetSchema.optional(),
    minion: z.object({ life: z.number().int().min(1).max(99), rage: z.number().int().min(1).max(99).optional(), admg: small.optional() }).strict().optional(),
    after: z.enum(EVENTS).optional(),
    when: z.enum(EVENTS).optional(),
    of: z.enum(EVENT_SUBJECTS).default('any'),
    'on-play': z.array(z.unknown()).default([]),
    'keep-flow-if': z.array(z.unknown()).optional(),
    abilities: z.array(z.unknown()).default([]),
    text: z.string().default(''),
  })
  .strict();

const fileSchema = z
  .object({
    sample: z.boolean().default(false),
    gladiators: z.array(z.unknown()).default([]),
    strategies: z.array(z.unknown()).default([]),
  })
  .strict();

function nameOf(item: unknown, i: number): string {
  const v = item && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
  return typeof v === 'string' ? JSON.stringify(v) : `#${i + 1}`;
}

function scopeAt(where: string, keywords: readonly string[]): Scope<CardEnv> {
  return { vocabulary: vocabularyFor(keywords), params: [], param: () => () => 0, where };
}

const ZERO = (): number => 0;

function compileNumField(v: unknown, field: string, scope: Scope<CardEnv>): (env: CardEnv) => number {
  return v === undefined ? ZERO : compileNum(parseNum(v, field, scope), scope);
}

function compileCost(c: z.infer<typeof costSchema>, field: string, scope: Scope<CardEnv>): Cost {
  return {
    cp: compileNumField(c.cp, `${field}.cp`, scope),
    set: c.set,
    life: compileNumField(c.life, `${field}.life`, scope),
    discard: c.discard,
    scrapMinion: c['scrap-minion'],
    scrapSelf: c['scrap-self'],
    xChosen: c.x,
  };
}

function conditions(list: readonly unknown[] | undefined, field: string, scope: Scope<CardEnv>): ((env: CardEnv) => boolean) | null {
  if (list === undefined) return null;
  return compileConditions(list.map((c, i) => parseCondition(c, `${field}.${i}`, scope)), scope);
}

function target(t: z.infer<typeof targetSchema> | undefined): TargetSpec | null {
  if (!t) return null;
  return { kind: t.kind, side: t.side, field: t.field, count: t.count, upTo: t['up-to'], keyword: t.keyword ?? null };
}

/** True when an effect list (nested options and roll branches included) holds a `flow` action. */
function resolvesFlow(list: readonly unknown[]): boolean {
  return list.some((a) => {
    if (!a || typeof a !== 'object') return false;
    const o = a as Record<string, unknown>;
    if ('flow' in o) return true;
    const nested = [o['then'], o['else'], ...(Array.isArray(o['options']) ? (o['options'] as { do?: unknown }[]).map((x) => x?.do) : [])];
    return nested.some((n) => Array.isArray(n) && resolvesFlow(n));
  });
}

function compileAbility(input: unknown, field: string, scope: Scope<CardEnv>): Ability {
  const a = parseFields(`${scope.where}: field ${field}`, abilitySchema, input);
  const fail = (f: string, msg: string): never => {
    throw new UserError(`${scope.where}: field ${field}.${f}: ${msg}`);
  };
  if (a.after && a.when) fail('when', 'an ability has one trigger; allowed: either `after` (adds an event) or `when` (modifies one), 8.0');
  if (a.flow === '?' && !a['keep-flow-if'] && !resolvesFlow(a.do)) fail('flow', 'a (?) ability must resolve the Flow (2.5); allowed: `keep-flow-if` conditions or a `flow: +/-` action in `do`');
  if (a.flow === 'continuous' && !a.after && !a.when && a.do.length > 0) fail('do', 'a continuous ability without a trigger can only `modify` stats; allowed: add `after`/`when`, or a Flow symbol');
  const ev = a.after ?? a.when;
  return {
    name: a.name,
    text: a.text,
    flow: a.flow,
    cost: compileCost(a.cost, `${field}.cost`, scope),
    trigger: ev ? { timing: a.after ? 'after' : 'when', event: ev, of: a.of } : null,
    condition: withMovePossible(a.if.length ? conditions(a.if, `${field}.if`, scope) : null, a.do),
    raging: a.raging,
    target: target(a.target),
    steps: compileSteps(a.do, `${field}.do`, scope),
    namesOpponent: namesOpponent([a.do, a.if, a['keep-flow-if']]),
    modifiers: a.modify.map((m, i) => ({ stat: m.stat, by: compileNumField(m.by, `${field}.modify.${i}.by`, scope), to: m.to })),
    keepFlowIf: conditions(a['keep-flow-if'], `${field}.keep-flow-if`, scope),
  };
}

/**
 * An ability whose whole effect is to Advance or Retreat itself can be used only when that move
 * can happen (glossary: Retreat moves a character from the Action Field to the Support Field;
 * Advance the other way). Otherwise it is an action that changes nothing — a free (+) one
 * (Maximillion's Level-3 Tactical Withdrawal in Support) could be repeated forever.
 */
function withMovePossible(condition: ((env: CardEnv) => boolean) | null, steps: readonly unknown[]): ((env: CardEnv) => boolean) | null {
  if (steps.length !== 1) return condition;
  const step = steps[0] as Record<string, unknown> | undefined;
  const move = step?.['retreat'] === 'self' ? 'retreat' : step?.['advance'] === 'self' ? 'advance' : null;
  if (!move) return condition;
  const possible = (env: CardEnv) => env.w.inAction(env.card) === (move === 'retreat');
  return condition ? (env) => possible(env) && condition(env) : possible;
}

function compileGladiator(input: unknown, where: string, keywords: readonly string[]): GladiatorCard {
  const g = parseFields(where, gladiatorSchema, input);
  const scope = scopeAt(where, keywords);
  const fail = (f: string, msg: string): never => {
    throw new UserError(`${where}: field ${f}: ${msg}`);
  };
  if (g.reinforcement) {
    if (g.levels.length !== 1 || g.levels[0]!.level !== 0) fail('levels', 'a Reinforcement is one Level-0 card (3.12); allowed: exactly one level with level: 0');
  } else {
    if (g.maintain !== 0) fail('maintain', 'only Reinforcements have a Maintenance Cost that must be paid (3.12); allowed: 0 or reinforcement: true');
    g.levels.forEach((l, i) => {
      if (l.level !== i + 1) fail(`levels.${i}.level`, `is ${l.level}; allowed: ${i + 1} (Levels start at 1 and go up one at a time)`);
    });
  }
  g.levels.forEach((l, i) => {
    if (l.rage > l.life) fail(`levels.${i}.rage`, `is ${l.rage}; allowed: at most the Life ${l.life} (a Gladiator Rages before it is Destroyed)`);
  });
  return {
    kind: 'gladiator',
    id: g.id,
    name: g.name,
    species: g.species,
    keywords: [g.species, ...g.keywords, ...(g.reinforcement ? ['Reinforcement'] : [])],
    reinforcement: g.reinforcement,
    maintain: g.maintain,
    levels: g.levels.map((l, i) => ({
      level: l.level,
      disciplines: l.disciplines,
      vp: l.vp,
      life: l.life,
      rage: l.rage,
      admg: l.admg,
      abilities: l.abilities.map((ab, j) => compileAbility(ab, `levels.${i}.abilities.${j}`, scope)),
    })),
    text: g.text,
  };
}

function compileStrategy(input: unknown, where: string, keywords: readonly string[]): StrategyCard {
  const c = parseFields(where, strategySchema, input);
  const scope = scopeAt(where, keywords);
  const fail = (f: string, msg: string): never => {
    throw new UserError(`${where}: field ${f}: ${msg}`);
  };
  if (c.type === 'pump' && !c.target) fail('target', 'a Pump is placed under a target (2.2); allowed: a target such as {kind: character, side: ally}');
  if (c.type === 'minion' && !c.minion) fail('minion', 'a Minion is a Character with Life (2.2); allowed: {life, admg, rage}');
  if (c.type !== 'minion' && c.minion) fail('minion', `only Minions have Character stats; this card is a ${c.type}`);
  if (c.discipline === 'universal' && c.extra > 0) fail('extra', 'Universal cards need no Gladiator of a discipline (6.0); allowed: 0');
  if (c.flow === '?' && !c['keep-flow-if'] && !resolvesFlow(c['on-play'])) fail('flow', 'a (?) card must resolve the Flow in its text (2.5); allowed: `keep-flow-if` conditions or a `flow: +/-` action in `on-play`');
  if (c['must-maintain'] && c.maintain === 'skull') fail('must-maintain', 'a skull card cannot be maintained at all (4.0 step 3)');
  const respond = c.flow === 'R' || c.flow === 'OR' || c.flow === 'DR';
  if (c.after && c.when) fail('when', 'a card has one trigger; allowed: either `after` (adds an event) or `when` (modifies one), 8.0');
  if (respond && !c.after && !c.when) fail('flow', `a (${c.flow}) Response is played when its requirement is met (2.5); allowed: an \`after\` or \`when\` event`);
  if (!respond && (c.after || c.when)) fail(c.after ? 'after' : 'when', `only Responses (R, OR, DR) are played on an event; this card is (${c.flow})`);
  const ev = c.after ?? c.when;
  const extra = c['extra-costs'];
  const kws = [...c.keywords];
  return {
    kind: 'strategy',
    id: c.id,
    name: c.name,
    type: c.type,
    flow: c.flow,
    discipline: c.discipline,
    extra: c.extra,
    level: c.level,
    cost: {
      cp: c.cost === 'X' ? (env) => env.x : (() => { const n = c.cost as number; return () => n; })(),
      set: false,
      life: ZERO,
      discard: extra?.discard ?? 0,
      scrapMinion: extra?.['scrap-minion'] ?? 0,
      scrapSelf: false,
      xChosen: c.cost === 'X',
      fixed: c.cost === 'X' ? undefined : (c.cost as number),
    },
    maintain: c.maintain === 'skull' ? null : c.maintain,
    mustMaintain: c['must-maintain'],
    keywords: kws,
    unique: kws.includes('Unique'),
    target: target(c.target),
    trigger: ev ? { timing: c.after ? 'after' : 'when', event: ev, of: c.of } : null,
    minion: c.minion ? { life: c.minion.life, rage: c.minion.rage ?? -1, admg: c.minion.admg ?? -1 } : null,
    onPlay: compileSteps(c['on-play'], 'on-play', scope),
    namesOpponent: namesOpponent([c['on-play'], c['keep-flow-if']]),
    keepFlowIf: conditions(c['keep-flow-if'], 'keep-flow-if', scope),
    abilities: c.abilities.map((ab, j) => compileAbility(ab, `abilities.${j}`, scope)),
    text: c.text,
  };
}

/** Do these effects or conditions name "the opponent" (`who: opponent`, a `mill`, whose default is the opponent, or `opponent-cheer`)? */
function namesOpponent(parts: readonly unknown[]): boolean {
  const text = JSON.stringify(parts);
  return text.includes('"opponent"') || text.includes('opponent-cheer') || (text.includes('"mill"') && !text.includes('"who":"you"'));
}

/** Every keyword a file's cards carry (species and Reinforcement included): each is a `kw:<word>` value. */
function keywordsOf(items: readonly unknown[]): string[] {
  const out = new Set<string>([...SPECIES, 'Reinforcement', 'Unique']);
  for (const it of items) {
    if (!it || typeof it !== 'object') continue;
    const k = (it as { keywords?: unknown }).keywords;
    if (Array.isArray(k)) for (const w of k) if (typeof w === 'string') out.add(w);
  }
  return [...out];
}

/** Parses a card file's text (YAML or JSON). `base` cards may be named again only to be replaced (a user's file overriding a sample card). */
export function parseCardFile(text: string, where = 'card file'): CardSet {
  let raw: unknown;
  try {
    raw = YAML.parse(text);
  } catch (e) {
    throw new UserError(`${where}: not valid YAML/JSON (${parseErrorText(e)})`);
  }
  const file = parseFields(where, fileSchema, raw ?? {});
  const keywords = keywordsOf([...file.gladiators, ...file.strategies]);
  const gladiators = new Map<string, GladiatorCard>();
  const strategies = new Map<string, StrategyCard>();
  const seen = (cardId: string, at: string) => {
    if (gladiators.has(cardId) || strategies.has(cardId)) throw new UserError(`${at}: field id is ${JSON.stringify(cardId)}; allowed: an id not used by another card of the file`);
  };
  file.gladiators.forEach((item, i) => {
    const at = `${where}: gladiator ${nameOf(item, i)}`;
    const g = compileGladiator(item, at, keywords);
    seen(g.id, at);
    gladiators.set(g.id, g);
  });
  file.strategies.forEach((item, i) => {
    const at = `${where}: card ${nameOf(item, i)}`;
    const c = compileStrategy(item, at, keywords);
    seen(c.id, at);
    strategies.set(c.id, c);
  });
  return { sample: file.sample, gladiators, strategies };
}

export function loadCardFile(path: string | URL): CardSet {
  const text = readBoundedFile('card file', path);
  return parseCardFile(text, `card file ${String(path)}`);
}

/** A set with a user's cards added; a card with a sample card's id replaces it. */
export function mergeCardSets(base: CardSet, extra: CardSet): CardSet {
  return {
    sample: base.sample && extra.sample,
    gladiators: new Map([...base.gladiators, ...extra.gladiators]),
    strategies: new Map([...base.strategies, ...extra.strategies]),
  };
}
