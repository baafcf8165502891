/**
 * The Ophidian studies' key findings (experiments/ophidian/findings.ts) — what
 * `--skill` sets side by side: each finding at the level its study's verdict tests it,
 * units too few for an interval left out, and ophidian-flow's findings end to end through
 * withSkill (the report gets the comparison, not the "does not declare" note).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cardFindings, flowFindings, teamFindings } from '../../experiments/ophidian/findings.js';
import { ophidianFlowStudy } from '../../experiments/ophidian/flow.js';
import { withSkill } from '../../experiments/skill.js';
import { GameLedger } from '../../experiments/ledger.js';
import { tInterval } from '../../src/analysis/stats/descriptive.js';
import { compareFindings, skillSection } from '../../src/analysis/skill.js';
import { analyseConfirmation, type ConfirmedCard, type ConfirmStage } from '../../experiments/ophidian/cards-confirm.js';
import { analyseReplication, namedByConfirmation } from '../../experiments/ophidian/cards-replicate.js';
import { deriveSeed, Rng } from '../../src/core/rng.js';

function units(m: number, n: number, w: number, seed: number): number[] {
  const rng = new Rng(deriveSeed('ophidian-findings-test', seed));
  return Array.from({ length: n }, () => m + (rng.float() * 2 - 1) * w);
}
const line = { beta: 0.01, betaSe: 0.002, usable: true };
const card = (id: string, loss: number[]): ConfirmedCard => ({ id, name: id.toUpperCase(), cost: 1, seed: 0, pairs: [['abe', 'betty']], loss, unit: 'seed index', seedUnits: loss.length, plays: units(1, 80, 0.5, 99), planned: 4 * loss.length, completed: 4 * loss.length, failed: 0, dropped: 0, seeds: [] });

/** A confirmation of HELD, FLUKE and FAIR with these mean losses, and a replication of the named cards with these (in order). */
function constructedStage(confirmMeans: readonly number[], replicateMeans: readonly number[]): ConfirmStage {
  const cards = ['held', 'fluke', 'fair'].map((id, i) => card(id, units(confirmMeans[i]!, 40, 0.2, 10 + i)));
  const analysis = analyseConfirmation(cards, line);
  const named = namedByConfirmation(analysis);
  const replayed = named.map((n, i) => card(n.id, units(replicateMeans[i] ?? 0, 40, 0.2, 20 + i)));
  return {
    size: { k: 3, owners: 1, opponents: 1, perOrder: 40 },
    full: true,
    list: { rule: 'price', eligible: 3, entries: cards.map((c, i) => ({ id: c.id, name: c.name, rank: i + 1, score: 3 - i, reason: 'screening' as const })) },
    cards,
    analysis,
    line,
    screened: 3,
    replication: { size: { k: 0, owners: 1, opponents: 1, perOrder: 40 }, named, cards: replayed, findings: analyseReplication(named, replayed, line) },
  };
}

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

  it('cards: the confirmation gap and loss per shortlisted card and the replication at their Holm levels, screening inclusion labelled as screening', () => {
    const stage = constructedStage([0.35, 0.3, 0.02], [0.3, 0.02]);
    const f = cardFindings(stage, [{ id: 'arm-blade', name: 'Arm Blade', inclusion: { mean: 0.7, lo: 0.6, hi: 0.8, n: 6, level: 0.99 } }, { id: 'rare', name: 'Rare', inclusion: { mean: 0.5, lo: NaN, hi: NaN, n: 1, level: 0.95 } }], { inclusion: 2 });
    expect(f.map((x) => x.id)).toEqual(['confirm-gap-held', 'confirm-barred-held', 'confirm-gap-fluke', 'confirm-barred-fluke', 'confirm-gap-fair', 'confirm-barred-fair', 'replicate-gap-held', 'replicate-gap-fluke', 'screening-inclusion-arm-blade']);
    const gap = stage.analysis.findings[0]!.price!;
    expect(f[0]).toMatchObject({ estimate: gap.gap, lo: gap.lo, hi: gap.hi, nullValue: 0, level: gap.level, n: 40, family: 'Holm over 3 shortlisted cards priced' });
    expect(f[6]).toMatchObject({ label: 'HELD: gap from the price line, replication (other seeds and deck pairs)', family: 'Holm over 2 cards named by the confirmation' });
    expect(f[8]).toMatchObject({ label: 'Screening (association): decks holding Arm Blade, share head to head', nullValue: 0.5, level: 0.99, family: 'Holm over 2 cards (screening)' });
    // Without a confirmation stage (agents that cannot be barred) only the screening inclusion remains.
    expect(cardFindings(null, [{ id: 'arm-blade', name: 'Arm Blade', inclusion: { mean: 0.7, lo: 0.6, hi: 0.8, n: 6, level: 0.99 } }], { inclusion: 1 }).map((x) => x.id)).toEqual(['screening-inclusion-arm-blade']);
  });

  it('cards: the skill section flags a confirmed card whose gap changes sign under the other agents, and one that loses significance', () => {
    // Base: HELD too strong (gap > 0, confirmed and replicated), FLUKE too strong; other: HELD too weak, FLUKE on the line.
    const base = cardFindings(constructedStage([0.35, 0.3, 0.02], [0.3, 0.02]), [], { inclusion: 0 });
    const other = cardFindings(constructedStage([-0.35, -0.04, 0.02], [-0.3]), [], { inclusion: 0 });
    const rows = compareFindings(base, other);
    const row = (id: string) => rows.find((r) => r.id === id)!;
    expect(row('confirm-gap-held').change).toBe('reverses');
    expect(row('confirm-gap-held').differs).toBe(true);
    expect(row('confirm-gap-fluke').change).toBe('loses significance');
    expect(row('confirm-gap-fair').change).toBeUndefined();
    // FLUKE was named (and replayed) under the base agents only: nothing to set beside it.
    expect(row('replicate-gap-fluke').change).toBe('not measured');
    const section = skillSection({ baseName: 'heuristic play', otherName: 'other play', baseAgents: '"heuristic"', otherAgents: '"other"', base, other });
    const text = JSON.stringify(section.blocks);
    expect(text).toContain('HELD: gap from the price line, confirmation (share lost − β·cost·plays; > 0 too strong): REVERSES');
    expect(text).toContain('FLUKE: gap from the price line, confirmation (share lost − β·cost·plays; > 0 too strong): is no longer significant under other play');
  });

  it('ophidian-flow declares its findings and --skill sets them beside another agent’s', async () => {
    const ctx = { seed: 3, full: false, workers: 1, runDir: join(dir, 'flow'), command: 'test', progress: false, ledger: new GameLedger(() => undefined) };
    const report = await ophidianFlowStudy.run(ctx);
    const ff = report.findings!.find((x) => x.id === 'first-flow')!;
    // The finding is the verdict's number.
    expect(report.verdicts[0]!.evidence).toContain(ff.estimate.toFixed(3));
    expect(ff.n).toBe(3); // 60 games on 3 seeds: the seed is the unit (issue #28)
    const withSection = await withSkill(report, ophidianFlowStudy, ctx, { agents: ['heuristic:bar=arm-blade'] }, () => undefined);
    const section = withSection.sections.find((s) => s.heading === 'Skill sensitivity')!;
    const text = JSON.stringify(section.blocks);
    expect(text).not.toContain('does not declare');
    expect(text).toContain("First-Flow holder's win share");
  });
});
