/**
 * Every study takes `--options` for its game: each table plays them (under what the study
 * sets itself), runs are keyed on them, the report's meta.json records them, and the
 * Superhero Gladiators studies generate and price builds under the `build` formula given.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withOptions } from '../../experiments/default.js';
import { studyBuildOptions } from '../../experiments/superhero-gladiators/common.js';
import { playStudyTable } from '../../experiments/study-table.js';
import { DEFAULT_BUILD_OPTIONS } from '../../src/games/superhero-gladiators/build-options.js';
import type { Report } from '../../src/analysis/report-model.js';
import { crucibleInProcess } from '../cli/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-study-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ctx = (options?: Record<string, unknown>) => ({ seed: 2, full: false, workers: 1, runDir: join(dir, 'runs'), command: 'test', progress: false, ...(options ? { options } : {}) });
const table = { gameId: 'gladiator-duel', agents: ['random'], games: 2, options: { gladiators: [{ type: 'light' }, { type: 'heavy' }] } };

describe('study --options', () => {
  it('a table plays the user options under its own, and other options play into another folder', async () => {
    await playStudyTable(ctx(), 't', table);
    await playStudyTable(ctx({ turnCap: 20, gladiators: [{ type: 'medium' }, { type: 'medium' }] }), 't', table);
    const folders = readdirSync(join(dir, 'runs')).sort();
    expect(folders).toHaveLength(2);
    const configs = folders.map((f) => JSON.parse(readFileSync(join(dir, 'runs', f, 'config.json'), 'utf8')) as { options: Record<string, unknown> });
    const withCap = configs.find((c) => c.options['turnCap'] === 20);
    expect(withCap).toBeDefined();
    // The study's own setting (the gladiators it seats) goes over the user's.
    expect(withCap!.options['gladiators']).toEqual(table.options.gladiators);
  });

  it('meta.json records the options ({} for the defaults)', () => {
    const report = { sections: [], meta: { details: {} } } as unknown as Report;
    expect(withOptions(report, { turnCap: 20 }).meta.details?.['options']).toEqual({ turnCap: 20 });
    expect(withOptions(report, undefined).meta.details?.['options']).toEqual({});
  });

  it('the SHG studies price builds under the build options given (refit constants), else the defaults', () => {
    expect(studyBuildOptions({})).toBe(DEFAULT_BUILD_OPTIONS);
    const refit = studyBuildOptions({ options: { build: { levelBase: 1.6, modifiers: { piercing: 1.3 } } } });
    expect(refit.levelBase).toBe(1.6);
    expect(refit.modifiers.piercing).toBe(1.3);
    expect(refit.usesB).toBe(DEFAULT_BUILD_OPTIONS.usesB);
  });

  it('bad --options: one line naming the field, exit 2, before any game', async () => {
    const bad = await crucibleInProcess(['study', 'gladiator-duel-matchups', '--options', '{"turnCapp": 3}', '--runs', join(dir, 'none')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/turnCapp/);
    const mixed = await crucibleInProcess(['study', 'default', '--options', '{}', '--runs', join(dir, 'none')]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/--options is given for \d+ games .*allowed: --options with a study of one game/);
  });
});
