/**
 * A real redis-server for the queue tests: a free loopback port, no persistence (so a
 * restart loses every key, the hardest case), stopped after the tests. Plus helpers to
 * start `crucible worker` processes and to compare run folders.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Kills the server (SIGKILL: no goodbye to clients). */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

function waitReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`cannot start redis-server (${err.message}); install the Debian package redis-server (.ci/run does)`));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}: ${out}`));
    });
  });
}

/**
 * Starts redis-server; `extra` adds arguments (e.g. ['--requirepass', 'pw']); `tls`
 * makes it listen with TLS only (rediss://) on its port.
 */
export async function startRedis(extra: string[] = [], tls?: { cert: string; key: string; ca: string }): Promise<RedisServer> {
  const port = await freePort();
  const listen = tls
    ? ['--port', '0', '--tls-port', String(port), '--tls-cert-file', tls.cert, '--tls-key-file', tls.key, '--tls-ca-cert-file', tls.ca, '--tls-auth-clients', 'no']
    : ['--port', String(port)];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-redis-'));
  let child: ChildProcess | null = null;
  const start = async (): Promise<void> => {
    const c = spawn('redis-server', [...listen, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    await waitReady(c);
  };
  const kill = async (): Promise<void> => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    async stop() {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface WorkerProcess {
  readonly child: ChildProcess;
  /** Everything it printed. */
  output(): string;
  stop(): Promise<void>;
}

/** Lock of a batch in the tests: a killed worker's batch is retried after about this long. */
export const TEST_LOCK_MS = 1500;

/** Starts `crucible worker` in its own process and waits until it listens. */
export async function startWorkerProcess(url: string, concurrency = 1, env: Record<string, string> = {}): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/crucible.mjs'), 'worker', '--queue', url, '--concurrency', String(concurrency)], {
    cwd: ROOT,
    env: { ...process.env, CRUCIBLE_QUEUE_LOCK_MS: String(TEST_LOCK_MS), CRUCIBLE_QUEUE: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${out}`)), 240_000);
    const check = (): void => {
      if (out.includes('waiting for runs')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}: ${out}`));
    });
  });
  return {
    child,
    output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    },
  };
}

/** games.jsonl and summary.json of a run folder, for byte comparison. */
export function runFiles(dir: string): { games: string; summary: string } {
  return { games: fs.readFileSync(path.join(dir, 'games.jsonl'), 'utf8'), summary: fs.readFileSync(path.join(dir, 'summary.json'), 'utf8') };
}

export function tempDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `crucible-${name}-`));
}

// Ceilings, not expectations: each wait ends as soon as its event happens, and holds at 8x
// slowdown (npm test beside 8 busy processes, scripts/busy.sh), so no verdict depends on speed.
export async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 240_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
