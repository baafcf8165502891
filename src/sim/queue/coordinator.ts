/**
 * The coordinator: a `MatchExecutor` that plays a run's missing games on queue
 * workers. It registers the run, stores its content files, enqueues one BullMQ job per
 * fixed batch of game indices (job id = batch number, so re-enqueueing is a no-op and a
 * restarted coordinator finds its jobs), and collects each batch's records exactly once.
 *
 * Results arrive by QueueEvents ('completed'); a sweep every couple of seconds (and
 * right after a reconnect) reads the jobs themselves, so a missed event, a restarted
 * coordinator or a Redis that lost its data (restarted without persistence: the jobs
 * are re-added) never loses a batch. Records are handed over once per index; the
 * runner writes the run folder and the summary exactly as for a local run.
 */
import os from 'node:os';
import { Queue, QueueEvents, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { NormalizedConfig } from '../config.js';
import type { GameRecord } from '../types.js';
import { collectContent } from './content.js';
import type { ExecutorProgress, MatchExecutor } from './executor.js';
import { JOB_VERSION, parseResult, type BatchJob } from './job.js';
import { batchSize, codeVersion, contentKey, jobKey, queueName, runKey, runsChannel, runsKey, type RunMeta } from './run-key.js';
import { redisOptions, type QueueTarget } from './url.js';
import { liveWorkers } from './status.js';
import { wallClockMs } from '../clock.js';
import { runBackend } from '../runtime.js';

/** The coordinator reads the jobs themselves after this long without a result (events are the fast path)... */
const SWEEP_MS = 2000;
/** ...and at least this often, to catch anything an event missed. */
const FULL_SWEEP_MS = 10_000;
/** How soon the coordinator notices an interrupted run (Ctrl-C). */
const STOP_CHECK_MS = 200;
/** Attempts of a batch whose worker failed outright (not a game error: those are records). */
export const ATTEMPTS = 3;

const JOB_OPTIONS: JobsOptions = {
  attempts: ATTEMPTS,
  backoff: { type: 'fixed', delay: 500 },
  // Results stay in Redis until this coordinator has written them, then it removes them.
  removeOnComplete: false,
  removeOnFail: false,
};

export const batchJobId = (batch: number, k: number): string => `b${batch}-${k}`;

export class QueueExecutor implements MatchExecutor {
  readonly description: string;
  constructor(private readonly target: QueueTarget) {
    this.description = `queue ${target.display}`;
  }

  async play(
    config: NormalizedConfig,
    indices: readonly number[],
    onRecords: (records: readonly GameRecord[]) => void,
    progress: ExecutorProgress,
    stopped: () => boolean = () => false,
  ): Promise<void> {
    const target = this.target;
    const prefix = target.prefix;
    const content = collectContent(config.options);
    const code = codeVersion();
    // The runner started tfjs if an agent needs it (runtime.ts); its backend keys the run.
    const tf = runBackend(config.agents);
    const run = runKey(config, content.map((c) => c.hash), code, tf);
    const name = queueName(run);
    const size = batchSize(config.games, target.batch);
    const batches = Math.ceil(config.games / size);

    const wanted = new Set(indices);
    const pending = new Map<string, BatchJob>();
    for (const index of indices) {
      const k = Math.floor(index / size);
      const id = batchJobId(size, k);
      if (!pending.has(id)) {
        pending.set(id, { v: JOB_VERSION, run, code, config, from: k * size, to: Math.min(config.games, (k + 1) * size), content: content.map(({ at, hash, ext }) => ({ at, hash, ext })), ...(tf ? { tf } : {}) });
      }
    }
    const meta: RunMeta = { run, code, gameId: config.gameId, games: config.games, batch: size, batches, started: wallClockMs(), coordinator: `${os.hostname()}:${process.pid}`, ...(tf ? { tf } : {}) };

    const connection = redisOptions(target);
    const redis = new Redis({ ...connection, lazyConnect: false });
    const queue = new Queue(name, { connection, prefix });
    const events = new QueueEvents(name, { connection, prefix });
    // Errors while Redis is away are retried by ioredis; keep them from crashing the process.
    const quiet = (): void => {};
    redis.on('error', quiet);
    queue.on('error', quiet);
    events.on('error', quiet);

    const state: { failure: Error | null; lastResult: number } = { failure: null, lastResult: 0 };
    let wake: (() => void) | null = null;
    const notify = (): void => {
      wake?.();
      wake = null;
    };

    const take = (id: string, value: unknown): void => {
      const job = pending.get(id);
      if (!job) return;
      let records: GameRecord[];
      try {
        records = parseResult(job, value);
      } catch (err) {
        state.failure = new Error(`queue: batch of games ${job.from}-${job.to - 1} came back malformed (${(err as Error).message})`);
        notify();
        return;
      }
      pending.delete(id);
      state.lastResult = performance.now();
      const fresh = records.filter((r) => wanted.delete(r.index));
      if (fresh.length > 0) onRecords(fresh);
      // Written: the job's copy is no longer needed.
      void queue.remove(id).catch(quiet);
      notify();
    };

    const register = async (): Promise<void> => {
      await redis.hset(runsKey(prefix), run, JSON.stringify(meta));
      for (const c of content) await redis.set(contentKey(prefix, run, c.hash), c.text);
      await redis.publish(runsChannel(prefix), run);
    };

    /** Reads every pending job: takes finished ones, re-adds lost ones, stops on a batch that failed for good. */
    const sweep = async (): Promise<void> => {
      const ids = [...pending.keys()];
      if (ids.length === 0) return;
      const pipe = redis.pipeline();
      for (const id of ids) pipe.hmget(jobKey(prefix, run, id), 'timestamp', 'finishedOn', 'returnvalue', 'failedReason', 'atm');
      const answers = (await pipe.exec()) ?? [];
      const lost: string[] = [];
      for (let i = 0; i < ids.length; i++) {
        const [err, fields] = answers[i] ?? [null, null];
        if (err) continue;
        const [timestamp, finishedOn, returnvalue, failedReason, attemptsMade] = (fields ?? []) as (string | null)[];
        if (timestamp === null || timestamp === undefined) lost.push(ids[i]!);
        else if (finishedOn && returnvalue !== null && returnvalue !== undefined) take(ids[i]!, returnvalue);
        else if (finishedOn && failedReason && (await queue.getJobState(ids[i]!)) === 'failed') {
          // Refused (bad job) or failed ATTEMPTS times (a worker crash, not a game's error).
          const job = pending.get(ids[i]!)!;
          state.failure = new Error(`queue: games ${job.from}-${job.to - 1} failed on a worker after ${attemptsMade} attempt(s): ${failedReason}`);
        }
      }
      if (lost.length > 0) {
        await register();
        await queue.addBulk(lost.map((id) => ({ name: 'batch', data: pending.get(id)!, opts: { ...JOB_OPTIONS, jobId: id } })));
      }
    };

    /** Live workers beside the progress bar: on this run, idle, or on another code version. */
    const noteWorkers = async (): Promise<void> => {
      const workers = await liveWorkers(redis, prefix);
      const mine = workers.filter((w) => w.run === run).length;
      const idle = workers.filter((w) => w.code === code && w.run === null).length;
      const other = workers.filter((w) => w.code !== code).length;
      progress.note(`workers ${mine}${idle ? ` (+${idle} idle)` : ''}${other ? ` (${other} on other code)` : ''}`);
    };

    events.on('completed', ({ jobId, returnvalue }) => take(jobId, returnvalue));
    events.on('failed', ({ jobId }) => {
      if (pending.has(jobId)) void sweep().catch(quiet);
    });
    let reconnecting = false;
    redis.on('close', () => (reconnecting = true));
    redis.on('ready', () => {
      if (!reconnecting) return;
      reconnecting = false;
      void sweep().catch(quiet);
    });

    try {
      await register();
      // Jobs already in Redis (a restarted coordinator) keep their ids: BullMQ skips duplicates.
      const all = [...pending.entries()];
      for (let i = 0; i < all.length; i += 1000) {
        await queue.addBulk(all.slice(i, i + 1000).map(([id, data]) => ({ name: 'batch', data, opts: { ...JOB_OPTIONS, jobId: id } })));
      }
      await events.waitUntilReady();
      let lastSweep = 0;
      let lastNote = -Infinity;
      while (pending.size > 0 && !state.failure && !stopped()) {
        // While events bring results, the sweep (one read per pending batch) runs rarely.
        const now = performance.now();
        if (now - lastNote >= SWEEP_MS) {
          lastNote = now;
          await noteWorkers().catch(quiet);
        }
        const quietFor = now - Math.max(lastSweep, state.lastResult);
        if (quietFor >= SWEEP_MS || now - lastSweep >= FULL_SWEEP_MS) {
          lastSweep = now;
          await sweep().catch(quiet);
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          // Wake now and then to notice Ctrl-C even when no result comes.
          setTimeout(resolve, STOP_CHECK_MS).unref();
        });
      }
      if (state.failure) throw state.failure;
      // Interrupted: the jobs stay in Redis for the rerun (workers may finish them meanwhile).
      if (pending.size > 0) return;
      // Done: remove the run's queue, content and registration.
      await queue.obliterate({ force: true }).catch(quiet);
      await redis.hdel(runsKey(prefix), run).catch(quiet);
      for (const c of content) await redis.del(contentKey(prefix, run, c.hash)).catch(quiet);
    } finally {
      await Promise.allSettled([events.close(), queue.close()]);
      redis.disconnect();
    }
  }
}
