import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import type { AnyGame } from '../../src/core/game.js';
import { playGame, replayGame, runMatch } from '../../src/sim/runner.js';
import { recordLine } from '../../src/sim/store.js';
import type { MatchConfig } from '../../src/sim/types.js';
import { race, testGames } from './fixtures.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-runner-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const config: MatchConfig = { gameId: 'test-race', options: {}, agents: ['random', 'random'], games: 60, seed: 11 };
const resolveGame = testGames;

function readLines(dir: string): string[] {
  return fs.readFileSync(path.join(dir, 'games.jsonl'), 'utf8').split('\n').filter((l) => l !== '');
}

describe('playGame', () => {
  it('plays a game to the end and records seed, seats, returns, length and tags', () => {
    const record = playGame(config, 3, { resolveGame });
    expect(record.index).toBe(3);
    expect(record.seats).toEqual(['random', 'random']);
    expect(record.slots).toEqual([1, 0]); // game 3: slot k in seat (k + 3) mod 2
    expect(record.returns.reduce((a, b) => a + b, 0)).toBe(1);
    expect(record.length).toBeGreaterThanOrEqual(5); // 15 squares at most 4 a move, alternate turns
    expect(record.tags).toEqual({ winner: record.returns.indexOf(1) });
    expect(playGame(config, 3, { resolveGame })).toEqual(record);
  });

  it('rejects unknown option fields and agent kinds before playing', () => {
    expect(() => playGame({ ...config, options: { targt: 3 } }, 0, { resolveGame })).toThrow(UserError);
    expect(() => playGame({ ...config, options: { targt: 3 } }, 0, { resolveGame })).toThrow(/targt/);
    expect(() => playGame({ ...config, agents: ['nosuch'] }, 0, { resolveGame })).toThrow(/nosuch/);
    expect(() => playGame({ ...config, agents: ['random', 'random', 'random'] }, 0, { resolveGame })).toThrow(/3 agents .* for a 2-player game/);
  });

  it('never mutates a state: the game is played through deep-frozen states', () => {
    const freeze = <T>(x: T): T => {
      if (x && typeof x === 'object' && !Object.isFrozen(x)) {
        Object.freeze(x);
        for (const v of Object.values(x)) freeze(v);
      }
      return x;
    };
    const frozen: AnyGame = { ...race, setup: (o: never, s: number) => freeze(race.setup(o, s)), apply: (s: never, m: never) => freeze(race.apply(s, m)) };
    const record = playGame(config, 5, { resolveGame: () => frozen });
    expect(record.error).toBeUndefined();
    expect(record).toEqual(playGame(config, 5, { resolveGame }));
  });
});

describe('runMatch in-process', () => {
  it('records a throwing game with its error and seed, and keeps going', async () => {
    const { records, summary } = await runMatch({ ...config, gameId: 'test-fragile', games: 40 }, { resolveGame });
    const failed = records.filter((r) => r.error !== undefined);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(40);
    for (const r of failed) {
      expect(r.error).toBe('engine exploded');
      expect(Math.abs(r.seed % 5)).toBe(0);
      expect(r.returns).toEqual([]);
      expect(r.length).toBe(3);
    }
    expect(records.map((r) => r.index)).toEqual([...Array(40).keys()]);
    expect(summary.failed).toBe(failed.length);
    expect(summary.completed).toBe(40 - failed.length);
    expect(summary.shares[0]!.n).toBe(40 - failed.length);
  });

  it('pairs games: 2k and 2k+1 share a seed with seats swapped', async () => {
    const { records } = await runMatch({ ...config, agents: ['random', 'flatmc:playouts=4'], games: 8, paired: true }, { resolveGame });
    for (let k = 0; k < 4; k++) {
      const [a, b] = [records[2 * k]!, records[2 * k + 1]!];
      expect(a.seed).toBe(b.seed);
      expect(a.pair).toBe(k);
      expect(b.pair).toBe(k);
      expect(b.slots).toEqual([...a.slots].reverse());
      expect(b.seats).toEqual([...a.seats].reverse());
    }
    expect(new Set(records.map((r) => r.seed)).size).toBe(4);
  });

  it('writes config.json and games.jsonl sorted by index', async () => {
    const dir = tempDir();
    const { records } = await runMatch(config, { outDir: dir, resolveGame });
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8'))).toMatchObject({ ...config, paired: false, rotate: true });
    expect(readLines(dir)).toEqual(records.map((r) => recordLine(r)));
  });

  it('resumes an interrupted run: plays only the missing games and gives the same summary', async () => {
    const full = await runMatch(config, { resolveGame });
    const dir = tempDir();
    // An interrupted run: some games finished out of order, then a line cut mid-write.
    const kept = full.records.filter((r) => r.index % 3 !== 1);
    const lines = kept.map((r) => recordLine(r) + '\n').reverse();
    const cut = JSON.stringify(full.records[1]).slice(0, 25);
    fs.writeFileSync(path.join(dir, 'games.jsonl'), lines.join('') + cut);
    let setups = 0;
    const counting: AnyGame = { ...race, setup: (o: never, s: number) => (setups++, race.setup(o, s)) };
    const resumed = await runMatch(config, { outDir: dir, resolveGame: () => counting });
    // One trial setup of game 0 before the run (config check), then one per missing game.
    expect(setups).toBe(1 + full.records.length - kept.length);
    expect(resumed.summary).toEqual(full.summary);
    expect(resumed.records).toEqual(full.records);
    const indices = readLines(dir).map((l) => (JSON.parse(l) as { index: number }).index);
    expect(indices).toEqual([...Array(60).keys()]);
  });

  it('refuses a run folder that holds a different config', async () => {
    const dir = tempDir();
    await runMatch({ ...config, games: 4 }, { outDir: dir, resolveGame });
    await expect(runMatch({ ...config, games: 4, seed: 12 }, { outDir: dir, resolveGame })).rejects.toThrow(
      /--out folder ".*" holds another run: seed is 11 there, 12 here; allowed: the same run to resume, another --out folder/,
    );
  });

  it('rejects a non-positive worker count', async () => {
    await expect(runMatch(config, { workers: 0, resolveGame })).rejects.toThrow(/workers is 0; allowed: a positive integer/);
  });
});

describe('replayGame', () => {
  it('replays a recorded game move by move with the recorded returns', async () => {
    const { records } = await runMatch({ ...config, games: 6 }, { resolveGame });
    const steps: string[] = [];
    const replayed = replayGame(config, 4, (step) => steps.push(step.moves.map((m) => m.action).join(',')), { resolveGame });
    expect(replayed).toEqual(records[4]);
    expect(steps).toHaveLength(records[4]!.length);
    expect(steps[0]).toMatch(/^player \d steps [12]$/);
  });
});
