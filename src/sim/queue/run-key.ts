/**
 * Names in Redis. Every run gets its own BullMQ queue, named from a hash of its
 * normalized config, its content files and the code version, so two users (or two
 * code versions) on one Redis never mix results, and a restarted coordinator finds
 * its own jobs again.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalJson, type NormalizedConfig } from '../config.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** What decides a game's outcome: engines, agents, runner, and the dependency lock. */
const CODE_DIRS = ['src/core', 'src/games', 'src/sim', 'agents'];
const CODE_FILES = ['package-lock.json'];

function listFiles(dir: string, out: string[]): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) listFiles(full, out);
    else if (/\.(ts|mjs|js|json|ya?ml)$/.test(e.name)) out.push(full);
  }
}

let cachedVersion: string | null = null;

/**
 * A hash of the code that decides outcomes. Workers join only runs of their own code
 * version: a worker with other engines would give other results.
 */
export function codeVersion(): string {
  if (cachedVersion) return cachedVersion;
  const files: string[] = [];
  for (const dir of CODE_DIRS) listFiles(path.join(ROOT, dir), files);
  for (const file of CODE_FILES) files.push(path.join(ROOT, file));
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    if (!fs.existsSync(file)) continue;
    hash.update(path.relative(ROOT, file).split(path.sep).join('/')).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  cachedVersion = hash.digest('hex').slice(0, 16);
  return cachedVersion;
}

/**
 * The run's key: config + content hashes + code version, and the tfjs backend when an
 * agent scores leaves through tfjs (`batch=`; absent otherwise, so other keys stay as they were).
 */
export function runKey(config: NormalizedConfig, contentHashes: readonly string[], code: string, tf?: string): string {
  return createHash('sha256')
    .update(canonicalJson({ config, content: [...contentHashes].sort(), code, ...(tf ? { tf } : {}) }))
    .digest('hex')
    .slice(0, 16);
}

export const queueName = (run: string): string => `run-${run}`;
/** Hash of run key → run meta (JSON): what workers look at to find work. */
export const runsKey = (prefix: string): string => `${prefix}:runs`;
/** Published when a run is registered, so idle workers start at once instead of at their next poll. */
export const runsChannel = (prefix: string): string => `${prefix}:runs-changed`;
/** One key per live worker (expires unless refreshed). */
export const workerKey = (prefix: string, id: string): string => `${prefix}:workers:${id}`;
export const workersPattern = (prefix: string): string => `${prefix}:workers:*`;
/** A content file's text, by its sha256, inside the run's namespace. */
export const contentKey = (prefix: string, run: string, hash: string): string => `${prefix}:${queueName(run)}:content:${hash}`;
/** BullMQ's hash of one job (its key layout: <prefix>:<queue>:<jobId>). */
export const jobKey = (prefix: string, run: string, jobId: string): string => `${prefix}:${queueName(run)}:${jobId}`;

/** What the coordinator registers about a run (read by workers and `queue status`). */
export interface RunMeta {
  readonly run: string;
  readonly code: string;
  readonly gameId: string;
  readonly games: number;
  readonly batch: number;
  readonly batches: number;
  readonly started: number;
  readonly coordinator: string;
  /** The tfjs backend the run is keyed on (its agents score leaves through tfjs); only workers on it serve the run. */
  readonly tf?: string;
}

/** Games per job. Fixed by the run (not by timing), so a restarted coordinator names the same jobs. */
export function batchSize(games: number, requested?: number): number {
  if (requested !== undefined) return requested;
  // About 64 jobs or more for a large run, at most 256 games a job (see README: overhead).
  return Math.max(8, Math.min(256, Math.ceil(games / 64)));
}
