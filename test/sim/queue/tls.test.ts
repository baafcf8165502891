/**
 * rediss://: a TLS-only redis-server with a certificate from a test CA. Worker and
 * coordinator trust the CA through NODE_EXTRA_CA_CERTS and play a run with the local
 * summary; without the CA the certificate is refused with a one-line error.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { vi, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMatch } from '../../../src/sim/runner.js';
import { ROOT, startRedis, startWorkerProcess, tempDir, type RedisServer, type WorkerProcess } from './redis.js';

// Ceiling for this file (vitest.config.ts): hooks start a TLS redis-server and workers (~7 s on a near-idle CI run); 300 s holds at 8x slowdown with room.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

let dir: string;
let redis: RedisServer;
let worker: WorkerProcess;

function openssl(args: string[]): void {
  const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openssl ${args[0]} failed: ${r.stderr}`);
}

beforeAll(async () => {
  dir = tempDir('tls');
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=crucible-test-ca']);
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost']);
  fs.writeFileSync(path.join(dir, 'ext.cnf'), 'subjectAltName=DNS:localhost\n');
  openssl(['x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '2', '-extfile', 'ext.cnf']);
  redis = await startRedis([], { cert: path.join(dir, 'server.crt'), key: path.join(dir, 'server.key'), ca: path.join(dir, 'ca.crt') });
  worker = await startWorkerProcess(`rediss://localhost:${redis.port}`, 1, { NODE_EXTRA_CA_CERTS: path.join(dir, 'ca.crt') });
});
afterAll(async () => {
  await worker?.stop();
  await redis?.stop();
});

describe('rediss:// (TLS)', () => {
  it('plays a run over TLS with the summary of a local run', async () => {
    const out = tempDir('tls-run');
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'bin/crucible.mjs'), 'play', 'gladiator-duel', '--agents', 'heuristic,random', '--games', '12', '--seed', 'tls', '--out', out, '--json', '--queue', `rediss://localhost:${redis.port}?batch=4`],
      { cwd: ROOT, env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(dir, 'ca.crt') }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    expect(await new Promise<number | null>((resolve) => child.on('exit', resolve)), stderr).toBe(0);
    const local = await runMatch({ gameId: 'gladiator-duel', options: {}, agents: ['heuristic', 'random'], games: 12, seed: 'tls' }, { workers: 1, executor: null });
    expect(JSON.stringify((JSON.parse(stdout) as { summary: unknown }).summary)).toBe(JSON.stringify(local.summary));
  });

  it('refuses a server certificate it cannot verify, in one line', () => {
    const env = { ...process.env };
    delete env['NODE_EXTRA_CA_CERTS'];
    const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/crucible.mjs'), 'queue', 'status', '--queue', `rediss://localhost:${redis.port}`], { cwd: ROOT, env, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/cannot use that Redis \(self-signed certificate in certificate chain\)/);
  });
});
