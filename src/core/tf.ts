/**
 * The one place that starts TensorFlow.js. All model code is written against the
 * @tensorflow/tfjs API; which backend runs it is decided here, once per process:
 *
 *   1. 'tensorflow' — the native libtensorflow backend, when the user has installed
 *      @tensorflow/tfjs-node (`npm run native`) and CRUCIBLE_NO_NATIVE_TF is not 1. Detected by the backend actually registering,
 *      not by the package resolving: this project's danfojs-node override aliases
 *      node_modules/@tensorflow/tfjs-node to plain @tensorflow/tfjs, which loads fine
 *      and registers nothing.
 *   2. 'wasm' — @tensorflow/tfjs-backend-wasm, the default here (its .wasm files ship in
 *      the package's dist/ folder and are read from disk).
 *   3. 'cpu' — the plain-JS backend, when WebAssembly fails to start.
 *
 * Every backend computes in float32. Training logs and reports state which one ran
 * (`describeBackend()`).
 */
import { createRequire } from 'node:module';
import path from 'node:path';

export type Tf = typeof import('@tensorflow/tfjs');
export type TfBackend = 'tensorflow' | 'wasm' | 'cpu';

export interface TfRuntime {
  readonly tf: Tf;
  readonly backend: TfBackend;
  /** Why this backend (why not a faster one), for logs. */
  readonly note: string;
}

/** How a user installs the native backend (package.json's `native` script; README). */
export const NATIVE_INSTALL = 'npm run native';

/**
 * Set to 1 to skip the native backend even when installed (a native build that loads but
 * misbehaves, or to compare backends): wasm is used, and `--version` says so.
 */
export const NO_NATIVE_ENV = 'CRUCIBLE_NO_NATIVE_TF';

function nativeDisabled(): boolean {
  return process.env[NO_NATIVE_ENV] === '1';
}

// CommonJS loading keeps tfjs out of the import graph until a fit needs it (stats/index.ts
// re-exports the cost-curve module) and lets `tfNow()` load it synchronously.
const require = createRequire(import.meta.url);

let started: Promise<TfRuntime> | undefined;
let current: TfRuntime | undefined;

function loadTf(): Tf {
  const tf = require('@tensorflow/tfjs') as Tf;
  // Production mode silences tfjs's console banners ("Hi, looks like you are running
  // TensorFlow.js in Node.js…") and skips debug-only checks.
  tf.enableProdMode();
  return tf;
}

function message(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
}

/**
 * Whether the native backend's package is installed (resolved, not loaded: cheap enough for
 * `crucible --version`, which is where a missing one is mentioned — not on every run).
 */
export function nativeTfInstalled(): boolean {
  if (nativeDisabled()) return false;
  try {
    return (require('@tensorflow/tfjs-node/package.json') as { name?: string }).name === '@tensorflow/tfjs-node';
  } catch {
    return false;
  }
}

/**
 * The backend fits and training will use, in one line for `crucible --version` (from
 * what is installed, without loading tfjs).
 */
export function versionLine(): string {
  if (nativeTfInstalled()) return 'tfjs: native backend (@tensorflow/tfjs-node)';
  const why = nativeDisabled() ? `native tfjs-node skipped (${NO_NATIVE_ENV}=1)` : 'native tfjs-node not installed';
  return `tfjs: wasm backend — ${why}; fits and training run slower without it (install it with: ${NATIVE_INSTALL})`;
}

/** Loads @tensorflow/tfjs-node if present; true when it registered the native backend. */
function tryNative(tf: Tf): { ok: boolean; why: string } {
  // libtensorflow's C++ start-up chatter (CPU feature guards, oneDNN notes) goes to stderr.
  process.env['TF_CPP_MIN_LOG_LEVEL'] ??= '2';
  if (nativeDisabled()) return { ok: false, why: `native tfjs-node skipped (${NO_NATIVE_ENV}=1)` };
  let name = '';
  try {
    name = (require('@tensorflow/tfjs-node/package.json') as { name?: string }).name ?? '';
    require('@tensorflow/tfjs-node');
  } catch (e) {
    const missing = e instanceof Error && 'code' in e && (e as { code?: string }).code === 'MODULE_NOT_FOUND';
    return { ok: false, why: missing ? 'native tfjs-node not installed' : `native tfjs-node failed to load (${message(e)})` };
  }
  if (tf.findBackendFactory('tensorflow')) return { ok: true, why: '' };
  const alias = name !== '@tensorflow/tfjs-node' ? ` (node_modules/@tensorflow/tfjs-node is an alias of ${name || 'another package'})` : '';
  return { ok: false, why: `native tfjs-node not installed${alias}` };
}

async function start(): Promise<TfRuntime> {
  const tf = loadTf();
  const native = tryNative(tf);
  if (native.ok && (await tf.setBackend('tensorflow'))) {
    await tf.ready();
    return { tf, backend: 'tensorflow', note: 'native libtensorflow through @tensorflow/tfjs-node' };
  }
  let why = native.ok ? 'native tfjs-node registered but failed to start' : native.why;
  try {
    const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
    const dist = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep;
    wasm.setWasmPaths(dist);
    if (await tf.setBackend('wasm')) {
      await tf.ready();
      return { tf, backend: 'wasm', note: `${why}; install it with: ${NATIVE_INSTALL}` };
    }
    why += '; wasm backend failed to start';
  } catch (e) {
    why += `; wasm backend failed to start (${message(e)})`;
  }
  await tf.setBackend('cpu');
  await tf.ready();
  return { tf, backend: 'cpu', note: why };
}

/**
 * Starts tfjs on the best backend available (memoized: later calls return the same
 * runtime). Await it once before fitting models; `describeBackend()` then says what ran.
 */
export function initTf(): Promise<TfRuntime> {
  started ??= start().then((rt) => (current = rt));
  return started;
}

/**
 * The runtime for synchronous model code: the one `initTf()` chose once it has finished,
 * otherwise tfjs on its 'cpu' backend (which starts synchronously), noted as such so
 * results and logs show that `initTf()` was not awaited.
 */
export function tfNow(): TfRuntime {
  if (current) return current;
  // Switching to cpu under a backend still starting would race it.
  if (started) throw new Error('tfjs is still starting: await initTf() before fitting');
  const tf = loadTf();
  // The cpu backend initialises synchronously, so this takes effect before returning.
  void tf.setBackend('cpu');
  return { tf, backend: 'cpu', note: 'initTf() was not awaited before this fit' };
}

/**
 * The runtime `initTf()` chose once it has finished, else undefined — for code whose
 * results depend on the backend (batched network search), which must refuse to run
 * rather than fall back to another backend silently.
 */
export function tfStarted(): TfRuntime | undefined {
  return current;
}

/** One line for logs and reports, e.g. "tfjs backend: wasm (native tfjs-node not installed; …)". */
export function describeBackend(rt: TfRuntime | undefined = current): string {
  if (!rt) return 'tfjs backend: not started (call initTf())';
  return `tfjs backend: ${rt.backend} (${rt.note})`;
}
