/** Spawns the real `crucible` command (each spawn costs about a second: keep them few). */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(ROOT, 'bin/crucible.mjs');

export interface CliResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `crucible ...args`; `onSpawn` gets the child (to interrupt it). */
export function crucible(args: readonly string[], opts: { cwd?: string; onSpawn?: (child: ReturnType<typeof spawn>) => void } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd ?? ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    opts.onSpawn?.(child);
  });
}

let inProcessQueue: Promise<unknown> = Promise.resolve();

/**
 * Runs `crucible ...args` in this process through the same entry point the binary calls
 * (`main` of src/cli/main.ts), capturing what it writes. For cases that end before any
 * game (bad arguments): a spawn costs a second of node + tsx start-up each, this costs
 * milliseconds. Calls run one after another, as stdout and stderr are shared.
 */
export function crucibleInProcess(args: readonly string[]): Promise<CliResult> {
  const run = async (): Promise<CliResult> => {
    const { main } = await import('../../src/cli/main.js');
    let stdout = '';
    let stderr = '';
    const out = process.stdout.write.bind(process.stdout);
    const err = process.stderr.write.bind(process.stderr);
    process.stdout.write = ((chunk: string | Uint8Array) => ((stdout += chunk.toString()), true)) as typeof process.stdout.write;
    process.stderr.write = ((chunk: string | Uint8Array) => ((stderr += chunk.toString()), true)) as typeof process.stderr.write;
    try {
      const code = await main(['node', BIN, ...args]);
      return { code, signal: null, stdout, stderr };
    } finally {
      process.stdout.write = out;
      process.stderr.write = err;
    }
  };
  const result = inProcessQueue.then(run, run);
  inProcessQueue = result.catch(() => undefined);
  return result;
}
