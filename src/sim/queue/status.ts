/**
 * What is on a Redis: runs registered by coordinators, their batches by state, and the
 * live workers (each refreshes its own key; a dead worker's key expires). Used by the
 * coordinator's progress line and by `crucible queue status`.
 */
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { queueName, runsKey, workersPattern, type RunMeta } from './run-key.js';
import { redisOptions, type QueueTarget } from './url.js';

export interface WorkerInfo {
  readonly id: string;
  readonly host: string;
  readonly pid: number;
  readonly concurrency: number;
  readonly code: string;
  /** The run it is serving, or null when idle. */
  readonly run: string | null;
  readonly games: number;
  readonly started: number;
}

/** A worker's key lives this long unless refreshed (it refreshes every second). */
export const WORKER_TTL_S = 30;

export async function liveWorkers(redis: Redis, prefix: string): Promise<WorkerInfo[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', workersPattern(prefix), 'COUNT', 500);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  if (keys.length === 0) return [];
  const values = await redis.mget(...keys);
  const out: WorkerInfo[] = [];
  for (const v of values) {
    if (v === null) continue;
    try {
      out.push(JSON.parse(v) as WorkerInfo);
    } catch {
      // Not ours; ignore.
    }
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

export async function registeredRuns(redis: Redis, prefix: string): Promise<RunMeta[]> {
  const all = await redis.hgetall(runsKey(prefix));
  const out: RunMeta[] = [];
  for (const v of Object.values(all)) {
    try {
      out.push(JSON.parse(v) as RunMeta);
    } catch {
      // Not ours; ignore.
    }
  }
  return out.sort((a, b) => a.started - b.started);
}

export interface RunStatus extends RunMeta {
  readonly waiting: number;
  readonly active: number;
  readonly delayed: number;
  readonly completed: number;
  readonly failed: number;
}

export interface QueueStatus {
  readonly runs: RunStatus[];
  readonly workers: WorkerInfo[];
}

export async function queueStatus(target: QueueTarget, redis: Redis): Promise<QueueStatus> {
  const runs: RunStatus[] = [];
  for (const meta of await registeredRuns(redis, target.prefix)) {
    const queue = new Queue(queueName(meta.run), { connection: redisOptions(target), prefix: target.prefix });
    try {
      const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized');
      runs.push({ ...meta, waiting: (c['waiting'] ?? 0) + (c['prioritized'] ?? 0), active: c['active'] ?? 0, delayed: c['delayed'] ?? 0, completed: c['completed'] ?? 0, failed: c['failed'] ?? 0 });
    } finally {
      await queue.close();
    }
  }
  return { runs, workers: await liveWorkers(redis, target.prefix) };
}

/** The status as a terminal table. */
export function formatQueueStatus(status: QueueStatus, display: string, now: number): string {
  const lines = [`Queue ${display}: ${status.runs.length} run(s), ${status.workers.length} worker(s)`];
  if (status.runs.length > 0) {
    lines.push('', 'run               game              games  batch  waiting  active  retrying  done  failed  code              age');
    for (const r of status.runs) {
      lines.push(
        [r.run.padEnd(16), r.gameId.padEnd(16), String(r.games).padStart(6), String(r.batch).padStart(6), String(r.waiting).padStart(8), String(r.active).padStart(7), String(r.delayed).padStart(9), String(r.completed).padStart(5), String(r.failed).padStart(7), ' ' + r.code, ` ${Math.round((now - r.started) / 1000)}s`].join(' '),
      );
    }
  }
  if (status.workers.length > 0) {
    lines.push('', 'worker                          threads  serving           games  code');
    for (const w of status.workers) lines.push([w.id.padEnd(32), String(w.concurrency).padStart(7), (w.run ?? 'idle').padEnd(17).padStart(19), String(w.games).padStart(6), ' ' + w.code].join(''));
  }
  return lines.join('\n');
}
