/**
 * `crucible replay` finds its game by reading games.jsonl line by line: a run of
 * millions of games is searched in flat memory, and a killed run's torn last line is
 * skipped (#12).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findRecord } from '../../src/cli/commands/replay.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-replay-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function record(index: number, pad = ''): string {
  return JSON.stringify({ index, seed: 1000 + index, seats: ['a', 'b'], slots: [0, 1], length: 3, returns: [1, 0], tags: { pad } });
}

/** Writes `count` records (each about `padding` bytes long) in chunks, never as one string. */
function writeRun(name: string, count: number, padding: number, tail = ''): string {
  const folder = path.join(dir, name);
  fs.mkdirSync(folder);
  const fd = fs.openSync(path.join(folder, 'games.jsonl'), 'w');
  const pad = 'x'.repeat(padding);
  for (let start = 0; start < count; start += 5000) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(count, start + 5000); i++) lines.push(record(i, pad));
    fs.writeSync(fd, lines.join('\n') + '\n');
  }
  if (tail) fs.writeSync(fd, tail);
  fs.closeSync(fd);
  return folder;
}

describe('replay: finding the recorded game', () => {
  it('finds a game by its index (not by an index that merely starts the same) and skips a torn last line', async () => {
    const folder = writeRun('small', 120, 0, record(120).slice(0, 30));
    expect((await findRecord(folder, 12))?.seed).toBe(1012);
    expect((await findRecord(folder, 119))?.seed).toBe(1119);
    expect(await findRecord(folder, 120)).toBeUndefined(); // only its torn first half was written
    expect(await findRecord(folder, 5000)).toBeUndefined();
    expect(await findRecord(path.join(dir, 'no-such-run'), 0)).toBeUndefined();
  });

  it('searches a 40 MB games.jsonl in memory far below the file size', async () => {
    const count = 70_000;
    const folder = writeRun('large', count, 500);
    const size = fs.statSync(path.join(folder, 'games.jsonl')).size;
    expect(size).toBeGreaterThan(38e6);
    const base = process.memoryUsage().heapUsed;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 1);
    const found = await findRecord(folder, count - 1); // the last line: the whole file is read
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    expect(found?.seed).toBe(1000 + count - 1);
    // Reading the file whole holds it twice (the text and its lines): about 2 x 40 MB.
    expect(peak - base).toBeLessThan(size / 2);
  });
});
