/**
 * The Ophidian studies' key findings (experiments/ophidian-findings.ts) — what
 * `--skill` sets side by side: each finding at the level its study's verdict tests it,
 * units too few for an interval left out, and ophidian-flow's findings end to end through
 * withSkill (the report gets the comparison, not the "does not declare" note).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cardFindings, flowFindings, teamFindings } from '../../experiments/ophidian-findings.js';
import { ophidianFlowStudy } from '../../experiments/ophidian-flow.js';
import { withSkill } from '../../experiments/skill.js';
import { GameLedger } from '../../experiments/ledger.js';
import { tInterval } from '../../src/analysis/stats/descriptive.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-oph-findings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ophidian key findings', () => {
  it('flow: the first-Flow share at 95% against 0.5, each Wave leader at its Holm level', () => {
    const ff = [1, 0.5, 0.5, 1, 0, 0.5, 1, 1];
    const leaders = [
      { wave: 1, perUnit: [1, 1, 0.5, 1] },
      { wave: 2, perUnit: [1] }, // one unit: no interval, left out
      { wave: 3, perUnit: [1, 0, 1] },
    ];
    const f = flowFindings(ff, leaders, [0.9833, 0.9875, 0.975]);
    expect(f.map((x) => x.id)).toEqual(['first-flow', 'leader-wave-1', 'leader-wave-3']);
    const t = tInterval(ff, 0.95);
    expect(f[0]).toMatchObject({ estimate: t.mean, lo: t.lo, hi: t.hi, nullValue: 0.5, n: 8, level: 0.95, family: 'single test' });
    // A share's interval ends are cut to [0, 1].
    const w1 = tInterval([1, 1, 0.5, 1], 0.9833);
    expect(w1.hi).toBeGreaterThan(1);
    expect(f[1]).toMatchObject({ lo: w1.lo, hi: 1, level: 0.9833, family: 'Holm over 3 Waves' });
    expect(f[2]!.level).toBe(0.975);
  });

  it('teams: each team’s field share at its Holm level; ids are slugs of the team id', () => {
    const f = teamFindings([{ id: 'hammerhands+ironsides', name: 'Hammerhands, Ironsides' }, { id: 'mine', name: 'mine' }], [[0.5, 1, 1, 0.5], [0, 0.5, 0, 0]], [0.975, 0.95]);
    expect(f.map((x) => x.id)).toEqual(['field-hammerhands-ironsides', 'field-mine']);
    expect(f[0]).toMatchObject({ nullValue: 0.5, n: 4, level: 0.975, family: 'Holm over 2 teams' });
    expect(f[1]!.estimate).toBeCloseTo(0.125);
  });

  it('cards: inclusion shares against 0.5 and barred-play losses against 0, cards without an interval left out', () => {
    const card = (id: string, n: number, mean: number) => ({ id, name: id.toUpperCase(), inclusion: { mean, lo: mean - 0.1, hi: mean + 0.1, n, level: 0.99 }, loss: { mean: mean - 0.5, lo: mean - 0.6, hi: mean - 0.4, n, level: 0.98 } });
    const f = cardFindings([card('arm-blade', 6, 0.7), card('rare', 1, 0.5)], { inclusion: 2, loss: 1 });
    expect(f.map((x) => x.id)).toEqual(['inclusion-arm-blade', 'barred-arm-blade']);
    expect(f[0]).toMatchObject({ estimate: 0.7, nullValue: 0.5, level: 0.99, family: 'Holm over 2 cards' });
    expect(f[1]).toMatchObject({ nullValue: 0, level: 0.98, family: 'Holm over 1 cards' });
  });

  it('ophidian-flow declares its findings and --skill sets them beside another agent’s', async () => {
    const ctx = { seed: 3, full: false, workers: 1, runDir: join(dir, 'flow'), command: 'test', progress: false, ledger: new GameLedger(() => undefined) };
    const report = await ophidianFlowStudy.run(ctx);
    const ff = report.findings!.find((x) => x.id === 'first-flow')!;
    // The finding is the verdict's number.
    expect(report.verdicts[0]!.evidence).toContain(ff.estimate.toFixed(3));
    expect(ff.n).toBe(30);
    const withSection = await withSkill(report, ophidianFlowStudy, ctx, { agents: ['heuristic:bar=arm-blade'] }, () => undefined);
    const section = withSection.sections.find((s) => s.heading === 'Skill sensitivity')!;
    const text = JSON.stringify(section.blocks);
    expect(text).not.toContain('does not declare');
    expect(text).toContain("First-Flow holder's win share");
  }, 120_000);
});
