/**
 * `--queue` against a listener that accepts connections and never replies (a wrong port,
 * an HTTP or TLS server): the Redis probe gives up after its timeout with one line naming
 * the address and the cause, instead of hanging the command with no output (issue #31).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { connectChecked, PROBE_TIMEOUT_MS } from '../../src/cli/commands/queue.js';
import { parseQueueUrl } from '../../src/sim/queue/url.js';

let server: net.Server;
let port = 0;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  server = net.createServer((socket) => void sockets.push(socket)); // accepts, reads, never writes
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the Redis probe has a timeout', () => {
  it('a silent listener: a one-line user error after the timeout, not a hang', async () => {
    const started = process.hrtime.bigint();
    const attempt = connectChecked(parseQueueUrl(`redis://127.0.0.1:${port}`), 300);
    await expect(attempt).rejects.toThrow(UserError);
    await expect(connectChecked(parseQueueUrl(`redis://127.0.0.1:${port}`), 300)).rejects.toThrow(
      /^--queue is "redis:\/\/127\.0\.0\.1:\d+\/0": cannot use that Redis \(no reply within 0\.3 s\); allowed: a reachable Redis server/,
    );
    // It waited for the timeout (the listener did accept), and gave up: no lower bound on speed is asserted.
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeGreaterThanOrEqual(300);
  });

  it('the command-line default is a finite wait that still holds on a loaded machine', () => {
    expect(PROBE_TIMEOUT_MS).toBeGreaterThanOrEqual(5_000);
    expect(PROBE_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
  });
});
