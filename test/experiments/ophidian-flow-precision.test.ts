/**
 * Issue #28, "Answers to a chosen precision": a --precision study decides a finding on the
 * betting confidence sequence when the finding is the mean of bounded independent units from
 * a fixed table (KeyFinding.units). ophidian-flow's findings are means of seed units (the
 * seed is its unit: game i of every matchup shares its dice), shares in [0, 1]; they carry
 * those units in play order, so `study ophidian-flow --precision` uses the sequence (before,
 * they fell back to the study's interval widened over rounds).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anytimeFindings, runStudyToPrecision } from '../../experiments/precision.js';
import { ophidianFlowStudy } from '../../experiments/ophidian/flow.js';
import { GameLedger } from '../../experiments/ledger.js';
import { bettingInterval } from '../../src/analysis/stats/confidence-sequence.js';
import type { StudyContext } from '../../experiments/study.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-oph-flow-precision-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ledger = () => new GameLedger(() => undefined);

describe('ophidian-flow --precision', () => {
  it('decides every finding on the betting confidence sequence over its seed units, which grow in play order', async () => {
    const ctx: StudyContext = { seed: 3, full: false, workers: 1, runDir: join(dir, 'flow'), command: 'test', progress: false };
    const round0 = await ophidianFlowStudy.run({ ...ctx, ledger: ledger(), precisionRound: 0 });
    const out = await runStudyToPrecision(ophidianFlowStudy, ctx, { width: 0.1, rounds: 2 }, ledger);
    const findings = out.report.findings!;
    expect(findings.map((f) => f.id)).toContain('first-flow');
    // Two rounds of the quick design: 3 seeds, then 3 more on the round-1 seed.
    const ff = findings.find((f) => f.id === 'first-flow')!;
    expect(ff.n).toBe(6);
    for (const f of findings) {
      expect(f.units, f.id).toBeDefined();
      expect(f.units!.values).toHaveLength(f.n);
      expect(f.units!.range).toEqual([0, 1]);
    }
    // Play order: round 0's seed units first, as round 0 reported them, then round 1's.
    expect(ff.units!.values.slice(0, 3)).toEqual(round0.findings!.find((f) => f.id === 'first-flow')!.units!.values);
    for (const a of anytimeFindings(findings, 2)) {
      expect(a.method, a.finding.id).toBe('betting');
      const cs = bettingInterval(a.finding.units!.values, 1 - a.finding.level, [0, 1]);
      expect([a.lo, a.hi]).toEqual([cs.lo, cs.hi]);
    }
    const table = out.report.sections[0]!.blocks.find((b) => b.kind === 'table') as { readonly rows: readonly Readonly<Record<string, unknown>>[] };
    for (const row of table.rows) expect(row['anytime interval']).toBe('betting confidence sequence over its units');
  });
});
