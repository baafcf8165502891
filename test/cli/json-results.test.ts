/**
 * `--json` on compare and tune (issue #29, "Machine-readable everywhere"): the result as one
 * JSON document on stdout and nothing else there (progress and notes go to stderr), so a
 * script can read `crucible compare … --json | jq` the way it reads play and study.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crucible } from './helpers.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-json-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('compare --json', () => {
  it('prints the SPRT decision and each measure\'s change with its interval, and only that, on stdout', async () => {
    const out = path.join(dir, 'reports');
    const r = await crucible(['compare', 'gladiator-duel', '--a', '{}', '--b', '{"lightApBonus":2}', '--agents', 'random', '--games', '8', '--batch', '4', '--seed', '3', '--workers', '1', '--out', out, '--json'], { cwd: dir });
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as { command: string; gameId: string; sprt: { decision: string; measure: string }; units: number; changes: { measure: string; change: number; lo: number; hi: number; level: number; n: number }[]; verdicts: { statement: string }[]; report: string };
    expect(result).toMatchObject({ command: 'compare', gameId: 'gladiator-duel', optionsB: { lightApBonus: 2 }, gamesPerSide: 8, units: 4, unit: 'seat-swapped pair' });
    expect(['raises', 'lowers', 'no change', 'undecided']).toContain(result.sprt.decision);
    expect(result.changes.length).toBeGreaterThan(0);
    for (const c of result.changes) {
      expect(c.n).toBe(4);
      expect(c.level).toBeGreaterThanOrEqual(0.95);
      if (c.lo !== null) expect(c.lo).toBeLessThanOrEqual(c.hi);
    }
    expect(result.verdicts.length).toBeGreaterThan(0);
    expect(fs.existsSync(result.report)).toBe(true);
    expect(r.stdout).not.toContain('SPRT on'); // the text summary is not printed beside it
  });
});

describe('tune --json', () => {
  it('prints the closest setting and every setting tried with intervals, and only that, on stdout', async () => {
    const out = path.join(dir, 'reports');
    const r = await crucible(['tune', 'gladiator-duel', '--param', 'lightApBonus', '--range', '0..2', '--points', '2', '--refine', '0', '--agents', 'random', '--games', '4', '--seed', '3', '--workers', '1', '--out', out, '--json'], { cwd: dir });
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as { command: string; target: string; goal: number; best: { values: Record<string, number>; value: number; lo: number; hi: number; n: number }; settings: { values: Record<string, number> }[]; report: string };
    expect(result).toMatchObject({ command: 'tune', gameId: 'gladiator-duel', target: 'balance', goal: 0.5, gamesPerSetting: 4, params: [{ path: 'lightApBonus', lo: 0, hi: 2 }] });
    expect(result.settings.map((s) => s.values['lightApBonus'])).toEqual([0, 2]);
    expect([0, 2]).toContain(result.best.values['lightApBonus']);
    expect(result.best.lo).toBeLessThanOrEqual(result.best.value);
    expect(result.best.hi).toBeGreaterThanOrEqual(result.best.value);
    expect(result.best.n).toBe(2);
    expect(fs.existsSync(result.report)).toBe(true);
    expect(r.stdout).not.toContain('Closest to the goal');
  });
});
