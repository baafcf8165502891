/**
 * The match runner: plays the games of a config, in this thread or in a pool of worker
 * threads (workerpool), streams each finished game to the run folder, resumes an
 * interrupted run, and summarizes. Game i is seeded from (master seed, i) alone, so the
 * records and summary are the same for any worker count.
 */
import os from 'node:os';
import { UserError, showValue } from '../core/errors.js';
import { playPrepared, prepareMatch, type GameResolver, type PreparedMatch } from './play.js';
import { acquirePool, closeRunnerPool } from './pool.js';
import { startProgress } from './progress.js';
import { openRunStore, type RunStore } from './store.js';
import { summarize } from './summary.js';
import { currentMatchExecutor, type MatchExecutor } from './queue/executor.js';
import type { GameRecord, MatchConfig, RunSummary } from './types.js';

export { playGame, replayGame } from './play.js';
export { summarize, formatSummary } from './summary.js';
export { closeRunnerPool } from './pool.js';

export interface RunOptions {
  /** Worker threads (default: 1 for a handful of games, else one per core). */
  readonly workers?: number;
  /** Run folder: config.json + games.jsonl; an existing folder of the same config resumes. */
  readonly outDir?: string;
  /** Show a progress bar on stderr when it is a terminal. */
  readonly progress?: boolean;
  /** Label of the progress bar (default: the game id). */
  readonly label?: string;
  /** In-process runs only (workers 1): resolve games outside the registry, for tests. */
  readonly resolveGame?: GameResolver;
  /** Plays the missing games elsewhere (e.g. queue workers); default: the one `--queue` installed, else local threads. */
  readonly executor?: MatchExecutor | null;
}

export interface RunResult {
  /** Every game of the config, sorted by index (failed games carry `error`). */
  readonly records: GameRecord[];
  readonly summary: RunSummary;
}

/** Below this many games a pool costs more to start than it saves. */
const SMALL_RUN = 32;

export function defaultWorkers(games: number): number {
  return games < SMALL_RUN ? 1 : Math.max(1, os.availableParallelism());
}

/** Games per task sent to a worker: small enough to balance load, large enough to amortize dispatch. */
function chunkSize(games: number, workers: number): number {
  return Math.max(1, Math.min(64, Math.floor(games / (workers * 16))));
}

function chunks(indices: readonly number[], size: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < indices.length; i += size) out.push(indices.slice(i, i + size));
  return out;
}

/** Lets signals and the progress bar through during a long in-thread run. */
const YIELD_EVERY_MS = 50;

async function playInThread(match: PreparedMatch, indices: readonly number[], onRecord: (r: GameRecord) => void): Promise<void> {
  let last = performance.now();
  for (const index of indices) {
    onRecord(playPrepared(match, index));
    if (performance.now() - last > YIELD_EVERY_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      last = performance.now();
    }
  }
}

async function playInPool(config: MatchConfig, indices: readonly number[], workers: number, onRecords: (r: readonly GameRecord[]) => void): Promise<void> {
  const tasks = chunks(indices, chunkSize(indices.length, workers));
  const { pool, release } = acquirePool(workers);
  let failed = false;
  const running = tasks.map((task) =>
    pool.exec('playChunk', [config, task], { on: (batch: readonly GameRecord[]) => failed || onRecords(batch) }),
  );
  try {
    await Promise.all(running);
  } catch (err) {
    // A thread died (game errors are records, so this is a crash): stop the rest.
    failed = true;
    for (const task of running) task.cancel();
    throw err;
  } finally {
    release();
  }
}

/**
 * Plays `config.games` games (only those not already in `opts.outDir`) and returns all
 * records sorted by index with their summary.
 */
export async function runMatch(config: MatchConfig, opts: RunOptions = {}): Promise<RunResult> {
  const match = prepareMatch(config, { resolveGame: opts.resolveGame });
  const cfg = match.config;
  const workers = opts.workers ?? (opts.resolveGame ? 1 : defaultWorkers(cfg.games));
  if (!Number.isInteger(workers) || workers < 1) {
    throw new UserError(`workers is ${showValue(workers)}; allowed: a positive integer`);
  }
  if (opts.resolveGame && workers > 1) {
    throw new Error('runMatch: resolveGame works in-process only (workers: 1); worker threads use the game registry');
  }

  const store: RunStore | null = opts.outDir ? openRunStore(opts.outDir, cfg) : null;
  const byIndex = new Map<number, GameRecord>(store?.done ?? []);
  const missing: number[] = [];
  for (let i = 0; i < cfg.games; i++) if (!byIndex.has(i)) missing.push(i);

  const progress = startProgress(opts.label ?? cfg.gameId, cfg.games, byIndex.size, opts.progress ?? false);
  // On Ctrl-C or kill, lines already written stay on disk (each was one write); stop the
  // workers and exit with the conventional code so a rerun resumes from there.
  const onSignal = (signal: NodeJS.Signals): void => {
    progress.stop();
    store?.close();
    const code = signal === 'SIGINT' ? 130 : 143;
    void closeRunnerPool(true).finally(() => process.exit(code));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const onRecord = (record: GameRecord): void => {
    byIndex.set(record.index, record);
    store?.append(record);
    progress.tick();
  };
  try {
    if (missing.length > 0) {
      const executor = opts.executor === undefined ? currentMatchExecutor() : opts.executor;
      if (executor) await executor.play(cfg, missing, (batch) => batch.forEach(onRecord), progress);
      else if (workers === 1) await playInThread(match, missing, onRecord);
      else await playInPool(cfg, missing, workers, (batch) => batch.forEach(onRecord));
    }
  } catch (err) {
    store?.close();
    throw err;
  } finally {
    progress.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }

  const records = [...byIndex.values()].sort((a, b) => a.index - b.index);
  const summary = summarize(cfg, records);
  store?.finish(records, summary);
  return { records, summary };
}
