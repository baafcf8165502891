/**
 * The cost and build studies end to end at tiny sizes (real games through the runner):
 * the report has the promised parts, every number comes with its sample size, a hero
 * file's heroes join both studies (one using a power type of the file's own), and a rerun
 * resumes to the same report.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMdeOnInconclusive, expectMdeOnYourContent } from '../../experiments/mde-check.js';
import { superheroGladiatorsBuildsStudy } from '../../../experiments/superhero-gladiators/builds.js';
import { checkStudyAgents } from '../../../experiments/study.js';
import { superheroGladiatorsCostsStudy } from '../../../experiments/superhero-gladiators/costs.js';
import { GameLedger } from '../../../experiments/ledger.js';
import { initTf } from '../../../src/core/tf.js';
import { closeRunnerPool } from '../../../src/sim/runner.js';

const dir = mkdtempSync(join(tmpdir(), 'shg-build-studies-'));
const heroFile = join(dir, 'mine.yaml');
// The hero uses a power type of the file's own (a distance attack of level x 3 damage): the studies take it as any hero.
writeFileSync(
  heroFile,
  'powerTypes:\n  - { id: zap, like: distance-attack, levels: [1, 4], numbers: { damage: { mul: [level, 3] } } }\nheroes:\n  - name: Glass Cannon\n    STR: 2\n    DEX: 8\n    SIZ: 3\n    PER: 2\n    powers:\n      - { type: zap, level: 3, uses: infinite, enhancements: [piercing] }\n',
);

beforeAll(async () => {
  await initTf();
});
afterAll(async () => {
  await closeRunnerPool?.();
});

const ctx = (name: string, ledger = new GameLedger()) => ({ seed: 5, full: false, workers: 1, runDir: join(dir, name), command: 'test', progress: false, heroFile, ledger });

describe('superhero-gladiators-costs (tiny)', () => {
  it('prices, refit and the user hero, every game counted', async () => {
    const study = superheroGladiatorsCostsStudy({ builds: 12, degree: 2, teamMatchups: 2 });
    const ledger = new GameLedger();
    const report = await study.run(ctx('costs', ledger));
    expectMdeOnInconclusive(report.verdicts);
    // 12 random heroes x 2 steps along the circle, the file's hero against 2 x 2 random ones, + 2 team matchups; 2 games each.
    expect(ledger.games).toBe((12 * 2 + 4 + 2) * 2);
    expect(ledger.failed).toBe(0);
    expect(report.meta.sampleSizes['duel pairs']).toBe(28);
    const ids = report.sections.flatMap((s) => s.blocks.map((b) => ('id' in b ? b.id : '')));
    expect(ids).toEqual(expect.arrayContaining(['refit-constants', 'refit-spread', 'user-heroes']));
    // The report opens with the user's hero by name, its interval and the field it is ranked in.
    const yours = report.yourContent!;
    expectMdeOnYourContent(yours);
    expect(yours.items.map((i) => i.name)).toEqual(['Glass Cannon']);
    expect(yours.field).toHaveLength(12);
    const [mine] = yours.items;
    expect(mine!.n).toBe(4);
    expect(mine!.lo).toBeLessThanOrEqual(mine!.estimate);
    expect(mine!.hi).toBeGreaterThanOrEqual(mine!.estimate);
    expect(report.verdicts.some((v) => /held-out/.test(v.statement))).toBe(true);
    for (const v of report.verdicts) expect(v.evidence).toMatch(/pairs|builds/);
    const again = await study.run(ctx('costs'));
    expect(again.verdicts).toEqual(report.verdicts);
    // Key findings for --skill: every tested feature's mispricing (fair: 0), 1v1 and 2v2.
    const f = report.findings ?? [];
    expect(f.every((x) => x.nullValue === 0 && x.lo <= x.estimate && x.estimate <= x.hi && /^(duel|team)-/.test(x.id))).toBe(true);
    const table = report.sections.flatMap((s) => s.blocks).find((b) => 'id' in b && b.id === 'duel-prices');
    // (this tiny run may be too small for the price fit: then no prices table and no findings)
    expect(f.filter((x) => x.id.startsWith('duel-')).length).toBe(table && table.kind === 'table' ? table.rows.length : 0);
  });
});

describe('superhero-gladiators-builds (tiny)', () => {
  it('finalists and the user hero measured on a fresh field, Holm-tested', async () => {
    const study = superheroGladiatorsBuildsStudy({ field: 6, mu: 2, lambda: 2, generations: 2, opponents: 2, finalists: 2, finalOpponents: 4 });
    const ledger = new GameLedger();
    const report = await study.run(ctx('builds', ledger));
    expectMdeOnInconclusive(report.verdicts);
    // search: 2 generations x 4 members x 2 opponents; final: 3 builds x 4 opponents; 2 games each
    expect(ledger.games).toBe((2 * 4 * 2 + 3 * 4) * 2);
    const table = report.sections.flatMap((s) => s.blocks).find((b) => 'id' in b && b.id === 'finalists-table');
    expect(table && table.kind === 'table' ? table.rows.map((r) => r['build']) : []).toEqual(['finalist 1', 'finalist 2', 'Glass Cannon']);
    expect(report.verdicts).toHaveLength(3);
    for (const v of report.verdicts) expect(v.evidence).toMatch(/Holm over 3/);
    // "Your content": the hero ranked among the 2 finalists, at its Holm level.
    expect(report.yourContent?.items.map((i) => [i.name, i.n])).toEqual([['Glass Cannon', 4]]);
    expect(report.yourContent?.field).toHaveLength(2);
    expectMdeOnYourContent(report.yourContent);
    // Key findings: the search's best build and the hero file's hero, at their Holm levels.
    expect((report.findings ?? []).map((x) => x.id)).toEqual(['best-searched-build', 'hero-glass-cannon']);
    for (const v of report.verdicts) expect(v.evidence).toContain('played by "heuristic" on both sides');
  });

  it('other agents (--agents, --skill) play every hero and the verdicts name them', async () => {
    const study = superheroGladiatorsBuildsStudy({ field: 4, mu: 1, lambda: 1, generations: 1, opponents: 1, finalists: 1, finalOpponents: 2 });
    expect(() => checkStudyAgents(study, ['random'])).not.toThrow();
    const report = await study.run({ ...ctx('builds-random'), agents: ['random'] });
    expectMdeOnInconclusive(report.verdicts);
    for (const v of report.verdicts) expect(v.evidence).toContain('played by "random" on both sides');
    expect(report.meta.details?.['agent']).toBe('random');
  });
});
