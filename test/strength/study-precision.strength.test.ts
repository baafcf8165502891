/**
 * Issue #28, "Done when: --precision works for every study": every registered study run as
 * `crucible study <name> --precision` for two rounds (a width no run reaches, so the plan of
 * 2 rounds decides): a study with key findings plays round 1 (its tables grown, more games
 * than round 0), leads its report with the rule it stopped by and gives every finding an
 * anytime-valid interval; a study without findings (the training run, the stalemate studies)
 * plays its base sizes once and says it cannot be steered. Every quick study end to end,
 * twice its quick size: 155 s (1 worker, load average ≈ 2 on 2 cores), so it lives with the strength tests.
 * Measured (study default --seed 1 --precision 0.001 --rounds 2, commit 773e495): all 17
 * finish, 14 steerable ones play 2 rounds, 3 play one and say why.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STUDIES } from '../../experiments/index.js';
import { anytimeFindings, runStudyToPrecision } from '../../experiments/precision.js';
import { GameLedger } from '../../experiments/ledger.js';
import type { StudyContext } from '../../experiments/study.js';
import { closeRunnerPool } from '../../src/sim/runner.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-precision-every-study-'));
afterAll(async () => {
  await closeRunnerPool?.();
  rmSync(dir, { recursive: true, force: true });
});

const ledger = () => new GameLedger(() => undefined);

describe('study --precision: every registered study', () => {
  for (const study of STUDIES) {
    it(study.name, async () => {
      const ctx: StudyContext = { seed: 1, full: false, workers: 1, runDir: join(dir, study.name), command: 'test', progress: false };
      const base = ledger();
      const round0 = await study.run({ ...ctx, ledger: base, precisionRound: 0 });
      const out = await runStudyToPrecision(study, ctx, { width: 1e-9, rounds: 2 }, ledger);
      const p = (out.report.meta.details as { precision: { stoppedBy: string; rounds: number; steerable: boolean } }).precision;
      expect(p.stoppedBy).toBe('plan exhausted');
      expect(out.report.verdicts.some((v) => v.statement.startsWith('Answers to a chosen precision: '))).toBe(true);
      const findings = out.report.findings ?? [];
      if (study.training || (round0.findings ?? []).length === 0) {
        expect(p.steerable).toBe(false);
        expect(p.rounds).toBe(1);
        expect(out.report.verdicts.some((v) => /cannot steer this study/.test(v.statement))).toBe(true);
        return;
      }
      expect(p.steerable).toBe(true);
      expect(p.rounds).toBe(2);
      expect(out.ctx.precisionRound).toBe(1);
      // Round 1 grew the study's tables: more games than round 0 played, on fresh seeds.
      expect(out.ledger.games).toBeGreaterThan(base.games);
      expect(findings.length).toBeGreaterThan(0);
      for (const a of anytimeFindings(findings, 2)) {
        expect(a.lo, a.finding.id).toBeLessThanOrEqual(a.hi);
        expect(['betting', 'bonferroni']).toContain(a.method);
      }
    });
  }
});
