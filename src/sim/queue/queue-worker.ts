/**
 * A queue worker: serves the runs registered on a Redis whose code version is its own
 * (oldest first), playing each batch in its thread pool (so the main thread stays free
 * to renew BullMQ's job locks) and returning the records. It trusts nothing from the
 * queue: the job's shape is checked (job.ts), content files arrive by hash
 * (content.ts), and game, options and agent specs go through `prepareMatch`, the same
 * checks as the CLI. A job that fails those checks is refused for good
 * (UnrecoverableError), never retried; a game that throws is a record with its error.
 *
 * If this process dies mid-batch, its lock expires and BullMQ's stalled-job check moves
 * the batch back to the queue for another worker; the coordinator keeps one record per
 * game index, so nothing is lost or counted twice.
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { UserError } from '../../core/errors.js';
import { canonicalJson } from '../config.js';
import { playPrepared, prepareMatch, type GameResolver, type PreparedMatch } from '../play.js';
import { acquirePool } from '../pool.js';
import type { GameRecord, MatchConfig } from '../types.js';
import { defaultContentDir, materializeContent } from './content.js';
import { parseJob, type BatchResult } from './job.js';
import { codeVersion, contentKey, queueName, runsChannel, workerKey } from './run-key.js';
import { registeredRuns, WORKER_TTL_S } from './status.js';
import { redisOptions, type QueueTarget } from './url.js';
import { wallClockMs } from '../clock.js';
import { startAs } from '../runtime.js';
import { initTf, type TfBackend } from '../../core/tf.js';

export interface QueueWorkerOptions {
  readonly target: QueueTarget;
  /** Batches played at once (one pool thread each). */
  readonly concurrency: number;
  /** Where content files are written by hash (default: a folder under the OS temp dir). */
  readonly contentDir?: string;
  /** Tests only: resolve games outside the registry and play in this thread. */
  readonly resolveGame?: GameResolver;
  /** A line of log (default: stderr). */
  readonly log?: (line: string) => void;
}

export interface QueueWorkerHandle {
  readonly id: string;
  /** Games played so far. */
  games(): number;
  /** Stops taking batches; waits for those in hand unless `force`. */
  close(force?: boolean): Promise<void>;
}

/**
 * Lock of a batch in hand, renewed every half of it. Short enough that a killed worker's
 * batch is retried soon; CRUCIBLE_QUEUE_LOCK_MS changes it (tests use a short one).
 */
function lockMs(): number {
  const raw = process.env['CRUCIBLE_QUEUE_LOCK_MS'];
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 500 ? n : 15_000;
}

const POLL_RUNS_MS = 1000;
const CLOSE_TIMEOUT_MS = 10_000;

export async function startQueueWorker(opts: QueueWorkerOptions): Promise<QueueWorkerHandle> {
  const { target } = opts;
  const prefix = target.prefix;
  const code = codeVersion();
  const id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const contentDir = opts.contentDir ?? defaultContentDir();
  const log = opts.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const connection = redisOptions(target);
  const redis = new Redis(connection);
  redis.on('error', () => {});
  await redis.ping();

  let played = 0;
  // This process's tfjs backend, started on the first run that needs it (pool threads start
  // their own; initTf chooses the same way in each).
  const myBackend = async (): Promise<TfBackend> => (await initTf()).backend;
  let current: { run: string; worker: Worker } | null = null;
  let closing = false;
  const prepared = new Map<string, PreparedMatch>();
  const pool = opts.resolveGame ? null : acquirePool(opts.concurrency);

  const prepare = (config: MatchConfig): PreparedMatch => {
    const key = canonicalJson(config);
    let match = prepared.get(key);
    if (!match) {
      match = prepareMatch(config, { resolveGame: opts.resolveGame });
      if (prepared.size > 100) prepared.clear();
      prepared.set(key, match);
    }
    return match;
  };

  const playBatch = async (config: MatchConfig, from: number, to: number, tf: TfBackend | undefined): Promise<GameRecord[]> => {
    const indices = Array.from({ length: to - from }, (_, i) => from + i);
    if (!pool) {
      const match = prepare(config);
      await startAs(config.agents, tf);
      const records: GameRecord[] = [];
      let last = performance.now();
      for (const index of indices) {
        records.push(playPrepared(match, index));
        if (performance.now() - last > 50) {
          await new Promise((resolve) => setImmediate(resolve));
          last = performance.now();
        }
      }
      return records;
    }
    const records: GameRecord[] = [];
    await pool.pool.exec('playChunk', [config, indices, tf ?? null], { on: (batch: GameRecord[]) => void records.push(...batch) });
    return records;
  };

  const process_ = async (job: Job): Promise<BatchResult> => {
    let config: MatchConfig;
    let from: number;
    let to: number;
    let tf: TfBackend | undefined;
    try {
      const work = parseJob(job.data);
      if (work.code !== code) throw new UserError(`queue job: code version ${work.code}; this worker runs ${code}`);
      tf = work.tf;
      if (tf !== undefined && tf !== (await myBackend())) throw new UserError(`queue job: tfjs backend ${tf}; this worker runs ${await myBackend()}`);
      const options = await materializeContent(work.config.options, work.content, contentDir, (hash) => redis.get(contentKey(prefix, work.run, hash)));
      config = { ...work.config, options };
      // Game id, options and agent specs: the CLI's own checks.
      prepare(config);
      ({ from, to } = work);
    } catch (err) {
      if (err instanceof UserError) {
        log(`worker ${id}: refused job ${job.id}: ${err.message}`);
        throw new UnrecoverableError(err.message);
      }
      throw err;
    }
    const records = await playBatch(config, from, to, tf);
    played += records.length;
    return { records };
  };

  const serve = (run: string): Worker => {
    const worker = new Worker(queueName(run), process_, {
      connection,
      prefix,
      concurrency: opts.concurrency,
      lockDuration: lockMs(),
      stalledInterval: lockMs(),
      maxStalledCount: 3,
      // Job data can be large-ish (options); results are kept until the coordinator takes them.
      autorun: true,
    });
    worker.on('error', () => {});
    log(`worker ${id}: serving run ${run}`);
    return worker;
  };

  const heartbeat = async (): Promise<void> => {
    const info = { id, host: os.hostname(), pid: process.pid, concurrency: opts.concurrency, code, run: current?.run ?? null, games: played, started: startedAt };
    await redis.set(workerKey(prefix, id), JSON.stringify(info), 'EX', WORKER_TTL_S);
  };

  /** Jobs a run still has to hand out (waiting, prioritized, or delayed for a retry). */
  const toHandOut = async (runs: readonly string[]): Promise<number[]> => {
    const pipe = redis.pipeline();
    for (const run of runs) {
      const base = `${prefix}:${queueName(run)}`;
      pipe.llen(`${base}:wait`).zcard(`${base}:prioritized`).zcard(`${base}:delayed`).llen(`${base}:paused`);
    }
    const answers = (await pipe.exec()) ?? [];
    return runs.map((_, i) => [0, 1, 2, 3].reduce((sum, j) => sum + Number(answers[i * 4 + j]?.[1] ?? 0), 0));
  };

  /**
   * Serves the oldest run of this code version that has batches to hand out; stays on
   * the current run while it has some (or while nothing else does).
   */
  const choose = async (): Promise<void> => {
    const registered = (await registeredRuns(redis, prefix)).filter((r) => r.code === code);
    // A run keyed on a tfjs backend (its agents score leaves through tfjs) is served only by
    // workers on that backend: another one would make other moves.
    const mine = registered.some((r) => r.tf !== undefined) ? await myBackend() : undefined;
    const runs = registered.filter((r) => r.tf === undefined || r.tf === mine).map((r) => r.run);
    if (current && !runs.includes(current.run)) {
      const old = current;
      current = null;
      void old.worker.close();
    }
    if (closing || runs.length === 0) return;
    const open = await toHandOut(runs);
    const currentOpen = current ? open[runs.indexOf(current.run)]! : 0;
    if (current && (currentOpen > 0 || runs.length === 1)) return;
    const next = runs.find((_, i) => open[i]! > 0) ?? (current ? undefined : runs[0]);
    if (next === undefined || next === current?.run) return;
    if (current) void current.worker.close(); // finishes the batches in hand, then stops
    current = { run: next, worker: serve(next) };
  };

  const startedAt = wallClockMs();
  let ticking = false;
  const tick = async (): Promise<void> => {
    if (ticking || closing) return;
    ticking = true;
    try {
      // Apart, so a slow or failing choice never leaves the worker looking dead.
      await heartbeat().catch(() => {});
      await choose();
    } catch {
      // Redis away: ioredis reconnects; try again next tick.
    } finally {
      ticking = false;
    }
  };
  await tick();
  const timer = setInterval(() => void tick(), POLL_RUNS_MS);
  // A new run wakes idle workers at once (the poll above is the fallback).
  const subscriber = new Redis(connection);
  subscriber.on('error', () => {});
  subscriber.on('message', () => void tick());
  await subscriber.subscribe(runsChannel(prefix)).catch(() => log(`worker ${id}: cannot subscribe to ${runsChannel(prefix)} (ACL?); finding runs by polling every ${POLL_RUNS_MS} ms`));
  log(`worker ${id}: code ${code}, ${opts.concurrency} thread(s), waiting for runs on ${target.display}`);

  return {
    id,
    games: () => played,
    async close(force = false) {
      closing = true;
      clearInterval(timer);
      subscriber.disconnect();
      // With Redis gone, BullMQ's close would wait for it forever: give up after a while
      // (a batch left in hand is retried elsewhere once its lock expires).
      const giveUp = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref());
      if (current) await Promise.race([current.worker.close(force), giveUp]);
      current = null;
      await Promise.race([redis.del(workerKey(prefix, id)).catch(() => {}), giveUp]);
      redis.disconnect();
      pool?.release();
    },
  };
}
