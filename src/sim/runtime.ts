/**
 * What a run needs started before its first game besides the engines: tfjs, when one of
 * its agents scores leaves through it (`mcts:prior=net:…,batch=B`). tfjs starts
 * asynchronously and its backend (native, wasm, cpu) decides the numbers those agents
 * compute, so every process and thread that plays such a run awaits `initTf()` first —
 * the CLI process, each pool thread (worker.ts) and each queue worker — and the backend
 * goes into the run's key: games scored on another backend are never resumed as if they
 * were the same run.
 */
import { agentsNeedTf } from '../../agents/index.js';
import { initTf, tfStarted, type TfBackend } from '../core/tf.js';

/** True when a run of these agents needs tfjs started first. */
export function needsTf(agents: readonly string[]): boolean {
  return agentsNeedTf(agents);
}

/**
 * Starts what the agents need (tfjs, once per process or thread) and returns the tfjs
 * backend they will run on, or undefined when none of them uses tfjs.
 */
export async function startRuntimes(agents: readonly string[]): Promise<TfBackend | undefined> {
  if (!needsTf(agents)) return undefined;
  return (await initTf()).backend;
}

/**
 * The tfjs backend a run of these agents plays on, or undefined when none uses tfjs.
 * Throws when one does and tfjs has not been started in this thread (a caller that skipped
 * `startRuntimes`): the key of such a run cannot be known then.
 */
export function runBackend(agents: readonly string[]): TfBackend | undefined {
  if (!needsTf(agents)) return undefined;
  const rt = tfStarted();
  if (rt === undefined) throw new Error('a network agent with batch= runs on tfjs: await startRuntimes(agents) before keying or playing the run');
  return rt.backend;
}

/**
 * In a thread that plays part of a run (pool thread, queue worker): starts tfjs if the
 * agents need it and checks it came up on the backend the run was keyed on. A thread on
 * another backend would make other moves: it fails the batch rather than mix them in.
 */
export async function startAs(agents: readonly string[], expected: TfBackend | undefined): Promise<void> {
  const backend = await startRuntimes(agents);
  if (backend !== expected) {
    throw new Error(`this thread's tfjs backend is ${backend ?? 'not started'} but the run was keyed on ${expected ?? 'none'}; a network agent with batch= must play a whole run on one backend`);
  }
}
