/**
 * The worker-thread pool of the runner. Starting a thread costs about 1.5 CPU-seconds
 * (it loads TypeScript through tsx and imports every engine: 3.1–3.3 CPU-s for a pool
 * of two, measured) and its JIT warms up over its first games, so one pool is kept and
 * reused by consecutive runs (a study runs many tables). `holdPool` keeps it up for a
 * whole command (runStudies holds it over all its studies), so a pause between tables
 * (analysis, reports) never closes it; a run that needs fewer threads than the pool has
 * uses the pool as it is rather than replacing it. An idle pool does not keep the
 * process alive (its threads are unref'd), and it closes after a while or when
 * `closeRunnerPool` is called (the CLI does, as it exits).
 */
import { fileURLToPath } from 'node:url';
import workerpool from 'workerpool';

const WORKER_ENTRY = fileURLToPath(new URL('./worker-entry.mjs', import.meta.url));

/** An idle pool closes itself after this long, to give its memory back. */
const IDLE_CLOSE_MS = 30_000;
/** ...or after this long if its threads could not be unref'd (so a script still exits soon). */
const IDLE_CLOSE_REFFED_MS = 1000;

interface Shared {
  readonly pool: workerpool.Pool;
  readonly size: number;
  users: number;
}

let shared: Shared | null = null;
let idleTimer: NodeJS.Timeout | null = null;
const live = new Set<workerpool.Pool>();

function newPool(size: number): workerpool.Pool {
  const pool = workerpool.pool(WORKER_ENTRY, { workerType: 'thread', maxWorkers: size });
  live.add(pool);
  return pool;
}

/**
 * Refs or unrefs the pool's threads, so an idle pool does not hold the process open.
 * workerpool has no API for it: this reaches its thread handles, and reports false if
 * their shape has changed.
 */
function setThreadsRef(pool: workerpool.Pool, ref: boolean): boolean {
  const handlers = (pool as unknown as { workers?: { worker?: { ref?: () => void; unref?: () => void } }[] }).workers;
  if (!Array.isArray(handlers)) return false;
  for (const handler of handlers) {
    const worker = handler.worker;
    if (typeof worker?.ref !== 'function' || typeof worker.unref !== 'function') return false;
    if (ref) worker.ref();
    else worker.unref();
  }
  return true;
}

function terminate(pool: workerpool.Pool, force = false): Promise<void> {
  live.delete(pool);
  return pool.terminate(force).then(() => undefined);
}

/**
 * A pool of `size` threads: the shared one when it has at least that many (a smaller run
 * of a study — a table with few games left — never restarts the threads), a new shared one
 * when it is free but too small, else a private one.
 */
export function acquirePool(size: number): { pool: workerpool.Pool; release: () => void } {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (shared && shared.size < size && shared.users === 0) {
    void terminate(shared.pool);
    shared = null;
  }
  if (!shared) shared = { pool: newPool(size), size, users: 0 };
  if (shared.size >= size) {
    const s = shared;
    s.users++;
    setThreadsRef(s.pool, true);
    return {
      pool: s.pool,
      release: () => {
        s.users--;
        if (s.users === 0 && shared === s) {
          const unrefed = setThreadsRef(s.pool, false);
          idleTimer = setTimeout(() => void closeRunnerPool(), unrefed ? IDLE_CLOSE_MS : IDLE_CLOSE_REFFED_MS);
          idleTimer.unref();
        }
      },
    };
  }
  // The shared pool is busy with another size (concurrent runs): a private pool.
  const pool = newPool(size);
  return { pool, release: () => void terminate(pool) };
}

/**
 * Starts the shared pool of `size` threads now (each loads the engines in the background
 * while the caller sets up its first table) and keeps it up until the returned release is
 * called: a study pays the threads' start-up once, not per table.
 */
export function holdPool(size: number): () => void {
  const { pool, release } = acquirePool(size);
  for (let i = 0; i < size; i++) void pool.exec('ready', []).catch(() => undefined);
  return release;
}

/** Closes every runner thread (`force` also stops games in progress). */
export async function closeRunnerPool(force = false): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  shared = null;
  await Promise.all([...live].map((pool) => terminate(pool, force)));
}
