/**
 * The "longer games tend to be more fair" verdicts of dark-hero-house-rules, from the
 * records of one table per turn count (game i of every table shares its seed).
 *
 * The rule book's claim is about the whole response curve, so the verdict describes it:
 * the turn count with the smallest underdog gap (|gap| closest to 0) is found, and the
 * shortest and the longest setting are each compared with it, game by game. Which of
 * those two comparisons holds decides the wording (fairer up to a peak, fairer all the
 * way, not fairer, nothing shown).
 *
 * Selection correction. The best turn count is picked from the same data its two
 * comparisons are tested on, so a plain 95% test of them would be biased toward "shown".
 * Every comparison the selection could have led to is in one family: the shortest
 * setting against each other one and the longest against each other one, 2(K − 1) − 1
 * distinct comparisons for K turn counts (11 for 6, 9, …, 24). The two comparisons of
 * the selected count are tested at the Bonferroni level 1 − α/11: whichever count the
 * data select, the chance that either of its claims is false is at most the chance that
 * any of the 11 is, at most α (the union bound). Chosen over splitting the games into a
 * selection half and a test half: the split halves both the data the best count is
 * picked on and the data it is tested on (a comparable loss of power: the Bonferroni
 * interval is about 1.45x as wide as a 95% one, the split's 1.41x), and its answer
 * would depend on an arbitrary split; here every game counts in the curve, the choice
 * and the tests. Holm does not apply: only the two selected comparisons are tested.
 *
 * A comparison counts as "fairer at the best count than at x" only when the gap moved
 * toward 0 from x's side: gap(x) − gap(best) excludes 0 with the sign of gap(x).
 *
 * Games where everyone loses score a gap of 0, the same as a perfectly fair game; their
 * share is a curve of its own with its own verdict, so a gap that "improves" only
 * because more games end with nobody winning is named for what it is.
 */
import type { ReportVerdict } from '../../src/analysis/report-model.js';
import { formatLevel } from '../../src/analysis/stats/multiplicity.js';
import { mdeText, noLargerShown } from '../../src/analysis/stats/verdict.js';
import type { GameRecord } from '../../src/sim/types.js';
import { allLost, fmt, interval, pairedByGame, r3, underdogGap } from './measures.js';
import type { MeanInterval } from '../../src/analysis/stats/descriptive.js';

/** One point of a response curve (the responseCurve chart's input). */
export interface CurvePoint {
  readonly x: number;
  readonly value: number;
  readonly lo: number;
  readonly hi: number;
  readonly n: number;
  readonly series?: string;
}

export interface TurnCountVerdicts {
  /** Underdog gap per turn count (95% t intervals over games). */
  readonly curve: readonly CurvePoint[];
  /** Share of games everyone loses per turn count. */
  readonly lossCurve: readonly CurvePoint[];
  /** The turn count with the smallest |gap|. */
  readonly best: CurvePoint;
  /** Comparisons in the selection family, and the level each selected one is tested at. */
  readonly family: number;
  readonly level: number;
  /** gap(shortest) − gap(best) and gap(longest) − gap(best) at `level` (absent when best is that end). */
  readonly rising?: MeanInterval;
  readonly falling?: MeanInterval;
  /** The curve verdict, the everyone-loses verdict and the tuning verdict, in that order. */
  readonly verdicts: readonly ReportVerdict[];
}

const fmtSigned = (x: number): string => (Math.abs(x) < 0.0005 ? '0.000' : x.toFixed(3));
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** Distinct comparisons "shortest or longest against another count" for K counts. */
export function selectionFamily(k: number): number {
  return Math.max(1, 2 * (k - 1) - 1);
}

/**
 * The turn-count verdicts. `byTurns` holds each turn count's records (same seeds at
 * every count); `turns` lists the counts in increasing order; `playedBy` names the agents
 * ("played by "heuristic" in every seat"); `defaultTurns` is the rule book's count.
 */
export function turnCountVerdicts(
  byTurns: ReadonlyMap<number, readonly GameRecord[]>,
  turns: readonly number[],
  playedBy: string,
  defaultTurns: number,
  alpha = 0.05,
): TurnCountVerdicts {
  const runs = (t: number) => byTurns.get(t)!;
  const curve = turns.map((x) => {
    const m = interval(runs(x).map(underdogGap));
    return { x, value: m.mean, lo: m.lo, hi: m.hi, n: m.n };
  });
  const lossCurve = turns.map((x) => {
    const m = interval(runs(x).map(allLost));
    return { x, value: m.mean, lo: m.lo, hi: m.hi, n: m.n, series: 'everyone loses' };
  });
  // The first of equally small gaps (the shorter game) is the best.
  const best = curve.reduce((b, p) => (Math.abs(p.value) < Math.abs(b.value) ? p : b));
  const first = turns[0]!;
  const last = turns[turns.length - 1]!;
  const family = selectionFamily(turns.length);
  const level = 1 - alpha / family;
  const at = (x: number) => curve.find((p) => p.x === x)!;
  const rising = best.x === first ? undefined : pairedByGame(runs(first), runs(best.x), underdogGap, level);
  const falling = best.x === last ? undefined : pairedByGame(runs(last), runs(best.x), underdogGap, level);
  // Fairer at best than at x: the gap moved toward 0 from x's side.
  const fairerThan = (x: number, d: MeanInterval | undefined) => d !== undefined && (at(x).value >= 0 ? d.lo > 0 : d.hi < 0);
  const up = fairerThan(first, rising);
  const down = fairerThan(last, falling);
  const shape = curve.map((p) => `${p.x}: ${fmtSigned(p.value)}`).join(', ');
  const curveStatement =
    up && down
      ? `Longer games are fairer to the underdog only up to about ${best.x} turns: the underdog gap shrinks from ${first} to ${best.x} turns and grows again toward ${last}, so the rule book's "longer games tend to be more fair" holds only over part of the range.`
      : up
        ? best.x === last
          ? `Longer games are fairer to the underdog: the underdog gap is smallest at ${last} turns, the longest setting tried, and smaller there than at ${first}.`
          : `Longer games are fairer to the underdog from ${first} up to ${best.x} turns (the smallest gap); beyond that no further change is shown.`
        : down
          ? `Longer games are not fairer: the underdog gap is smallest at ${best.x} turns and grows toward ${last} turns.`
          : `The data do not show the underdog gap changing with the number of turns (${first}–${last}); the rule book's "longer games tend to be more fair" is neither shown nor refuted here.`;
  const levelText = `${formatLevel(level)} t intervals: Bonferroni over the ${family} comparisons of the shortest or longest setting with another that picking the best count from the data could lead to`;
  // What the curve verdict could have missed: the paired comparisons it ran, at their Bonferroni level.
  const compared = [...(rising ? [{ name: `${first} vs ${best.x} turns`, d: rising }] : []), ...(falling ? [{ name: `${last} vs ${best.x} turns`, d: falling }] : [])];
  const curveMde = compared.length ? compared.map((c) => `${c.name} ${mdeText({ ...c.d, level })}`).join(', ') : 'no MDE: one turn count, no comparison';
  const widest = compared.length ? compared.reduce((a, c) => (c.d.hi - c.d.lo > a.d.hi - a.d.lo ? c : a)) : undefined;
  const verdicts: ReportVerdict[] = [];
  verdicts.push({
    statement: `${curveStatement}${!(up || down) && widest ? ` In the underdog gap, ${noLargerShown({ ...widest.d, level }, 'change')} — the least sensitive of the comparisons run.` : ''} (4 heroes, ${playedBy}.)`,
    evidence: `underdog gap by turns — ${shape}; smallest at ${best.x} turns ${r3(best.value)} [${r3(best.lo)}, ${r3(best.hi)}] (95%)${rising ? `; ${first} minus ${best.x} turns ${fmt(rising)}` : ''}${falling ? `; ${last} minus ${best.x} turns ${fmt(falling)}` : ''} (paired by seed; ${levelText}); ${curveMde}`,
    strength: up || down ? 'supported' : 'inconclusive',
  });

  const lostShort = lossCurve[0]!;
  const lostLong = lossCurve[lossCurve.length - 1]!;
  const lostChange = pairedByGame(runs(last), runs(first), allLost);
  const lostShown = lostChange.lo > 0 || lostChange.hi < 0;
  verdicts.push({
    statement: lostShown
      ? `Games that everyone loses ${lostChange.mean > 0 ? 'become more common' : 'become rarer'} as games get longer (${pct(lostShort.value)} at ${first} turns, ${pct(lostLong.value)} at ${last}); the underdog gap scores them as "fair" (0), so the gap alone flatters ${lostChange.mean > 0 ? 'long' : 'short'} games. (${playedBy}.)`
      : `Games that everyone loses: ${pct(lostShort.value)} at ${first} turns, ${pct(lostLong.value)} at ${last}; no change with length is shown: ${noLargerShown(lostChange, 'change in that share')}. The underdog gap scores them as 0. (${playedBy}.)`,
    evidence: `everyone-loses share by turns — ${lossCurve.map((p) => `${p.x}: ${pct(p.value)}`).join(', ')}; ${last} minus ${first} turns ${fmt(lostChange)} (paired by seed, 95% t interval; ${mdeText(lostChange)})`,
    strength: lostShown ? 'supported' : 'inconclusive',
  });

  // Tune: settings whose 95% interval overlaps the best one's are "as good".
  const asGood = curve.filter((p) => !(p.lo > Math.max(best.hi, 0) || p.hi < Math.min(best.lo, 0))).map((p) => p.x);
  const atDefault = curve.find((p) => p.x === defaultTurns);
  verdicts.push({
    statement: `Tuning the turn count for fairness: ${best.x} turns gives the smallest underdog gap; ${asGood.length > 1 ? `${asGood.join(', ')} turns are not distinguishable from it at this sample size` : 'no other setting comes close'}, ${playedBy}.`,
    evidence: `gap at ${best.x} turns ${r3(best.value)} [${r3(best.lo)}, ${r3(best.hi)}] n=${best.n}${atDefault ? `; at ${defaultTurns} turns ${r3(atDefault.value)}` : ''}; "not distinguishable" = 95% intervals overlapping; ${compared.length ? `paired differences from the best: ${curveMde}` : curveMde}`,
    strength: 'inconclusive',
  });
  return { curve, lossCurve, best, family, level, ...(rising ? { rising } : {}), ...(falling ? { falling } : {}), verdicts };
}
