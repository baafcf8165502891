/**
 * A/B test of two rule sets of one game. Both are played on common seeds (game i of
 * batch k under A and under B share a seed and seating), batch by batch, until an SPRT
 * on the first seat's share change decides (or the game budget runs out). The report
 * shows how each seat's win share, the draw rate and the game length moved, each with
 * a paired 95% interval.
 */
import type { AnyGame } from '../../core/game.js';
import { UserError } from '../../core/errors.js';
import { getGame } from '../../games/index.js';
import { runMatch } from '../../sim/runner.js';
import type { GameResolver } from '../../sim/play.js';
import type { GameRecord } from '../../sim/types.js';
import { forestPlot, type Effect } from '../charts.js';
import type { Report, ReportVerdict } from '../report-model.js';
import { sprtCalibrationNote, sprtValues, type SprtResult } from '../stats/sprt.js';
import { agentsPhrase, failedGamesVerdict, minimumDetectableEffect } from '../stats/verdict.js';
import { pairedChanges, completed, unitKey, unitsOf, type Keyed, type PairedChange } from './metrics.js';
import { fairnessMeasures } from './fairness.js';
import { mean } from '../stats/descriptive.js';
import { formatLevel, holmNote } from '../stats/multiplicity.js';
import { fullOptions } from './paths.js';
import { PrecisionClock, describeStop, type PrecisionGoal, type PrecisionStop } from '../precision.js';

export interface CompareConfig {
  readonly gameId: string;
  readonly optionsA: Readonly<Record<string, unknown>>;
  readonly optionsB: Readonly<Record<string, unknown>>;
  readonly agents: readonly string[];
  /** Most games per rule set. */
  readonly games: number;
  /** Games per batch (the SPRT is checked after each); even, for seat-swapped pairs. */
  readonly batch?: number;
  readonly seed: string | number;
  /** SPRT hypotheses on the primary measure's change B − A (default 0 and 0.05). */
  readonly h0?: number;
  readonly h1?: number;
  /** Total false-alarm rate of the two one-sided SPRTs (split evenly between them). */
  readonly alpha?: number;
  readonly beta?: number;
  /**
   * A/A calibration: B plays A's rules on independent seeds, so every "change" the
   * report shows is a false alarm; over many seeds at most 5% of reports should show one.
   */
  readonly aa?: boolean;
  /**
   * `--precision` / `--minutes`: stop when every primary interval (the changes of the bounded
   * measures — the game's fairness measures or seat shares, and the draw rate) is at most
   * that wide, or the time is up, instead of by the SPRT; every interval is then
   * anytime-valid (metrics.ts, AnytimeOptions) and the verdicts are read from them.
   */
  readonly precision?: PrecisionGoal;
}

export interface CompareRunOptions {
  readonly workers?: number;
  /** Run folder root (each batch of each rule set gets a subfolder, so runs resume). */
  readonly runDir?: string;
  readonly progress?: boolean;
  /** Tests only: a game outside the registry (in-process). */
  readonly resolveGame?: GameResolver;
  /** Tests only: the wall clock --minutes reads. */
  readonly now?: () => number;
}

export interface CompareResult {
  readonly gamesPerSide: number;
  readonly batches: number;
  /** The measure the SPRT watches: the game's first fairness measure, else the first seat's share. */
  readonly primary: string;
  /** 'raises' / 'lowers': the SPRT accepted a change of at least |h1 − h0| that way. */
  readonly sprt: { readonly decision: 'raises' | 'lowers' | 'no change' | 'undecided'; readonly up: SprtResult; readonly down: SprtResult };
  readonly changes: readonly PairedChange[];
  /** Games that threw, per rule set, with the most common error. */
  readonly failed: { readonly a: number; readonly b: number; readonly example?: string };
  /** Independent units (pairs when paired) per rule set. */
  readonly units: number;
  readonly paired: boolean;
  /** A --precision/--minutes run: the rule it stopped by, and the most batches it could look at. */
  readonly precision?: { readonly stop: PrecisionStop; readonly goal: PrecisionGoal; readonly looks: number; readonly minutes: number; readonly primary: readonly string[] };
}

/** The primary measures of a --precision compare: changes with a betting CS (bounded measures). */
function primaryChanges(changes: readonly PairedChange[]): PairedChange[] {
  return changes.filter((c) => c.anytime === 'sequence');
}

/**
 * The SPRT is run both ways on the per-unit change d of the primary measure: "B raises
 * it by h1" (on d) and "B lowers it by h1" (on −d), each at half the false-alarm budget.
 * It stops when either accepts H1, or both accept H0 (no change of that size).
 */
function decide(up: SprtResult, down: SprtResult): CompareResult['sprt']['decision'] {
  if (up.decision === 'H1') return 'raises';
  if (down.decision === 'H1') return 'lowers';
  if (up.decision === 'H0' && down.decision === 'H0') return 'no change';
  return 'undecided';
}

export async function compareRules(config: CompareConfig, opts: CompareRunOptions = {}): Promise<CompareResult> {
  const game: AnyGame = (opts.resolveGame ?? getGame)(config.gameId);
  // Validate both rule sets up front (UserError naming the field).
  fullOptions(game, config.optionsA);
  const optionsB = config.aa ? config.optionsA : config.optionsB;
  fullOptions(game, optionsB);
  // Every interval's unit is the seat-swapped pair: an odd game count would leave the last
  // batch unpaired and mix single games in among the pairs.
  if (!Number.isInteger(config.games) || config.games < 2 || config.games % 2 !== 0) throw new UserError(`--games is ${config.games}; allowed: an even integer >= 2 (games are played in seat-swapped pairs)`);
  const batch = config.batch ?? Math.min(config.games, 200);
  if (!Number.isInteger(batch) || batch < 2 || batch % 2 !== 0) throw new UserError(`batch is ${batch}; allowed: an even integer >= 2`);
  const h0 = config.h0 ?? 0;
  const h1 = config.h1 ?? 0.05;
  if (!(h1 > h0)) throw new UserError(`--h1 is ${h1}; allowed: a number greater than --h0 (${h0})`);
  // Looked at once per batch: the bounds are corrected for that batch's overshoot (sprt.ts).
  const sprtOpts = { h0, h1, alpha: (config.alpha ?? 0.05) / 2, beta: config.beta, lookEvery: Math.max(1, Math.floor(batch / 2)) };
  const primary = fairnessMeasures(config.gameId)?.[0] ?? { label: 'seat 1 win share (first seat)', scale: 'share' as const, value: (r: GameRecord) => r.returns[0] ?? NaN };
  const span = primary.scale === 'difference' ? 2 : 1;
  // The SPRT's hypotheses are changes of the primary measure, which lie strictly within
  // ±span: checked here, before the first batch writes its run folder.
  for (const [flag, x] of [['--h0', h0], ['--h1', h1]] as const) {
    if (!(x > -span && x < span)) throw new UserError(`${flag} is ${x}; allowed: a change of ${primary.label} strictly between ${-span} and ${span}`);
  }
  const a: Keyed[] = [];
  const b: Keyed[] = [];
  let k = 0;
  let up: SprtResult | undefined;
  let down: SprtResult | undefined;
  let paired = true;
  const clock = config.precision ? new PrecisionClock(config.precision, opts.now) : undefined;
  const looks = Math.ceil(config.games / batch);
  const anytime = clock ? { looks } : undefined;
  let stop: PrecisionStop | null = null;
  while (a.length < config.games) {
    const n = Math.min(batch, config.games - a.length);
    paired &&= n % 2 === 0;
    const play = async (side: 'a' | 'b', options: Readonly<Record<string, unknown>>): Promise<GameRecord[]> =>
      (
        await runMatch(
          {
            gameId: config.gameId,
            options,
            agents: config.agents,
            games: n,
            // A/A: B's seeds are independent of A's, so nothing is shared but the rules.
            seed: `${String(config.seed)}/batch-${k}${config.aa && side === 'b' ? '/aa' : ''}`,
            paired: n % 2 === 0,
            leadChanges: true,
          },
          {
            workers: opts.resolveGame ? 1 : opts.workers,
            ...(opts.runDir ? { runsDir: opts.runDir, runName: `${side}-batch-${k}` } : {}),
            progress: opts.progress,
            label: `${side.toUpperCase()} batch ${k + 1}`,
            resolveGame: opts.resolveGame,
          },
        )
      ).records;
    const batchKey = k;
    a.push(...(await play('a', config.optionsA)).map((record) => ({ key: unitKey(batchKey, record), record })));
    b.push(...(await play('b', optionsB)).map((record) => ({ key: unitKey(batchKey, record), record })));
    k++;
    const d = unitDiffs(a, b, primary.value, !config.aa);
    up = sprtValues(d, sprtOpts, -span, span);
    down = sprtValues(d.map((x) => -x), sprtOpts, -span, span);
    if (clock) {
      const primaries = primaryChanges(pairedChanges(config.gameId, a, b, { matchSeeds: !config.aa, anytime }));
      const widest = Math.max(...primaries.map((c) => (Number.isFinite(c.hi - c.lo) ? c.hi - c.lo : Infinity)));
      stop = clock.stop(widest, a.length < config.games);
      if (stop !== null) break;
    } else if (decide(up, down) !== 'undecided') break;
  }
  const failures = [...a, ...b].map((x) => x.record).filter((r) => !completed(r));
  const changes = pairedChanges(config.gameId, a, b, { matchSeeds: !config.aa, ...(anytime ? { anytime } : {}) });
  return {
    gamesPerSide: a.length,
    batches: k,
    primary: primary.label,
    sprt: { decision: decide(up!, down!), up: up!, down: down! },
    changes,
    failed: {
      a: a.filter((x) => !completed(x.record)).length,
      b: b.filter((x) => !completed(x.record)).length,
      ...(failures.length ? { example: mostCommon(failures.map((r) => r.error ?? 'no returns')) } : {}),
    },
    units: Math.max(0, ...changes.map((c) => c.n)),
    paired,
    ...(clock && config.precision ? { precision: { stop: stop ?? 'plan exhausted', goal: config.precision, looks, minutes: clock.elapsedMinutes(), primary: primaryChanges(changes).map((c) => c.label) } } : {}),
  };
}

function mostCommon(xs: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts].sort((p, q) => q[1] - p[1])[0]![0];
}

/** Per-unit B − A changes of one measure over the units both runs completed. */
function unitDiffs(a: readonly Keyed[], b: readonly Keyed[], value: (r: GameRecord) => number, matchSeeds: boolean): number[] {
  const ub = unitsOf(b);
  const out: number[] = [];
  for (const [key, ga] of unitsOf(a)) {
    const gb = ub.get(key);
    if (!gb || (matchSeeds && gb[0]!.seed !== ga[0]!.seed)) continue;
    const d = mean(gb.map(value)) - mean(ga.map(value));
    if (!Number.isNaN(d)) out.push(d);
  }
  return out;
}

const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : String(x));

/** The A/B report: verdicts per measure, a forest plot of changes, the table. */
export function compareReport(
  config: CompareConfig,
  result: CompareResult,
  meta: { id: string; command: string; labelA?: string; labelB?: string },
): Report {
  const la = meta.labelA ?? 'A';
  const lb = meta.labelB ?? (config.aa ? "A' (A's rules, independent seeds)" : 'B');
  const play = agentsPhrase(config.agents);
  const family = result.changes.length;
  const unitName = result.paired ? 'seat-swapped pairs' : 'games';
  const verdicts: ReportVerdict[] = [];
  const failed = result.failed.a + result.failed.b;
  if (failed > 0) verdicts.push(failedGamesVerdict(failed, 2 * result.gamesPerSide, result.failed.example));
  for (const c of result.changes) {
    const digits = c.scale === 'length' || c.scale === 'count' ? 1 : 3;
    // The smallest change this sample finds 80% of the time at its Holm level: an inconclusive line says it.
    const mde = minimumDetectableEffect(c);
    const estimable = Number.isFinite(c.lo) && Number.isFinite(c.hi);
    const evidence = estimable
      ? `change ${f(c.diff, digits)} (${formatLevel(c.level)} ${c.anytime === 'sequence' ? 'anytime-valid interval (betting confidence sequence)' : c.anytime === 'looks' ? `interval valid over the run's ${result.precision?.looks ?? ''} looks` : 'CI'} ${f(c.lo, digits)} to ${f(c.hi, digits)}, Holm-corrected over ${family} measures; n = ${c.n} ${unitName}, ${c.games} games per rule set; MDE ${f(mde, digits)} at 80% power)`
      : `change ${f(c.diff, digits)} (interval not estimable: every unit's change is the same, so the units show no spread; n = ${c.n} ${unitName}, ${c.games} games per rule set)`;
    const by = `${f(Math.abs(c.diff), digits)}${c.scale === 'length' ? ' decisions' : ''}`;
    verdicts.push(
      c.supported
        ? { statement: `${cap(c.label)} is ${c.diff > 0 ? 'higher' : 'lower'} under ${lb} than under ${la} (by ${by}), ${play}.`, evidence, strength: 'supported' }
        : { statement: estimable ? `${cap(c.label)}: no change larger than ${f(mde, digits)} shown between ${la} and ${lb} (one that large would be found 80% of the time at this sample size), ${play}.` : `${cap(c.label)}: no change shown between ${la} and ${lb}, and none can be measured here (every unit the same), ${play}.`, evidence, strength: 'inconclusive' },
    );
  }
  const sprt = result.sprt;
  const sprtText =
    sprt.decision === 'undecided'
      ? `The SPRT on the change of ${result.primary} (H0 ${sprt.up.h0} vs H1 ±${sprt.up.h1}, per ${result.paired ? 'pair' : 'game'}) had not decided after ${result.gamesPerSide} games per rule set.`
      : `The SPRT on the change of ${result.primary} (H0 ${sprt.up.h0} vs H1 ±${sprt.up.h1}, per ${result.paired ? 'pair' : 'game'}) stopped after ${result.gamesPerSide} games per rule set: ${lb} ${sprt.decision === 'no change' ? 'does not change it by that much' : sprt.decision + ' it'}.`;
  const pr = result.precision;
  const precisionText = pr
    ? `${describeStop(pr.stop, pr.goal, `${result.gamesPerSide} games per rule set in ${result.batches} batches (${result.units} ${result.paired ? 'pairs' : 'games'})`)} Every interval here is anytime-valid, so stopping on what the batches showed does not inflate the error: the primary measures (${pr.primary.join('; ')}) — the ones the width applies to — by a betting confidence sequence over their per-${result.paired ? 'pair' : 'game'} changes (Waudby-Smith & Ramdas), the others at the level that holds over the run's at most ${pr.looks} looks (Bonferroni over batches); Holm over all ${family} measures. The SPRT was not used to stop. Batch k is seeded from (seed, k), so the same seed and --precision give the same games; --minutes makes the count depend on the machine, and meta.json records it (rerun with --games ${result.gamesPerSide} and without --minutes to reproduce).`
    : '';
  const sprtRates = ` Nominal α ${config.alpha ?? 0.05} (half each way), β ${config.beta ?? 0.05}; ${sprtCalibrationNote()}.`;
  const toEffect = (c: PairedChange): Effect => ({ label: c.label, estimate: c.diff, lo: c.lo, hi: c.hi, n: c.n });
  const shares = result.changes.filter((c) => c.scale === 'share' || c.scale === 'difference');
  const lengths = result.changes.filter((c) => c.scale === 'length');
  // Lead changes exist only when the game has an evaluation (the runner counts them).
  const leads = result.changes.filter((c) => c.scale === 'count');
  const calibration = config.aa
    ? `A/A calibration: both sides play the same rules; ${lb} uses seeds independent of A's, so any "supported" change below is a false alarm. Over many seeds at most 5% of such reports should show one.\n\n`
    : '';
  return {
    id: meta.id,
    title: config.aa ? `${config.gameId}: A/A calibration of compare` : `${config.gameId}: house rules ${la} vs ${lb}`,
    gameId: config.gameId,
    question: config.aa
      ? `Does compare stay quiet when nothing changed (same rules, independent seeds)?`
      : `Does changing the rules from ${la} to ${lb} make ${config.gameId} fairer, drawier or longer?`,
    verdicts,
    sections: [
      {
        heading: 'What moved',
        blocks: [
          {
            kind: 'text',
            text: `${calibration}${la}: ${JSON.stringify(config.optionsA)}\n\n${config.aa ? lb : `${lb}: ${JSON.stringify(config.optionsB)}`}\n\nPlay: ${play}. The unit is the ${result.paired ? 'pair of games on one seed with seats swapped (its two games are often the same game, so they count once)' : 'game'}: ${result.units} units per rule set. ${holmNote(family, 'measures')}\n\n${pr ? precisionText : sprtText + sprtRates}`,
          },
          {
            kind: 'chart',
            id: 'share-changes',
            title: 'Change in fairness measures and draw rate',
            caption: `Each row is ${lb} − ${la} over seed-matched ${unitName} with its Holm-corrected interval; a row whose interval crosses zero shows no change.`,
            spec: forestPlot(shares.map(toEffect), { title: `Change from ${la} to ${lb}`, xTitle: 'change in share (B − A, 0–1 scale)' }),
          },
          {
            kind: 'chart',
            id: 'length-change',
            title: 'Change in game length',
            spec: forestPlot(lengths.map(toEffect), { title: 'Change in game length', xTitle: 'change in length (B − A, decisions)' }),
          },
          ...(leads.length === 0
            ? []
            : [
                {
                  kind: 'chart' as const,
                  id: 'lead-changes',
                  title: 'Change in lead changes',
                  caption: "How often the leader by the game's own evaluation changes hands in a game: more lead changes mean a less predictable, more dramatic game.",
                  spec: forestPlot(leads.map(toEffect), { title: 'Change in lead changes', xTitle: 'change in lead changes per game (B − A)' }),
                },
              ]),
          {
            kind: 'table',
            id: 'changes',
            title: 'Each measure under A and B, with the paired change',
            caption: 'lo/hi: the interval at "level" (95% corrected by Holm for the number of measures); units: independent units behind it.',
            rows: result.changes.map((c) => ({ measure: c.label, A: c.a, B: c.b, change: c.diff, lo: c.lo, hi: c.hi, level: c.level, supported: c.supported, units: c.n, games: c.games })),
          },
        ],
      },
    ],
    meta: {
      command: meta.command,
      seed: config.seed,
      sampleSizes: { 'games per rule set': result.gamesPerSide, [result.paired ? 'pairs per rule set' : 'units per rule set']: result.units, batches: result.batches, 'failed games': failed },
      details: {
        agents: config.agents, optionsA: config.optionsA, optionsB: config.aa ? config.optionsA : config.optionsB, aa: config.aa ?? false, sprt: pr ? 'not used (--precision)' : result.sprt.decision, measuresTested: family,
        ...(pr ? { precision: { stoppedBy: pr.stop, asked: pr.goal, gamesPerSide: result.gamesPerSide, batches: result.batches, units: result.units, mostLooks: pr.looks, minutes: Number(pr.minutes.toFixed(3)), primary: pr.primary } } : {}),
      },
    },
  };
}

const f = (x: number, digits: number): string => (Number.isFinite(x) ? (Math.abs(x) < 0.5 * 10 ** -digits ? 0 : x).toFixed(digits) : String(x));
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
