/**
 * A job: one batch of games of one run. The coordinator writes it; a worker trusts
 * nothing in it. Its shape is checked here (types, sizes, no paths, no code), then the
 * game, options and agent specs go through the same checks as the CLI (`prepareMatch`).
 */
import { z } from 'zod';
import { UserError } from '../../core/errors.js';
import { parseWith } from '../../core/validate.js';
import type { NormalizedConfig } from '../config.js';
import type { GameRecord } from '../types.js';
import type { TfBackend } from '../../core/tf.js';

export const JOB_VERSION = 1;

/** A key of an options path: no prototype tricks. */
const pathKey = z.union([z.string().min(1).max(64).refine((k) => !['__proto__', 'constructor', 'prototype'].includes(k), 'a reserved name'), z.number().int().min(0).max(10_000)]);

export const contentRefSchema = z
  .object({
    /** Where in the options the file path sits, e.g. ["map", "file"]. */
    at: z.array(pathKey).min(1).max(16),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    ext: z.enum(['.json', '.yaml', '.yml']),
  })
  .strict();
export type ContentRef = z.infer<typeof contentRefSchema>;

const configSchema = z
  .object({
    gameId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
    options: z.record(z.string(), z.unknown()),
    agents: z.array(z.string().min(1).max(1000)).min(1).max(64),
    games: z.number().int().min(1).max(1e12),
    seed: z.union([z.string().min(1).max(200), z.number().int().refine(Number.isSafeInteger)]),
    paired: z.boolean(),
    rotate: z.boolean(),
    leadChanges: z.literal(true).optional(),
    listeners: z.array(z.string().min(1).max(64)).min(1).max(16).optional(),
  })
  .strict();

export const jobSchema = z
  .object({
    v: z.literal(JOB_VERSION),
    run: z.string().regex(/^[0-9a-f]{16}$/),
    code: z.string().regex(/^[0-9a-f]{16}$/),
    config: configSchema,
    from: z.number().int().min(0),
    to: z.number().int().min(1),
    content: z.array(contentRefSchema).max(64),
    tf: z.enum(['tensorflow', 'wasm', 'cpu']).optional(),
  })
  .strict()
  .refine((j) => j.from < j.to && j.to <= j.config.games && j.to - j.from <= 100_000, 'from < to <= config.games, at most 100000 games');

export interface BatchJob {
  readonly v: typeof JOB_VERSION;
  readonly run: string;
  readonly code: string;
  readonly config: NormalizedConfig;
  /** Games from..to-1 of the run. */
  readonly from: number;
  readonly to: number;
  readonly content: readonly ContentRef[];
  /** The tfjs backend the run is keyed on, when its agents score leaves through tfjs (the worker must be on it). */
  readonly tf?: TfBackend;
}

/** Checks a job's shape (throws a UserError naming the field). The options are checked later by the game. */
export function parseJob(data: unknown): BatchJob {
  return parseWith('queue job', jobSchema, data) as BatchJob;
}

export interface BatchResult {
  readonly records: readonly GameRecord[];
}

/**
 * Checks a worker's answer before it reaches the run folder: one record per game of
 * the batch, each with its own index.
 */
export function parseResult(job: Pick<BatchJob, 'from' | 'to'>, value: unknown): GameRecord[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  const records = (parsed as { records?: unknown } | null)?.records;
  if (!Array.isArray(records)) throw new UserError('queue result: records is missing; allowed: the records of the batch');
  const seen = new Set<number>();
  for (const r of records as GameRecord[]) {
    if (r === null || typeof r !== 'object' || !Number.isInteger(r.index) || r.index < job.from || r.index >= job.to || seen.has(r.index)) {
      throw new UserError(`queue result: a record has index ${JSON.stringify((r as { index?: unknown } | null)?.index)}; allowed: each of ${job.from} to ${job.to - 1} once`);
    }
    if (!Array.isArray(r.returns) || !Array.isArray(r.seats) || !Array.isArray(r.slots) || typeof r.seed !== 'number') {
      throw new UserError(`queue result: record ${r.index} is not a game record`);
    }
    seen.add(r.index);
  }
  if (seen.size !== job.to - job.from) throw new UserError(`queue result: ${seen.size} records for games ${job.from} to ${job.to - 1}; allowed: one per game`);
  return records as GameRecord[];
}
