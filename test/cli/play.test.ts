/**
 * `crucible games`, `play` and `replay` end to end, and an interrupted `play` (Ctrl-C
 * mid-run) that resumes to the same summary as an uninterrupted run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { vi, afterAll, describe, expect, it } from 'vitest';
import { runMatch } from '../../src/sim/runner.js';
import { recordLine } from '../../src/sim/store.js';
import type { GameRecord, RunSummary } from '../../src/sim/types.js';
import { crucible, crucibleInProcess } from './helpers.js';

// Ceiling for this file (vitest.config.ts): its slowest test 10.2 s on a near-idle CI run (crucible play in subprocesses); 300 s holds at 8x slowdown with room.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function lines(file: string): string[] {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.endsWith('}')) : [];
}

describe('crucible games', () => {
  it('lists each game with its options and defaults as JSON', async () => {
    const result = await crucibleInProcess(['games', '--json']);
    expect(result.code).toBe(0);
    const games = JSON.parse(result.stdout) as { id: string; options: { path: string; default: unknown }[] }[];
    const duel = games.find((g) => g.id === 'gladiator-duel')!;
    expect(duel.options.find((o) => o.path === 'turnCap')).toMatchObject({ default: 60 });
  });
});

describe('crucible play and replay', () => {
  it('plays, prints the summary as JSON, and replays a game to its recorded returns', async () => {
    const out = path.join(dir, 'small');
    const args = ['play', 'gladiator-duel', '--agents', 'random,flatmc:playouts=2', '--games', '12', '--seed', '5', '--workers', '1', '--out', out];
    const played = await crucible([...args, '--json']);
    expect(played.stderr).toBe('');
    expect(played.code).toBe(0);
    const { summary } = JSON.parse(played.stdout) as { summary: RunSummary };
    expect(summary).toMatchObject({ gameId: 'gladiator-duel', games: 12, completed: 12, failed: 0, seed: 5 });
    expect(summary.shares.map((s) => s.agent)).toEqual(['random', 'flatmc:playouts=2']);
    expect(summary.shares[0]!.share + summary.shares[1]!.share).toBeCloseTo(1, 10);

    const record = JSON.parse(lines(path.join(out, 'games.jsonl'))[7]!) as GameRecord;
    const replayed = await crucibleInProcess(['replay', out, '--game', '7']);
    expect(replayed.code).toBe(0);
    const text = replayed.stdout;
    expect(text).toContain(`Game 7 of gladiator-duel, seed ${record.seed}`);
    expect(text).toContain(`after ${record.length} decisions`);
    expect(text).toContain('Replay matches the recorded returns.');
    expect(text.split('\n').filter((l) => /^\s+\d+\. seat [12] \(/.test(l))).toHaveLength(record.length);
  });

  it('--listeners attaches a game\'s listeners: their tags join the records; an unknown name is one line, exit 2', async () => {
    const out = path.join(dir, 'listening');
    const args = ['play', 'rumble', '--games', '2', '--seed', '3', '--workers', '1', '--no-progress', '--json'];
    const played = await crucibleInProcess([...args, '--out', out, '--listeners', 'energyLost']);
    expect(played.code).toBe(0);
    for (const line of lines(path.join(out, 'games.jsonl'))) expect(typeof (JSON.parse(line) as GameRecord).tags['energyLost']).toBe('number');
    const plain = path.join(dir, 'not-listening');
    expect((await crucibleInProcess([...args, '--out', plain])).code).toBe(0);
    for (const line of lines(path.join(plain, 'games.jsonl'))) expect((JSON.parse(line) as GameRecord).tags).not.toHaveProperty('energyLost');
    const bad = await crucibleInProcess([...args, '--out', path.join(dir, 'bad-listener'), '--listeners', 'lost']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('error: match config: listeners has "lost"; allowed: energyLost');
  });

  it('resumes a run interrupted with Ctrl-C: same summary, no game lost or repeated', async () => {
    const config = { gameId: 'gladiator-duel', options: { turnCap: 20 }, agents: ['flatmc:playouts=2', 'random'], games: 150, seed: 9 };
    const out = path.join(dir, 'interrupted');
    const args = ['play', 'gladiator-duel', '--agents', 'flatmc:playouts=2,random', '--games', '150', '--seed', '9', '--options', '{"turnCap":20}', '--workers', '2', '--out', out];
    const gamesFile = path.join(out, 'games.jsonl');
    const first = await crucible(args, {
      onSpawn(child) {
        const poll = setInterval(() => {
          if (lines(gamesFile).length >= 5) {
            clearInterval(poll);
            child.kill('SIGINT');
          }
        }, 20);
        child.on('close', () => clearInterval(poll));
      },
    });
    expect(first.code).toBe(130);
    expect(first.stderr).toBe('run interrupted (SIGINT); rerun the same command to resume\n');
    const written = lines(gamesFile).length;
    expect(written).toBeGreaterThanOrEqual(5);
    expect(written).toBeLessThan(150);

    const resumed = await crucible([...args, '--json']);
    expect(resumed.code).toBe(0);
    const uninterrupted = await runMatch(config, { workers: 1 });
    expect((JSON.parse(resumed.stdout) as { summary: RunSummary }).summary).toEqual(uninterrupted.summary);
    expect(lines(gamesFile)).toEqual(uninterrupted.records.map((r) => recordLine(r)));
  });
});
