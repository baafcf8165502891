/**
 * `crucible study <name> --precision <width> [--minutes m] [--rounds R]`: a study run in
 * growing rounds until its verdict intervals are narrow enough, the time is up, or its
 * plan (R rounds) is exhausted.
 *
 * Design (the least invasive that works for every study): round r plays every table of
 * the study at 2^r times its size. A table's games are never replayed: round 0 is the
 * table as the study defines it (quick, or --full sizes; the same run folder, so a quick
 * run already on disk is reused), and round r adds block r — the table's config with
 * 2^(r−1) times its games, its own run folder (`<key>+r<r>`) and master seed
 * (`<seed>/round-<r>`) — whose games are renumbered after the blocks before it
 * (study-table.ts). Every table of a round grows alike, so tables a study pairs game by
 * game (same index, same seed) stay paired. The study itself is unchanged: it reads more
 * records and recomputes its verdicts.
 *
 * What decides: the study's key findings (Report.findings: estimate, interval at its
 * tested level, no-effect value). Looking at them after every round would inflate their
 * error, so each is replaced by an interval valid at whichever round the run stops
 * (anytimeFinding), one of two kinds, named in the report's table:
 * - a finding that gives its units (KeyFinding.units: the independent units it is the mean
 *   of, bounded — shares in [0, 1], differences of shares in [−1, 1] — in play order) gets
 *   the betting confidence sequence over those units at its tested level
 *   (stats/confidence-sequence.ts, the interval `play` and `compare` decide on): valid at
 *   every unit at once, so at every round, whatever the plan;
 * - any other (an unbounded measure: a rating, a price, a regression slope; or a table the
 *   study chose from its data, whose identity may change between rounds) keeps the study's
 *   interval widened to the level that holds over the plan's R looks (Bonferroni over
 *   looks), the widening by Student t quantiles at n − 1 degrees of freedom — exact for a t
 *   interval, conservative against the normal's.
 * The run stops when every such interval is at most `width` wide (on its own scale: a share
 * for most findings, Energy for a Rumble price); the report leads with the rule it stopped
 * by and the anytime-valid interval of every finding, and warns about any finding the
 * study calls shown that the anytime-valid interval does not show. A study that declares
 * no findings (a training run, the stalemate studies) cannot be steered: it plays its
 * base sizes once, and the report says so.
 */
import { bettingInterval, lookLevel, widenInterval } from '../src/analysis/stats/confidence-sequence.js';
import { PrecisionClock, describeStop, type PrecisionGoal, type PrecisionStop } from '../src/analysis/precision.js';
import type { KeyFinding, Report, ReportVerdict } from '../src/analysis/report-model.js';
import { formatLevel } from '../src/analysis/stats/multiplicity.js';
import type { GameLedger } from './ledger.js';
import type { Study, StudyContext } from './study.js';

/** Rounds a --precision study may play by default: the base sizes times 1, 2, 4, 8, 16, 32. */
export const DEFAULT_ROUNDS = 6;

/** A study's --precision request: the stopping rule and the plan (most rounds). */
export interface StudyPrecision extends PrecisionGoal {
  readonly rounds: number;
}

/** How a finding's anytime-valid interval was made (see the header). */
export type AnytimeMethod = 'betting' | 'bonferroni';

/** What the report's table says of each method. */
export const METHOD_NAMES: Readonly<Record<AnytimeMethod, string>> = {
  betting: 'betting confidence sequence over its units',
  bonferroni: 'study interval, Bonferroni over the planned rounds',
};

/** A finding's anytime-valid interval and whether it shows an effect. */
export interface AnytimeFinding {
  readonly finding: KeyFinding;
  readonly lo: number;
  readonly hi: number;
  readonly level: number;
  readonly shown: boolean;
  readonly method: AnytimeMethod;
}

/**
 * A finding's interval valid at whichever of `looks` rounds the run stops: the betting CS
 * over its units at its tested level when it gives bounded units, else its interval widened
 * from its tested level to the level that holds over `looks` looks.
 */
export function anytimeFinding(f: KeyFinding, looks: number): AnytimeFinding {
  const shows = (lo: number, hi: number): boolean => lo > f.nullValue || hi < f.nullValue;
  const u = f.units;
  if (u && u.values.length > 0 && u.range[1] > u.range[0] && u.values.every((x) => x >= u.range[0] && x <= u.range[1]) && f.level > 0 && f.level < 1) {
    const ci = bettingInterval(u.values, 1 - f.level, u.range);
    return { finding: f, lo: ci.lo, hi: ci.hi, level: f.level, shown: shows(ci.lo, ci.hi), method: 'betting' };
  }
  const level = lookLevel(f.level, looks);
  const finite = Number.isFinite(f.lo) && Number.isFinite(f.hi);
  const { lo, hi } = finite ? widenInterval(f.estimate, f.lo, f.hi, f.level, level, f.n >= 2 ? f.n - 1 : undefined) : { lo: f.lo, hi: f.hi };
  return { finding: f, lo, hi, level, shown: shows(lo, hi), method: 'bonferroni' };
}

/** Each finding's anytime-valid interval (anytimeFinding). */
export function anytimeFindings(findings: readonly KeyFinding[], looks: number): AnytimeFinding[] {
  return findings.map((f) => anytimeFinding(f, looks));
}

/**
 * Plays `study` in rounds (see the header). `ledger()` gives each round a fresh ledger (a
 * round re-reads the games of the rounds before it: one ledger would count them twice).
 * Returns the last round's report (with the precision section and verdicts added), the
 * context that produced it (later steps — cap sensitivity, skill — must read the same
 * tables) and its ledger.
 */
export async function runStudyToPrecision(
  study: Study,
  ctx: StudyContext,
  goal: StudyPrecision,
  ledger: () => GameLedger,
  now?: () => number,
): Promise<{ report: Report; ctx: StudyContext; ledger: GameLedger }> {
  const clock = new PrecisionClock(goal, now);
  let round = 0;
  for (;;) {
    const roundLedger = ledger();
    const roundCtx: StudyContext = { ...ctx, ledger: roundLedger, precisionRound: round };
    const report = await study.run(roundCtx);
    const findings = report.findings ?? [];
    const anytime = anytimeFindings(findings, goal.rounds);
    const steerable = !study.training && findings.length > 0;
    const widest = Math.max(...anytime.map((a) => (Number.isFinite(a.hi - a.lo) ? a.hi - a.lo : Infinity)));
    // Round r + 1 adds as many games as rounds 0..r played together, so it is expected to take
    // about as long as the run so far: --minutes starts it only if it should end in time
    // (checking only the time already spent let a run overshoot its limit up to twofold).
    const stop: PrecisionStop | null = steerable ? clock.stop(widest, round + 1 < goal.rounds, clock.elapsedMinutes()) : 'plan exhausted';
    if (stop !== null) return { report: withPrecision(report, ctx.full, goal, stop, round, anytime, steerable, clock.elapsedMinutes()), ctx: roundCtx, ledger: roundLedger };
    round++;
  }
}

/** The report of a --precision run: a leading verdict with the stopping rule, warnings, the anytime-valid findings table, meta. */
function withPrecision(report: Report, full: boolean, goal: StudyPrecision, stop: PrecisionStop, round: number, anytime: readonly AnytimeFinding[], steerable: boolean, minutes: number): Report {
  const scale = 2 ** round;
  const size = full ? 'full' : 'quick';
  const played = `${round + 1} round${round ? 's' : ''}: every table at ${scale}× its ${size} size`;
  const rule = steerable
    ? `${describeStop(stop, goal, played, "every key finding's anytime-valid interval")} The verdict intervals below are anytime-valid, so stopping when they looked narrow enough does not inflate their error: ${methods(anytime, goal.rounds)}.`
    : `--precision cannot steer this study: it declares no key findings with intervals (Report.findings)${study(report)}, so it played its ${size} sizes once (stopped by: plan exhausted).`;
  const lost = anytime.filter((a) => !a.shown && excludes(a.finding));
  const verdicts: ReportVerdict[] = [
    { statement: `Answers to a chosen precision: ${rule}`, evidence: `${anytime.length} key findings; widest anytime-valid interval ${fmt(Math.max(0, ...anytime.map((a) => a.hi - a.lo)))}; ${round + 1} of at most ${goal.rounds} rounds; ${minutes.toFixed(1)} minutes`, strength: 'inconclusive' },
    ...(lost.length
      ? [{ statement: `${lost.length} finding${lost.length === 1 ? '' : 's'} the study's own interval shows ${lost.length === 1 ? 'is' : 'are'} not shown by the anytime-valid interval, which is the one that counts in a --precision run: read ${lost.length === 1 ? 'it' : 'them'} as inconclusive — ${lost.map((a) => a.finding.label).join('; ')}.`, evidence: lost.map((a) => `${a.finding.label}: ${fmt(a.finding.estimate)}, anytime-valid ${formatLevel(a.level)} [${fmt(a.lo)}, ${fmt(a.hi)}] holds ${fmt(a.finding.nullValue)}`).join('; '), strength: 'warning' as const }]
      : []),
  ];
  const rows = anytime.map((a) => ({
    finding: a.finding.label,
    estimate: a.finding.estimate,
    'study lo': a.finding.lo,
    'study hi': a.finding.hi,
    'study level': a.finding.level,
    'anytime lo': a.lo,
    'anytime hi': a.hi,
    'anytime level': a.level,
    'anytime interval': METHOD_NAMES[a.method],
    width: a.hi - a.lo,
    'no effect': a.finding.nullValue,
    shown: a.shown,
    n: a.finding.n,
  }));
  return {
    ...report,
    verdicts: [...verdicts.filter((v) => v.strength === 'warning'), ...report.verdicts, ...verdicts.filter((v) => v.strength !== 'warning')],
    sections: [
      {
        heading: 'Answers to a chosen precision',
        blocks: [
          { kind: 'text', text: `${rule} Round r plays every table at 2^r times its base size, adding games on fresh seeds (round r's block is seeded from the master seed and r) and never replaying the games of earlier rounds; the sizes named in the sections below are the base design's, and the sample sizes in meta.json are this run's. --minutes reads the wall clock between rounds and starts a round only if it is expected to end in time (a round plays as many games as all rounds before it, so it should take about as long as the run so far); the rounds it reaches depend on the machine: meta.json records them. Rerunning with --rounds ${round + 1} and without --minutes replays these games and gives the same study intervals${anytime.some((a) => a.method === 'betting') ? ' and the same betting confidence sequences' : ''}${anytime.some((a) => a.method === 'bonferroni') && round + 1 < goal.rounds ? `; intervals widened over rounds are then widened over ${round + 1} rounds instead of ${goal.rounds}, so they come out narrower (valid for that plan)` : ''}.` },
          ...(rows.length ? [{ kind: 'table' as const, id: 'precision-findings', title: 'Key findings: the study\'s interval and the anytime-valid one that decides', rows }] : []),
        ],
      },
      ...report.sections,
    ],
    meta: {
      ...report.meta,
      details: {
        ...report.meta.details,
        precision: { stoppedBy: stop, asked: { ...(goal.width !== undefined ? { width: goal.width } : {}), ...(goal.minutes !== undefined ? { minutes: goal.minutes } : {}) }, planRounds: goal.rounds, rounds: round + 1, scale, minutes: Number(minutes.toFixed(3)), steerable, reproduce: `--rounds ${round + 1} without --minutes: the same games and study intervals${anytime.some((a) => a.method === 'bonferroni') && round + 1 < goal.rounds ? `; widened intervals over ${round + 1} rounds, not ${goal.rounds}` : ''}` },
      },
    },
  };
}

/** Which kinds of anytime-valid interval the findings got, and why, in one sentence's worth. */
function methods(anytime: readonly AnytimeFinding[], rounds: number): string {
  const betting = anytime.filter((a) => a.method === 'betting').length;
  const widened = anytime.length - betting;
  return [
    betting ? `${betting} finding${betting === 1 ? '' : 's'} (means of bounded independent units) get the betting confidence sequence over ${betting === 1 ? 'its' : 'their'} units at ${betting === 1 ? 'its' : 'their'} tested level (Waudby-Smith & Ramdas; valid at every unit, so at any round)` : '',
    widened ? `${widened} finding${widened === 1 ? '' : 's'} (unbounded measures, or tables the study chose from its data) keep the study's interval widened from ${widened === 1 ? 'its' : 'their'} tested level to the level that holds over the plan's ${rounds} rounds (Bonferroni over looks, by Student t quantiles at n − 1 degrees of freedom)` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

function excludes(f: KeyFinding): boolean {
  return f.lo > f.nullValue || f.hi < f.nullValue;
}

function study(report: Report): string {
  return report.id ? ` (${report.id})` : '';
}

const fmt = (x: number): string => (Number.isFinite(x) ? (Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(3)) : String(x));
