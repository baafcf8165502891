/**
 * The worker-thread pool of the runner. Starting a thread costs about half a second
 * (it loads TypeScript through tsx and imports the engines), so one pool is kept and
 * reused by consecutive runs (a study runs many), and closed once it has been idle for
 * a moment or when `closeRunnerPool` is called (the CLI does, as it exits).
 */
import { fileURLToPath } from 'node:url';
import workerpool from 'workerpool';

const WORKER_ENTRY = fileURLToPath(new URL('./worker-entry.mjs', import.meta.url));

/** An idle pool closes itself after this long (so scripts that never close it still exit). */
const IDLE_CLOSE_MS = 1000;

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

function terminate(pool: workerpool.Pool, force = false): Promise<void> {
  live.delete(pool);
  return pool.terminate(force).then(() => undefined);
}

/** A pool of `size` threads: the shared one when free (or resizable), else a private one. */
export function acquirePool(size: number): { pool: workerpool.Pool; release: () => void } {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (shared && shared.size !== size && shared.users === 0) {
    void terminate(shared.pool);
    shared = null;
  }
  if (!shared) shared = { pool: newPool(size), size, users: 0 };
  if (shared.size === size) {
    const s = shared;
    s.users++;
    return {
      pool: s.pool,
      release: () => {
        s.users--;
        if (s.users === 0 && shared === s) {
          idleTimer = setTimeout(() => void closeRunnerPool(), IDLE_CLOSE_MS);
          idleTimer.unref();
        }
      },
    };
  }
  // The shared pool is busy with another size (concurrent runs): a private pool.
  const pool = newPool(size);
  return { pool, release: () => void terminate(pool) };
}

/** Closes every runner thread (`force` also stops games in progress). */
export async function closeRunnerPool(force = false): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  shared = null;
  await Promise.all([...live].map((pool) => terminate(pool, force)));
}
