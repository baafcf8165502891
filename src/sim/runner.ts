/**
 * The match runner: plays the games of a config, in this thread or in a pool of worker
 * threads (workerpool), streams each finished game to the run folder, resumes an
 * interrupted run, and summarizes. Game i is seeded from (master seed, i) alone, so the
 * records and summary are the same for any worker count.
 *
 * Memory is flat in the number of games when `keepRecords` is false: records go to the
 * run folder as they finish, the summary is accumulated while the folder is sorted at
 * the end, and work is handed to the threads a few chunks at a time.
 */
import os from 'node:os';
import type workerpool from 'workerpool';
import { Interrupted, UserError, showValue } from '../core/errors.js';
import { playPrepared, prepareMatch, type GameResolver, type PreparedMatch } from './play.js';
import { acquirePool, closeRunnerPool } from './pool.js';
import { currentMatchExecutor, type MatchExecutor } from './queue/executor.js';
import { startProgress, type ProgressSink } from './progress.js';
import { recordProblem } from './record.js';
import { keyedRunDir, runMeta } from './run-key.js';
import { openRunStore, type RunStore } from './store.js';
import { SummaryAccumulator } from './summary.js';
import { startRuntimes } from './runtime.js';
import type { TfBackend } from '../core/tf.js';
import type { GameRecord, MatchConfig, RunSummary } from './types.js';

export { playGame, replayGame } from './play.js';
export { summarize, formatSummary, SummaryAccumulator } from './summary.js';
export { closeRunnerPool } from './pool.js';
export { keyedRunDir, runKeyHash, runMeta } from './run-key.js';

export interface RunOptions {
  /** Worker threads (default: 1 for a handful of games, else one per core; at most maxWorkers()). */
  readonly workers?: number;
  /** Run folder: config.json, meta.json, games.jsonl; an existing folder of the same run resumes. */
  readonly outDir?: string;
  /** The flag that chose `outDir`, named in messages (default `--out`; `--runs` with runsDir). */
  readonly outFlag?: string;
  /**
   * Instead of outDir: keep the run in `runsDir/<runName>-<key hash>` (see keyedRunDir),
   * a folder per (config, content files, code). Studies use it, so an edited content
   * file or new code plays its changed tables into fresh folders while unchanged tables
   * resume from theirs. Messages name the flag `--runs`.
   */
  readonly runsDir?: string;
  readonly runName?: string;
  /** Show a progress bar on stderr when it is a terminal. */
  readonly progress?: boolean;
  /** Instead of a bar of its own, report progress here (one part of a study's bar). */
  readonly progressSink?: ProgressSink;
  /** Label of the progress bar (default: the game id). */
  readonly label?: string;
  /**
   * Return every record (default true). False keeps memory flat for any number of
   * games: `records` is then empty and the records are in `outDir`'s games.jsonl.
   */
  readonly keepRecords?: boolean;
  /** Where warnings go (corrupt lines dropped from a run folder). Default: stderr. */
  readonly warn?: (message: string) => void;
  /** In-process runs only (workers 1): resolve games outside the registry, for tests. */
  readonly resolveGame?: GameResolver;
  /** Plays the missing games elsewhere (e.g. queue workers); default: the one `--queue` installed, else local threads. */
  readonly executor?: MatchExecutor | null;
}

export interface RunResult {
  /** Every game of the config, sorted by index (failed games carry `error`); empty with keepRecords: false. */
  readonly records: GameRecord[];
  readonly summary: RunSummary;
  /** The run folder used (outDir, or the keyed folder under runsDir), if any. */
  readonly outDir?: string;
}

/** Below this many games a pool costs more to start than it saves. */
const SMALL_RUN = 32;

/** Worker threads allowed on machines with fewer cores (enough to check determinism across counts). */
export const SMALL_MACHINE_WORKERS = 8;

/**
 * The most worker threads a run may use: the cores of this machine, or 8 on smaller
 * machines. Each thread loads the engines (tens of MB), and threads beyond the cores
 * only add memory (1000 threads ran the machine out of memory).
 */
export function maxWorkers(): number {
  return Math.max(SMALL_MACHINE_WORKERS, os.availableParallelism());
}

/** Checks a worker count; `name` is the field or flag to name in the message. */
export function checkWorkers(name: string, workers: number): number {
  if (!Number.isInteger(workers) || workers < 1) throw new UserError(`${name} is ${showValue(workers)}; allowed: a positive integer`);
  const max = maxWorkers();
  if (workers > max) throw new UserError(`${name} is ${workers}; allowed: 1 to ${max} (the cores of this machine, at least ${SMALL_MACHINE_WORKERS}; more threads only add memory)`);
  return workers;
}

export function defaultWorkers(games: number): number {
  return games < SMALL_RUN ? 1 : Math.max(1, os.availableParallelism());
}

/** Games per task sent to a worker: small enough to balance load, large enough to amortize dispatch. */
function chunkSize(games: number, workers: number): number {
  return Math.max(1, Math.min(64, Math.floor(games / (workers * 16))));
}

/** The indices not yet done, in order, `size` at a time (generated lazily: no list of a million numbers). */
function* missingChunks(done: Uint8Array | null, games: number, size: number): Generator<number[]> {
  let chunk: number[] = [];
  for (let i = 0; i < games; i++) {
    if (done?.[i]) continue;
    chunk.push(i);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** Lets signals and the progress bar through during a long in-thread run. */
const YIELD_EVERY_MS = 50;

/** Set by the signal handler; checked between games (in-thread) and when the pool stops. */
interface Stop {
  signal: 'SIGINT' | 'SIGTERM' | null;
  /** An error raised while handling records (e.g. the disk is full). */
  error: unknown;
}

async function playInThread(match: PreparedMatch, chunks: Iterable<number[]>, stop: Stop, onRecord: (r: GameRecord) => void): Promise<void> {
  let last = performance.now();
  for (const chunk of chunks) {
    for (const index of chunk) {
      onRecord(playPrepared(match, index));
      if (performance.now() - last > YIELD_EVERY_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        last = performance.now();
        if (stop.signal) return;
      }
    }
  }
}

/**
 * Plays the chunks on `workers` threads, keeping a few chunks per thread in flight (so
 * a million-game run never queues a million indices) and handing records to
 * `onRecords` as threads send them.
 */
async function playInPool(
  config: MatchConfig,
  chunks: Iterator<number[]>,
  workers: number,
  stop: Stop,
  onRecords: (r: readonly GameRecord[]) => void,
  backend: TfBackend | undefined,
): Promise<void> {
  const { pool, release } = acquirePool(workers);
  const inFlight = new Set<workerpool.Promise<unknown>>();
  const window = workers * 4;
  try {
    await new Promise<void>((resolve, reject) => {
      let exhausted = false;
      let failed = false;
      const fail = (err: unknown): void => {
        if (failed) return;
        failed = true;
        for (const task of inFlight) task.cancel();
        reject(err);
      };
      const next = (): void => {
        while (!failed && !exhausted && inFlight.size < window) {
          const item = chunks.next();
          if (item.done) {
            exhausted = true;
            break;
          }
          // Each thread starts tfjs itself when an agent needs it, and checks it is `backend`.
          const task = pool.exec('playChunk', [config, item.value, backend ?? null], {
            on: (batch: readonly GameRecord[]) => {
              if (failed) return;
              try {
                onRecords(batch);
              } catch (err) {
                // A record could not be stored (disk full, folder gone): stop everything.
                stop.error = err;
                fail(err);
              }
            },
          });
          inFlight.add(task);
          task.then(
            () => {
              inFlight.delete(task);
              if (exhausted && inFlight.size === 0 && !failed) resolve();
              else next();
            },
            (err: unknown) => {
              inFlight.delete(task);
              fail(stop.error ?? err);
            },
          );
        }
        if (exhausted && inFlight.size === 0 && !failed) resolve();
      };
      next();
    });
  } finally {
    release();
  }
}

/**
 * Plays the games `indices` of `config` on this machine — in this thread (workers 1) or on
 * the shared pool — handing records to `onRecords` as they finish (any order). For tools
 * that choose the games themselves (bench/studies.ts plays a fixed fraction of each table);
 * runs go through runMatch.
 */
export async function playLocally(config: MatchConfig, indices: readonly number[], workers: number, onRecords: (records: readonly GameRecord[]) => void): Promise<void> {
  const stop: Stop = { signal: null, error: null };
  const chunks = (function* (size: number) {
    for (let i = 0; i < indices.length; i += size) yield indices.slice(i, i + size);
  })(chunkSize(indices.length, workers));
  const match = prepareMatch(config);
  const backend = await startRuntimes(match.config.agents);
  if (workers === 1) await playInThread(match, chunks, stop, (r) => onRecords([r]));
  else await playInPool(config, chunks, workers, stop, onRecords, backend);
}

/**
 * Feeds records to the summary in index order when they arrive out of order (worker
 * threads) and no run folder sorts them: holds only the records that arrived early.
 */
class InOrder {
  private next = 0;
  private readonly early = new Map<number, GameRecord>();
  constructor(private readonly sink: (r: GameRecord) => void) {}
  push(r: GameRecord): void {
    if (r.index !== this.next) {
      this.early.set(r.index, r);
      return;
    }
    this.sink(r);
    this.next++;
    for (let e = this.early.get(this.next); e; e = this.early.get(this.next)) {
      this.early.delete(this.next);
      this.sink(e);
      this.next++;
    }
  }
}

function reportCorrupt(store: RunStore, warn: (message: string) => void): void {
  if (store.corrupt.length === 0) return;
  const shown = store.corrupt.slice(0, 5).map((c) => `line ${c.line}: ${c.problem}`);
  const more = store.corrupt.length > 5 ? `; and ${store.corrupt.length - 5} more` : '';
  warn(`${store.dir}/games.jsonl: ${store.corrupt.length} line(s) are not games of this run and were dropped; their games will be played again (${shown.join('; ')}${more})`);
}

/** Set by a bench only (setSampleCap): every run plays the first `cap(games)` games instead. */
let sampleCap: ((games: number) => number) | null = null;

/**
 * For bench/studies.ts only: every following run plays only the first `cap(games)` of its
 * games (a fixed sample: game i depends on the master seed and i alone), as if the config
 * asked for that many. null: back to whole runs. Never set by a command.
 */
export function setSampleCap(cap: ((games: number) => number) | null): void {
  sampleCap = cap;
}

/**
 * Plays `config.games` games (only those not already in `opts.outDir`) and returns the
 * records sorted by index (unless `keepRecords: false`) with their summary.
 *
 * Throws a UserError for a bad config, a run folder of another run or an unwritable
 * one, and `Interrupted` when SIGINT/SIGTERM stopped the run (finished games are kept).
 */
export async function runMatch(config: MatchConfig, opts: RunOptions = {}): Promise<RunResult> {
  const sampled = sampleCap && Number.isInteger(config.games) ? { ...config, games: Math.min(config.games, sampleCap(config.games)) } : config;
  const match = prepareMatch(sampled, { resolveGame: opts.resolveGame });
  const cfg = match.config;
  const requested = opts.workers ?? (opts.resolveGame ? 1 : defaultWorkers(cfg.games));
  checkWorkers('workers', requested);
  if (opts.resolveGame && requested > 1) {
    throw new Error('runMatch: resolveGame works in-process only (workers: 1); worker threads use the game registry');
  }
  // tfjs, when an agent scores leaves through it: started before the run is keyed (its
  // backend is part of the key) and before any game.
  const backend = await startRuntimes(cfg.agents);
  const keep = opts.keepRecords ?? true;
  const warn = opts.warn ?? ((message: string) => process.stderr.write(`warning: ${message}\n`));

  const meta = opts.outDir !== undefined || opts.runsDir !== undefined ? runMeta(cfg) : null;
  const outDir = opts.runsDir !== undefined && meta ? keyedRunDir(opts.runsDir, opts.runName ?? cfg.gameId, cfg, meta) : opts.outDir;
  const flag = opts.outFlag ?? (opts.runsDir !== undefined ? '--runs' : '--out');
  const store: RunStore | null =
    outDir !== undefined && meta ? openRunStore(outDir, cfg, meta, { flag, check: (value) => recordProblem(value, match) }) : null;
  if (store) reportCorrupt(store, warn);
  const missingCount = cfg.games - (store?.doneCount ?? 0);
  const workers = Math.max(1, Math.min(requested, missingCount));

  const summary = new SummaryAccumulator(cfg, backend);
  const kept: GameRecord[] = [];
  const collect = (r: GameRecord): void => {
    summary.add(r);
    if (keep) kept.push(r);
  };
  // Without a folder, records are summarized as they come (in index order).
  const inOrder = store ? null : new InOrder(collect);

  const progress = opts.progressSink
    ? opts.progressSink(opts.label ?? cfg.gameId, cfg.games, store?.doneCount ?? 0)
    : startProgress(opts.label ?? cfg.gameId, cfg.games, store?.doneCount ?? 0, opts.progress ?? false);
  const stop: Stop = { signal: null, error: null };
  // On Ctrl-C or kill: stop playing, keep what is written (each line was one write),
  // and let the caller say so (Interrupted); a rerun resumes from the folder.
  const onSignal = (signal: NodeJS.Signals): void => {
    stop.signal = signal === 'SIGTERM' ? 'SIGTERM' : 'SIGINT';
    void closeRunnerPool(true);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const onRecord = (record: GameRecord): void => {
    store?.append(record);
    inOrder?.push(record);
    progress.tick();
  };
  try {
    if (missingCount > 0) {
      const chunks = missingChunks(store?.done ?? null, cfg.games, chunkSize(missingCount, workers));
      const executor = opts.executor === undefined ? currentMatchExecutor() : opts.executor;
      if (executor) await executor.play(cfg, [...chunks].flat(), (batch) => batch.forEach(onRecord), progress, () => stop.signal !== null);
      else if (workers === 1) await playInThread(match, chunks, stop, onRecord);
      else await playInPool(cfg, chunks, workers, stop, (batch) => batch.forEach(onRecord), backend);
    }
  } catch (err) {
    if (!stop.signal) throw err;
  } finally {
    progress.stop();
    store?.close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  if (stop.signal) throw new Interrupted(stop.signal);

  if (store) store.finish(collect, () => summary.result());
  return { records: kept, summary: summary.result(), ...(outDir !== undefined ? { outDir } : {}) };
}
