/**
 * Game facts (OpenSpiel's GameType): what kind of game this is, declared once so that
 * agents and analyses can check they apply — e.g. a paranoid MCTS backup assumes that what
 * one player gains the others lose, which is false in a general-sum game.
 *
 * Also here: the shared tag names every game uses for analysis, and option docs generated
 * from the option schema (a description, a default and a sweep range live once, on the
 * zod schema).
 */
import { z } from 'zod';

/** A documented rule option, for `crucible games` and game READMEs. */
export interface OptionDoc {
  readonly path: string;
  readonly default: unknown;
  readonly description: string;
  /** For numeric options: the range `tune` and house-rule sweeps explore. */
  readonly sweep?: Sweep;
}

export interface GameFacts {
  /**
   * `zero-sum`: the returns (win shares) always sum to 1 — one win, possibly split.
   * `constant-sum`: they always sum to the same constant other than 1.
   * `general-sum`: the sum varies (allies share a reward, everyone can lose): one player's
   * gain is not the others' loss, so paranoid search does not apply.
   */
  readonly utility: 'zero-sum' | 'constant-sum' | 'general-sum';
  /**
   * `none`: no dice or shuffles. `sampled`: chance is drawn inside `apply` from the state's
   * stream (all Crucible games). `explicit`: the game can also list outcomes with probabilities.
   */
  readonly chance: 'none' | 'sampled' | 'explicit';
  /** `perfect`: observe(state, p) is the whole state; `imperfect`: something is hidden from someone. */
  readonly information: 'perfect' | 'imperfect';
  /** True when several players can be to move at once. */
  readonly simultaneous: boolean;
  /** The seat counts an option set may give. */
  readonly players: { readonly min: number; readonly max: number };
}

/**
 * Tag names with one meaning across games. A game's `tagsSchema` uses these names (and
 * their types) for these facts, so analysis can group any game's runs by them.
 */
export const sharedTags = {
  /** Why the game ended, in the game's own short words ("knockout", "turns", "rounds"). */
  endReason: z.string().describe('why the game ended'),
  /** Number of players. */
  players: z.number().int().min(1).describe('number of players'),
  /** Rounds or turns played. */
  turns: z.number().int().min(0).describe('rounds or turns played'),
} as const;

/** Tag names that must not be used for a shared fact under another name. */
export const RESERVED_TAG_ALIASES: Readonly<Record<string, string>> = { end: 'endReason', reason: 'endReason', nPlayers: 'players' };

/** A sweep range for a numeric option, read by `tune` and house-rule studies. */
export interface Sweep {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

/** Metadata an option schema carries: `.meta({ description, sweep })` or `.describe(...)`. */
export interface OptionMeta {
  readonly description?: string;
  readonly sweep?: Sweep;
  /** The documented default when the schema derives it later (a transform fills it), not a zod default. */
  readonly default?: unknown;
}

// Zod internals we read: the wrapper kinds that carry a default or make a field optional.
interface ZodInternals {
  readonly _zod: { readonly def: { readonly type: string; readonly innerType?: z.ZodType; readonly defaultValue?: unknown; readonly shape?: Record<string, z.ZodType> } };
  meta?(): OptionMeta | undefined;
  readonly description?: string;
}

/**
 * One doc line per option leaf, from a zod object schema: the path (dotted for nested
 * objects), the default, the description and the sweep range from `.meta()`. A leaf with no
 * description is a bug in the schema and throws, so no option goes undocumented.
 */
export function optionDocsFromSchema(schema: z.ZodType, prefix = ''): OptionDoc[] {
  const out: OptionDoc[] = [];
  const obj = unwrap(schema);
  const shape = (obj as unknown as ZodInternals)._zod.def.shape;
  if (!shape) throw new Error('optionDocsFromSchema: the schema is not an object');
  for (const [key, field] of Object.entries(shape)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const f = field as unknown as ZodInternals;
    const meta = f.meta?.() ?? {};
    const description = meta.description ?? f.description;
    const inner = unwrap(field);
    if ((inner as unknown as ZodInternals)._zod.def.type === 'object' && !description) {
      out.push(...optionDocsFromSchema(inner, path));
      continue;
    }
    if (!description) throw new Error(`optionDocsFromSchema: option "${path}" has no description`);
    const doc: OptionDoc = { path, default: 'default' in meta ? meta.default : defaultOf(field), description, ...(meta.sweep ? { sweep: meta.sweep } : {}) };
    out.push(doc);
  }
  return out;
}

function unwrap(t: z.ZodType): z.ZodType {
  let cur = t as unknown as ZodInternals;
  while (cur._zod.def.innerType && ['default', 'optional', 'nullable', 'prefault', 'readonly'].includes(cur._zod.def.type)) cur = cur._zod.def.innerType as unknown as ZodInternals;
  return cur as unknown as z.ZodType;
}

function defaultOf(t: z.ZodType): unknown {
  let cur = t as unknown as ZodInternals;
  for (;;) {
    const def = cur._zod.def;
    if (def.type === 'default' || def.type === 'prefault') return def.defaultValue;
    if (!def.innerType) return undefined;
    cur = def.innerType as unknown as ZodInternals;
  }
}

/** Checks a declared player range against a seat count (for setup and tests). */
export function inPlayerRange(facts: GameFacts, players: number): boolean {
  return players >= facts.players.min && players <= facts.players.max;
}
