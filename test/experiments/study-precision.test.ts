/**
 * `crucible study <name> --precision` (issue #28, "Answers to a chosen precision"): a
 * study runs in growing rounds — every table at 2^r times its size, earlier games kept —
 * until every key finding's anytime-valid interval is at most the width, the time is up,
 * or the plan's rounds are played; the report leads with the rule it stopped by.
 * A stand-in study of one table (random gladiator duels, seat-swapped pairs) keeps it fast.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anytimeFindings, runStudyToPrecision } from '../../experiments/precision.js';
import { bettingInterval } from '../../src/analysis/stats/confidence-sequence.js';
import { GameLedger } from '../../experiments/ledger.js';
import { playStudyTable } from '../../experiments/study-table.js';
import type { Study, StudyContext } from '../../experiments/study.js';
import type { Report } from '../../src/analysis/report-model.js';
import { tFor, tInterval } from '../../src/analysis/stats/descriptive.js';
import type { KeyFinding } from '../../src/analysis/report-model.js';
import { Rng } from '../../src/core/rng.js';
import type { GameRecord } from '../../src/sim/types.js';
import { crucibleInProcess } from '../cli/helpers.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-study-precision-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const played: GameRecord[][] = [];

/** Seat 1's share per seat-swapped pair of random duels, a t interval over pairs: the study's one key finding. */
function standIn(findings = true, withUnits = false): Study {
  return {
    name: 'stand-in',
    gameId: 'gladiator-duel',
    title: 'stand-in',
    question: 'does seat 1 win more?',
    agentSlots: ['every seat'],
    defaultAgents: () => ['random'],
    agentChoice: () => 'random play (a test)',
    async run(ctx: StudyContext): Promise<Report> {
      const records = await playStudyTable(ctx, 'duels', { gameId: 'gladiator-duel', options: { turnCap: 20 }, agents: ['random'], games: 24, paired: true });
      played.push(records);
      const pairs = new Map<number, number[]>();
      for (const r of records) pairs.set(r.pair!, [...(pairs.get(r.pair!) ?? []), r.returns[0]!]);
      const units = [...pairs.values()].filter((p) => p.length === 2).map(([x, y]) => (x! + y!) / 2);
      const ci = tInterval(units, 0.95);
      return {
        id: 'stand-in',
        title: 'stand-in',
        gameId: 'gladiator-duel',
        question: 'q',
        verdicts: [],
        sections: [],
        ...(findings ? { findings: [{ id: 'seat-1', label: 'seat 1 share', estimate: ci.mean, lo: ci.lo, hi: ci.hi, nullValue: 0.5, n: units.length, level: 0.95, family: 'single test', ...(withUnits ? { units: { values: units, range: [0, 1] as const } } : {}) }] } : {}),
        meta: { command: 'test', seed: ctx.seed, sampleSizes: { pairs: units.length } },
      };
    },
  };
}

const ctx = (name: string): StudyContext => ({ seed: 4, full: false, workers: 1, runDir: path.join(dir, name), command: 'test', progress: false });
const ledger = () => new GameLedger();

describe('study --precision: growing rounds', () => {
  it('round r plays every table at 2^r its size, keeping the games of earlier rounds (never replayed), numbered 0..N−1', async () => {
    played.length = 0;
    const study = standIn();
    await study.run({ ...ctx('grow'), precisionRound: 0 });
    await study.run({ ...ctx('grow'), precisionRound: 2 });
    const [r0, r2] = played;
    expect(r0).toHaveLength(24);
    expect(r2).toHaveLength(96);
    expect(r2!.map((r) => r.index)).toEqual(Array.from({ length: 96 }, (_, i) => i));
    expect(r2!.slice(0, 24)).toEqual(r0);
    // Added blocks are fresh games (their own seeds), not copies of round 0.
    expect(new Set(r2!.map((r) => r.seed)).size).toBe(48);
    // Block folders of their own: duels (round 0), duels+r1 (24 more), duels+r2 (48 more).
    expect(fs.readdirSync(path.join(dir, 'grow')).map((f) => f.replace(/-[0-9a-f]+$/, '')).sort()).toEqual(['duels', 'duels+r1', 'duels+r2']);
  });

  it('stops at the first round where every key finding\'s anytime-valid interval is at most the width, and leads the report with the rule', async () => {
    played.length = 0;
    const study = standIn();
    const first = await study.run({ ...ctx('width'), precisionRound: 0 });
    const w0 = anytimeFindings(first.findings!, 6).map((a) => a.hi - a.lo)[0]!;
    const out = await runStudyToPrecision(study, ctx('width'), { width: 0.8 * w0, rounds: 6 }, ledger);
    const details = out.report.meta.details as { precision: { stoppedBy: string; rounds: number; scale: number } };
    expect(details.precision.stoppedBy).toBe('target width reached');
    expect(details.precision.rounds).toBeGreaterThan(1);
    expect(out.ctx.precisionRound).toBe(details.precision.rounds - 1);
    expect(out.report.verdicts[0]!.statement).toMatch(/^Answers to a chosen precision: Stopped by: target width reached/);
    // The finding's interval that decides is wider than the study's own (valid over the plan's 6 looks).
    const [a] = anytimeFindings(out.report.findings!, 6);
    expect(a!.hi - a!.lo).toBeLessThanOrEqual(0.8 * w0);
    expect(a!.hi - a!.lo).toBeGreaterThan(out.report.findings![0]!.hi - out.report.findings![0]!.lo);
    // Each round's ledger counts that round's games once.
    expect(out.ledger.games).toBe(24 * details.precision.scale);
  });

  it('--minutes stops between rounds and records the rounds played; a plan of that many rounds reproduces it', async () => {
    let t = 0;
    const now = () => (t += 40_000) - 40_000;
    const study = standIn();
    const out = await runStudyToPrecision(study, ctx('minutes'), { minutes: 1, rounds: 6 }, ledger, now);
    const p = (out.report.meta.details as { precision: { stoppedBy: string; rounds: number } }).precision;
    expect(p.stoppedBy).toBe('time up');
    const again = await runStudyToPrecision(study, ctx('minutes'), { width: 1e-6, rounds: p.rounds }, ledger);
    expect((again.report.meta.details as { precision: { stoppedBy: string } }).precision.stoppedBy).toBe('plan exhausted');
    expect(again.report.findings).toEqual(out.report.findings);
  });

  it('--minutes starts a round only if it should end in time: the next round takes about as long as the run so far', async () => {
    // Each round here takes 4 minutes of clock. With a 10-minute limit, rounds 0 and 1 end
    // at 4 and 8 minutes; round 2 would end near 16, so the run stops at 8 (the check of the
    // time spent alone started round 2 and ended at 12, over the limit).
    let t = 0;
    const inner = standIn();
    const study: Study = { ...inner, run: async (c) => ((t += 4 * 60_000), inner.run(c)) };
    const out = await runStudyToPrecision(study, ctx('minutes-ahead'), { minutes: 10, rounds: 6 }, ledger, () => t);
    const p = (out.report.meta.details as { precision: { stoppedBy: string; rounds: number; minutes: number } }).precision;
    expect(p.stoppedBy).toBe('time up');
    expect(p.rounds).toBe(2);
    expect(p.minutes).toBeLessThanOrEqual(10);
  });

  it('a study with no key findings cannot be steered: it plays its base sizes once and says so', async () => {
    const out = await runStudyToPrecision(standIn(false), ctx('none'), { width: 0.01, rounds: 6 }, ledger);
    expect(out.ctx.precisionRound).toBe(0);
    expect(out.report.verdicts[0]!.statement).toMatch(/cannot steer this study/);
  });

  it('a finding the study shows but the anytime-valid interval does not is a leading warning', () => {
    const [a] = anytimeFindings([{ id: 'x', label: 'x', estimate: 0.1, lo: 0.002, hi: 0.198, nullValue: 0, n: 100, level: 0.95, family: 'single test' }], 6);
    expect(a!.shown).toBe(false);
    expect(a!.level).toBeCloseTo(1 - 0.05 / 6, 12);
    expect(a!.method).toBe('bonferroni');
  });

  it('a finding with bounded units is decided by the betting confidence sequence over them, and the report names the method', async () => {
    played.length = 0;
    const out = await runStudyToPrecision(standIn(true, true), ctx('units'), { width: 0.3, rounds: 4 }, ledger);
    const f = out.report.findings![0]!;
    const [a] = anytimeFindings([f], 4);
    expect(a!.method).toBe('betting');
    expect(a!.level).toBe(0.95); // valid at every unit: no share of α spent per round
    const cs = bettingInterval(f.units!.values, 0.05, [0, 1]);
    expect([a!.lo, a!.hi]).toEqual([cs.lo, cs.hi]);
    // The same interval whatever the plan: a rerun with --rounds <rounds played> reproduces it.
    expect(anytimeFindings([f], 1)[0]!.lo).toBe(a!.lo);
    // Units in play order across rounds: round r's block after the earlier ones.
    expect(f.units!.values.length).toBe(f.n);
    const table = out.report.sections[0]!.blocks.find((b) => b.kind === 'table') as { readonly rows: readonly Readonly<Record<string, unknown>>[] };
    expect(table.rows[0]!['anytime interval']).toBe('betting confidence sequence over its units');
    expect(out.report.verdicts[0]!.statement).toMatch(/betting confidence sequence over its units at its tested level/);
  });

  it('an interval widened over rounds uses Student t at n − 1 df: a t interval over 5 units widens to the exact t interval at the look level', () => {
    const units = [0, 0.5, 1, 1, 0.5];
    const ci = tInterval(units, 0.95);
    const f: KeyFinding = { id: 'x', label: 'x', estimate: ci.mean, lo: ci.lo, hi: ci.hi, nullValue: 0.5, n: 5, level: 0.95, family: 'single test' };
    const [a] = anytimeFindings([f], 6);
    const exact = tInterval(units, 1 - 0.05 / 6);
    expect(a!.lo).toBeCloseTo(exact.lo, 10);
    expect(a!.hi).toBeCloseTo(exact.hi, 10);
    // The normal ratio used before (z at 1 − α/6 over z at 95%: 1.35×) widened it too little (t at 4 df: 1.69×).
    expect((a!.hi - a!.lo) / (ci.hi - ci.lo)).toBeCloseTo(tFor(1 - 0.05 / 6, 4) / tFor(0.95, 4), 10);
    expect((a!.hi - a!.lo) / (ci.hi - ci.lo)).toBeGreaterThan(1.6);
  });
});

/**
 * Issue #28: a --precision study looks at its findings after every round and stops when they
 * look narrow enough. Simulated null studies (seat 1's share per seat-swapped pair, true mean
 * ½), peeked at after every round of a 6-round plan (12, 24, …, 384 pairs): the study's own
 * fixed-n 95% interval claims an effect far more often than 5%; the anytime-valid interval
 * that decides (the betting CS over the finding's units) stays at or under 5%.
 */
describe('study --precision on simulated nulls, peeked at every round', () => {
  const RUNS = 600;
  const ROUNDS = 6;
  const BASE = 12;
  /** A fair seat-swapped pair: each game won by seat 1 with chance ½, so the pair's share is 0, ½ or 1. */
  const pairShare = (rng: Rng): number => (rng.int(2) + rng.int(2)) / 2;
  /** The round's key finding as a study reports it: a t interval over the pairs so far, with its units. */
  const finding = (units: number[]): KeyFinding => {
    const ci = tInterval(units, 0.95);
    return { id: 'seat-1', label: 'seat 1 share', estimate: ci.mean, lo: ci.lo, hi: ci.hi, nullValue: 0.5, n: units.length, level: 0.95, family: 'single test', units: { values: units, range: [0, 1] } };
  };

  it('false claims: the fixed-n interval well above 5%, the anytime-valid one at most 5%', () => {
    const rng = new Rng(28);
    let fixed = 0;
    let anytime = 0;
    for (let run = 0; run < RUNS; run++) {
      const units: number[] = [];
      let fixedAlarm = false;
      let anytimeAlarm = false;
      for (let r = 0; r < ROUNDS; r++) {
        const add = r === 0 ? BASE : BASE * 2 ** (r - 1);
        for (let i = 0; i < add; i++) units.push(pairShare(rng));
        const f = finding([...units]);
        fixedAlarm ||= f.lo > 0.5 || f.hi < 0.5;
        anytimeAlarm ||= anytimeFindings([f], ROUNDS)[0]!.shown;
      }
      fixed += fixedAlarm ? 1 : 0;
      anytime += anytimeAlarm ? 1 : 0;
    }
    // Measured (seed 28, 600 runs): fixed-n 0.202, anytime-valid 0.020; at seed 5 over 2,000 runs
    // 0.205 and 0.0175 (and the normal-ratio widening used before: 0.053, over nominal).
    expect(fixed / RUNS).toBeGreaterThan(0.08);
    expect(anytime / RUNS).toBeLessThanOrEqual(0.05);
  });
});

describe('study: bad --precision / --minutes / --rounds, one line, exit 2, before any game', () => {
  for (const args of [['--precision', '2'], ['--minutes', '0'], ['--precision', '0.1', '--rounds', '0'], ['--precision', '0.1', '--rounds', '40'], ['--rounds', '3']]) {
    it(args.join(' '), async () => {
      const out = path.join(dir, 'never');
      const r = await crucibleInProcess(['study', 'dark-hero-fairness', ...args, '--out', out, '--runs', out]);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(fs.existsSync(out)).toBe(false);
    });
  }
});
