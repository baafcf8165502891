/**
 * ophidian-flow: does winning the first Flow decide the match, and how do matches run?
 *
 * Design: deck matchups (quick: the five hand-made decks in a round robin; full: every ready
 * deck against a seeded sample of opponents), each in both seat orders on common seeds. Game i
 * of (A, B) and of (B, A) share their seed and so the d6 for the first Flow (3.1): the same
 * seat wins it, so the Flow goes to A in one game and to B in the other — the unit's
 * first-Flow score (the Flow holder's mean return over the two games) cancels the decks'
 * strength. Then, from the game tags: VP and Cheer after each Wave of the eventual winner and
 * loser, how matches end (Annihilation, Points after Wave 4 or 12 VP at once, Crowd Riot,
 * elimination Waves, a draw at the Wave cap), length in Waves and decisions, and the quality
 * panel (src/analysis/stats/quality.ts).
 */
import { forestPlot, lengthHistogram } from '../../src/analysis/charts.js';
import type { Report, ReportVerdict, VegaLiteSpec } from '../../src/analysis/report-model.js';
import { qualityPanel } from '../../src/analysis/stats/quality.js';
import { unitShareInterval } from '../../src/analysis/stats/paired.js';
import { tInterval } from '../../src/analysis/stats/descriptive.js';
import { holm, holmNote } from '../../src/analysis/stats/multiplicity.js';
import { mdeText, noLargerShown } from '../../src/analysis/stats/verdict.js';
import type { GameRecord } from '../../src/core/record.js';
import { GAME_ID, OPH_AGENTS, OPH_CONTENT, ci, fmt, inBatches, meanCi, playMatchup, r3, seededSample, userContent, type MatchupUnit, type OphidianStudyContext } from './common.js';
import { describeAgents, studyAgents, type Study } from '../study.js';
import { flowFindings } from './findings.js';

/** How a match ended, in the rulebook's words (4.2), from tags.endReason. */
export const END_NAMES: Readonly<Record<string, string>> = {
  annihilation: 'Annihilation',
  'twelve-vp': 'Points: 12 VP at once',
  points: 'Points: most VP after Wave 4',
  riot: 'Crowd Riot (15 Cheer)',
  elimination: 'elimination Waves (a tie after Wave 4)',
  'wave-cap': 'draw after Wave 8',
};

/** Games that are one observation: a seat-swapped unit, or every game on one seed. */
export interface GameUnit {
  readonly games: readonly GameRecord[];
}

/**
 * The independent units of the study: every game on one seed. Every table draws game i's
 * seed from the master seed and i alone, so game i of every matchup (and both seat orders)
 * share their dice — the d6 for the first Flow among them: 60 games from 3 seeds are 3
 * units, not 30 (issue #28). Units in play order (by their games' index): a --precision
 * round's seeds come after the rounds before it, so the findings' units (KeyFinding.units)
 * grow as one sequence and the betting confidence sequence over them holds at every round.
 */
export function seedUnits(units: readonly MatchupUnit[]): GameUnit[] {
  const bySeed = new Map<number, GameRecord[]>();
  for (const u of units)
    for (const g of u.games) {
      const xs = bySeed.get(g.seed);
      if (xs) xs.push(g);
      else bySeed.set(g.seed, [g]);
    }
  const first = (games: readonly GameRecord[]): number => Math.min(...games.map((g) => g.index));
  return [...bySeed.values()].sort((a, b) => first(a) - first(b) || a[0]!.seed - b[0]!.seed).map((games) => ({ games }));
}

/** First-Flow score of a unit: the mean return of whoever held the first Flow in its games. */
export function firstFlowScores(units: readonly GameUnit[]): number[] {
  const out: number[] = [];
  for (const u of units) {
    const xs = u.games.filter((g) => typeof g.tags['firstFlow'] === 'number' && g.returns.length === 2).map((g) => g.returns[g.tags['firstFlow'] as number]!);
    if (xs.length) out.push(xs.reduce((a, b) => a + b, 0) / xs.length);
  }
  return out;
}

/** The first-Flow verdict: supported only when the interval excludes 0.5. */
export function firstFlowVerdict(scores: readonly number[], play: string): ReportVerdict {
  const x = unitShareInterval(scores);
  const ev = `the first-Flow holder's share ${ci({ ...x, n: scores.length }, 'seeds')} (each seed: every matchup's games on it in both seat orders, so the Flow went to each deck once); ${mdeText(x)}`;
  if (x.lo > 0.5) return { statement: `Winning the first Flow is an advantage: its holder wins ${fmt(x.mean)} of matches, ${play}.`, evidence: ev, strength: 'supported' };
  if (x.hi < 0.5) return { statement: `Winning the first Flow is a disadvantage: its holder wins only ${fmt(x.mean)} of matches, ${play}.`, evidence: ev, strength: 'supported' };
  return { statement: `The first Flow is not shown to decide matches: its holder wins ${fmt(x.mean)}, an interval that includes a fair 0.5; ${noLargerShown(x, 'advantage')}, ${play}.`, evidence: ev, strength: 'inconclusive' };
}

/**
 * VP then Cheer per seat after each finished Wave. The engine logs a Wave at its Breather; a
 * match decided when a Wave ends (Points after Wave 4, elimination Waves, the Wave-8 draw)
 * has no Breather after its last Wave, whose figures are the final tags.
 */
export function waveLog(g: GameRecord): number[] {
  const log = [...((g.tags['waves'] as number[] | undefined) ?? [])];
  const reason = g.tags['endReason'];
  const vp = g.tags['vp'] as number[];
  const atWaveEnd = reason === 'elimination' || reason === 'wave-cap' || reason === 'points';
  if (atWaveEnd && log.length / 4 < (g.tags['turns'] as number)) log.push(...vp, ...(g.tags['cheer'] as number[]));
  return log;
}

export function ophidianFlow(): Study {
  const study: Study = {
    name: 'ophidian-flow',
    power: {
      measure: "the first-Flow holder's win share, the seed as unit (95%)",
      unit: 'share',
      primary: (f) => f.id === 'first-flow',
      fullSize: '10 seeds',
      full: { median: 0.043, how: 'measured on the --full run (seed 1): 0.539 [0.509, 0.569]' },
      fullMinutes: { minutes: 0.15 },
    },
    gameId: GAME_ID,
    title: 'Ophidian: does the first Flow decide the match, and how do matches end?',
    question: 'Does the player who wins the first Flow win more often? How do VP and Cheer build Wave by Wave, how do matches end, and how long do they last?',
    ...OPH_AGENTS,
    ...OPH_CONTENT,
    async run(ctx: OphidianStudyContext): Promise<Report> {
      const user = userContent(ctx);
      const spec = studyAgents(study, ctx)[0]!;
      const play = `played by ${describeAgents(study, ctx)}`;
      const handMade = ['abe', 'betty', 'war-machine', 'mind-gate', 'plague-temple'];
      const decks = ctx.full ? [...user.content.decks.keys()] : [...handMade, ...user.deckIds];
      const perOrder = ctx.full ? 10 : 3;
      const pairs: [string, string][] = [];
      for (let i = 0; i < decks.length; i++) {
        const opps = ctx.full ? seededSample(decks.filter((d) => d !== decks[i]), 4, `${String(ctx.seed)}:flow:${decks[i]}`) : decks.slice(i + 1);
        for (const o of opps) if (!pairs.some(([a, b]) => (a === o && b === decks[i]) || (a === decks[i] && b === o))) pairs.push([decks[i]!, o]);
      }
      const matchupUnits: MatchupUnit[] = (await inBatches(pairs.map(([a, b]) => () => playMatchup(ctx, 'f', a, b, perOrder, [spec, spec], user.options)), 4)).flat();
      const games: GameRecord[] = matchupUnits.flatMap((u) => u.games);
      // The unit of every interval below: the seed (see seedUnits).
      const units = seedUnits(matchupUnits);
      const done = games.filter((g) => g.returns.length > 0);
      const logOf = new Map(done.map((g) => [g, waveLog(g)]));

      const ff = firstFlowScores(units);
      const ffVerdict = firstFlowVerdict(ff, play);
      const ffCi = { ...unitShareInterval(ff), n: ff.length };

      // Wave by Wave: VP and Cheer after each finished Wave, of the eventual winner and loser (draws left out).
      const maxWave = Math.max(1, ...done.map((g) => logOf.get(g)!.length / 4));
      const waveRows: { wave: number; side: string; measure: string; mean: number; lo: number; hi: number; n: number; games: number }[] = [];
      for (let w = 0; w < maxWave; w++)
        for (const [side, pick] of [['winner', 1], ['loser', 0]] as const)
          for (const [measure, off] of [['VP', 0], ['Cheer', 2]] as const) {
            // One value per seed: the mean over its games that reached the Wave.
            const xs: number[] = [];
            let games = 0;
            for (const u of units) {
              const ys: number[] = [];
              for (const g of u.games) {
                const log = logOf.get(g);
                if (!log || log.length < (w + 1) * 4 || g.returns[0] === g.returns[1]) continue;
                const seat = g.returns[0] === pick ? 0 : 1;
                ys.push(log[w * 4 + off + seat]!);
              }
              if (ys.length === 0) continue;
              games += ys.length;
              xs.push(ys.reduce((a, b) => a + b, 0) / ys.length);
            }
            if (xs.length === 0) continue;
            const t = tInterval(xs, 0.95, { min: 0, max: Infinity });
            waveRows.push({ wave: w + 1, side, measure, mean: t.mean, lo: t.lo, hi: t.hi, n: xs.length, games });
          }
      const stillOn = Array.from({ length: maxWave + 1 }, (_, w) => done.filter((g) => (g.tags['turns'] as number) > w).length);

      // How matches end: a share per reason over seeds (the games on a seed share their dice).
      const ends = endingShares(units);
      const top = ends.length > 0;
      const panel = qualityPanel(games, { hitCap: (r) => r.tags['endReason'] === 'wave-cap', unitOf: (r) => `s${r.seed}` });
      const waves = done.map((g) => g.tags['turns'] as number);
      // The mean length in Waves over seeds (Waves run 1 to 8).
      const waveCi = { ...tInterval(units.map((u) => u.games.reduce((a, g) => a + (g.tags['turns'] as number), 0) / u.games.length), 0.95, { min: 1, max: 8 }), n: units.length };

      // Does the player ahead after a Wave win? (2 × VP + Cheer; ties and drawn matches left out.)
      // The unit is the seed (its games share their dice): the seed's share of its games with
      // a leader that the leader won; t interval over seeds, Holm over Waves 1–3.
      const leadRows = [1, 2, 3].map((w) => {
        let won = 0;
        let n = 0;
        const perUnit: number[] = [];
        for (const u of units) {
          const xs: number[] = [];
          for (const g of u.games) {
            const log = logOf.get(g);
            if (!log || log.length < w * 4 || g.returns[0] === g.returns[1]) continue;
            const score = (s: number) => log[(w - 1) * 4 + s]! * 2 + log[(w - 1) * 4 + 2 + s]!;
            if (score(0) === score(1)) continue;
            const leader = score(0) > score(1) ? 0 : 1;
            xs.push(g.returns[leader] === 1 ? 1 : 0);
          }
          if (xs.length === 0) continue;
          n += xs.length;
          won += xs.reduce((a, b) => a + b, 0);
          perUnit.push(xs.reduce((a, b) => a + b, 0) / xs.length);
        }
        return { wave: w, won, n, perUnit };
      });
      const leadTests = holm(leadRows.filter((r) => r.n > 0), (r) => Math.abs(r.won / r.n - 0.5) * Math.sqrt(r.perUnit.length), (r, level) => {
        const t = unitShareInterval(r.perUnit, level);
        return t.lo > 0.5 || t.hi < 0.5;
      });
      const leadShown = leadRows.filter((r) => r.n > 0);

      const verdicts: ReportVerdict[] = [ffVerdict];
      if (top) verdicts.push(endingVerdict(ends, units.length, play, 'seeds'));
      // The mean length is a description, not a test (no null value to reject): it is stated in
      // the length section below, never as a 'supported' verdict.
      const lengthText = `A match lasts ${fmt(waveCi.mean, 2)} Waves on average [${fmt(waveCi.lo, 2)}, ${fmt(waveCi.hi, 2)}] (95% t interval over ${waveCi.n} seeds), ${fmt(panel.duration.mean, 0)} decisions (median ${fmt(panel.duration.median, 0)}; 10%–90% of games: ${fmt(panel.duration.q10, 0)}–${fmt(panel.duration.q90, 0)}), n=${done.length} games, ${play}. A description of these games, not a tested claim.`;
      leadShown.forEach((r, i) => {
        const t = unitShareInterval(r.perUnit, leadTests[i]!.level);
        const w = { p: t.mean, lo: t.lo, hi: t.hi };
        if (leadTests[i]!.rejected)
          verdicts.push({
            statement: `The player ahead after Wave ${r.wave} (2 × VP + Cheer) ${w.p > 0.5 ? 'goes on to win' : 'usually loses'}: ${fmt(w.p)} of matches, ${play}.`,
            evidence: `${fmt(w.p)} [${fmt(w.lo)}, ${fmt(w.hi)}] over ${r.perUnit.length} seeds (${r.won} of ${r.n} games with a leader) at ${(leadTests[i]!.level * 100).toFixed(2)}%; ${holmNote(leadShown.length, 'Waves')}`,
            strength: 'supported',
          });
      });

      const waveChart: VegaLiteSpec = {
        $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
        title: { text: 'VP and Cheer after each Wave, eventual winner and loser', subtitle: 'means with 95% t intervals over seeds; n = seeds with a game that reached the end of that Wave' },
        data: { values: waveRows.map((r) => ({ ...r, mean: r3(r.mean), lo: r3(r.lo), hi: r3(r.hi) })) },
        facet: { column: { field: 'measure', type: 'nominal', title: null } },
        spec: {
          width: 240,
          height: 200,
          layer: [
            { mark: { type: 'line', point: true }, encoding: { x: { field: 'wave', type: 'ordinal', title: 'end of Wave' }, y: { field: 'mean', type: 'quantitative', title: 'points (VP or Cheer)' }, color: { field: 'side', type: 'nominal', title: 'player' }, tooltip: [{ field: 'side' }, { field: 'wave' }, { field: 'mean', format: '.2f' }, { field: 'lo', format: '.2f' }, { field: 'hi', format: '.2f' }, { field: 'n' }] } },
            { mark: { type: 'rule' }, encoding: { x: { field: 'wave', type: 'ordinal' }, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, color: { field: 'side', type: 'nominal' } } },
          ],
        },
        resolve: { scale: { y: 'independent' } },
      };
      return {
        id: 'ophidian-flow',
        title: study.title,
        gameId: GAME_ID,
        question: study.question,
        verdicts,
        findings: flowFindings(ff, leadShown, leadTests.map((t) => t.level)),
        sections: [
          {
            heading: 'Method',
            blocks: [
              {
                kind: 'text',
                text: `${decks.length} ready decks, ${pairs.length} matchups${ctx.full ? ' (each deck against four seeded opponents)' : ' (a round robin)'}, ${perOrder} games in each seat order on common seeds: ${games.length} games, ${play}. The first Flow is the d6 of setup (3.1); game i of both seat orders shares its seed and so that roll, hence the Flow goes to each deck once per seat-swapped pair and deck strength cancels. The unit of every interval is the seed: game i of every matchup is played on the same seed (the same dice, the same d6), so the ${games.length} games are ${units.length} independent units, not ${matchupUnits.length} seat-swapped pairs. First-Flow advantage = mean share of the Flow holder per seed, t interval over ${ff.length} seeds. Wave by Wave: each finished Wave's VP and Cheer (tags.waves), for the eventual winner and loser (draws left out). Endings and the mean length in Waves: t intervals over the ${units.length} seeds. Quality panel: src/analysis/stats/quality.ts (lead changes need an evaluation function, which Ophidian does not have yet).`,
              },
            ],
          },
          {
            heading: 'First Flow',
            blocks: [
              {
                kind: 'chart',
                id: 'first-flow',
                title: 'Win share of the first-Flow holder',
                caption: 'Right of 0.5: the player who won the d6 for the first Flow wins more often. 95% t interval over seeds.',
                spec: forestPlot([{ label: 'first-Flow holder', estimate: ffCi.mean, lo: ffCi.lo, hi: ffCi.hi, n: ffCi.n }], { title: 'First-Flow advantage', xTitle: 'win share of the first-Flow holder', zero: 0.5, bounds: { min: 0, max: 1 } }),
              },
            ],
          },
          {
            heading: 'Wave by Wave',
            blocks: [
              { kind: 'chart', id: 'waves', title: 'VP and Cheer after each Wave', caption: `Games still going at the start of each Wave: ${stillOn.map((k, w) => `Wave ${w + 1}: ${k}`).join(', ')}.`, spec: waveChart },
              { kind: 'table', id: 'waves-table', title: 'VP and Cheer after each Wave', rows: waveRows.map((r) => ({ wave: r.wave, player: r.side, measure: r.measure, mean: r3(r.mean), lo: r3(r.lo), hi: r3(r.hi), units: r.n, games: r.games })) },
              { kind: 'table', id: 'leader', title: 'Does the player ahead after a Wave win?', caption: 'Ahead: more 2 × VP + Cheer at the end of the Wave; games with a tie there or a drawn match left out; 95% t intervals over seeds.', rows: leadRows.map((r) => { const t = unitShareInterval(r.perUnit, 0.95); return { wave: r.wave, leaderWon: r.won, games: r.n, seeds: r.perUnit.length, share: r3(t.mean), lo: r3(t.lo), hi: r3(t.hi) }; }) },
            ],
          },
          {
            heading: 'How matches end',
            blocks: [
              {
                kind: 'chart',
                id: 'endings',
                title: 'Share of matches per way of ending',
                caption: `95% t intervals over seeds (the games on one seed share their dice); n = ${units.length} seeds.`,
                spec: forestPlot(ends.map((e) => ({ label: e.name, estimate: e.share, lo: e.lo, hi: e.hi, n: e.units })), { title: 'How matches end', xTitle: 'share of matches', bounds: { min: 0, max: 1 } }),
              },
              { kind: 'table', id: 'endings-table', title: 'Endings', rows: ends.map((e) => ({ ending: e.name, games: e.games, share: r3(e.share), lo: r3(e.lo), hi: r3(e.hi), seeds: e.units })) },
            ],
          },
          {
            heading: 'Game length and the quality panel',
            blocks: [
              { kind: 'text', text: lengthText },
              { kind: 'chart', id: 'length-waves', title: 'Match length in Waves', spec: lengthHistogram(waves, { title: 'Match length', unit: 'Waves', maxBins: 10 }) },
              { kind: 'chart', id: 'length-decisions', title: 'Match length in decisions', spec: lengthHistogram(done.map((g) => g.length), { title: 'Match length', unit: 'decisions' }) },
              {
                kind: 'table',
                id: 'quality',
                title: 'Quality panel',
                caption: 'Balance: 1 − (largest − smallest seat share); seat 1 advantage: seat 1\'s share − 0.5 (decks swap seats, so this is the seat alone); completion: games that end by the rules before the Wave-8 draw; drawishness: drawn games; lead changes: not measured (no evaluation function). lo/hi: what the range column says — a 95% interval, or for the length in decisions the 10% and 90% points of the games (a spread, not an interval).',
                rows: [
                  { measure: 'games (completed / failed)', value: `${panel.games} / ${panel.failed}`, lo: null, hi: null, range: 'count', n: panel.games + panel.failed },
                  { measure: 'balance', value: r3(panel.balance), lo: null, hi: null, range: 'point summary of the seat shares (their intervals: seat 1 advantage)', n: panel.games },
                  { measure: 'seat 1 advantage (share − 0.5)', value: r3(panel.firstPlayerAdvantage.estimate), lo: r3(panel.firstPlayerAdvantage.lo), hi: r3(panel.firstPlayerAdvantage.hi), range: '95% t interval over seeds', n: panel.firstPlayerAdvantage.n },
                  { measure: 'completion (not the Wave-8 draw)', value: r3(panel.completion.p), lo: r3(panel.completion.lo), hi: r3(panel.completion.hi), range: '95% t interval over seeds', n: panel.completion.n },
                  { measure: 'drawishness', value: r3(panel.drawishness.p), lo: r3(panel.drawishness.lo), hi: r3(panel.drawishness.hi), range: '95% t interval over seeds', n: panel.drawishness.n },
                  { measure: 'length, decisions (mean ± sd)', value: `${fmt(panel.duration.mean, 1)} ± ${fmt(panel.duration.sd, 1)}`, lo: r3(panel.duration.q10), hi: r3(panel.duration.q90), range: '10% and 90% points of the games (spread, not an interval)', n: panel.games },
                  { measure: 'length, Waves (mean)', value: r3(waveCi.mean), lo: r3(waveCi.lo), hi: r3(waveCi.hi), range: '95% t interval over seeds', n: waveCi.n },
                ],
              },
            ],
          },
        ],
        meta: { command: ctx.command, seed: ctx.seed, sampleSizes: { decks: decks.length, matchups: pairs.length, 'games per matchup': 2 * perOrder, 'total games': games.length, seeds: units.length, 'first-Flow seeds': ff.length } },
      };
    },
  };
  return study;
}

/**
 * The share of matches per way of ending, over seat-swapped units: a unit scores the
 * share of its two games that ended that way (they share a seed, so they are one
 * observation, not two); t interval over units (the exact interval for equal units when no unit differs).
 */
export function endingShares(units: readonly GameUnit[]): { reason: string; name: string; games: number; units: number; share: number; lo: number; hi: number }[] {
  const whole = units.filter((u) => u.games.length > 0 && u.games.every((g) => g.returns.length > 0));
  const reasons = [...new Set(whole.flatMap((u) => u.games.map((g) => String(g.tags['endReason']))))].sort();
  return reasons.map((r) => {
    const per = whole.map((u) => u.games.filter((g) => String(g.tags['endReason']) === r).length / u.games.length);
    const t = unitShareInterval(per);
    const games = whole.reduce((a, u) => a + u.games.filter((g) => String(g.tags['endReason']) === r).length, 0);
    return { reason: r, name: END_NAMES[r] ?? r, games, units: t.n, share: t.mean, lo: t.lo, hi: t.hi };
  });
}

/**
 * How matches end, said only as strongly as the intervals allow: "most matches" needs
 * the commonest ending's interval above 0.5; "the commonest ending" needs it above the
 * runner-up's; else no ending is singled out (the full run's Crowd Riot 0.449 [0.430, 0.468]
 * against Points 0.411 [0.392, 0.430] was once reported as "Most matches end by Crowd Riot").
 * `n` counts `unit`s (seat-swapped units in the study).
 */
export function endingVerdict(ends: readonly { name: string; share: number; lo: number; hi: number }[], n: number, play: string, unit = 'games'): ReportVerdict {
  const [top, second] = [...ends].sort((a, b) => b.share - a.share);
  const evidence = ends.map((e) => `${e.name} ${fmt(e.share)} [${fmt(e.lo)}, ${fmt(e.hi)}]`).join('; ') + `; n=${n} ${unit} (95% intervals over ${unit})`;
  if (top!.lo > 0.5) return { statement: `Most matches end by ${top!.name}: ${fmt(top!.share)} of them, ${play}.`, evidence, strength: 'supported' };
  if (!second || top!.lo > second.hi)
    return { statement: `Matches end most often by ${top!.name} (${fmt(top!.share)} of them), though not in a majority, ${play}.`, evidence: `${evidence}; its interval lies above every other ending's`, strength: 'supported' };
  // What "most matches" (the commonest ending above 0.5) could have missed; the overlap of two shares is a coarser test still.
  return { statement: `No one way of ending is shown to be the commonest: ${top!.name} ${fmt(top!.share)} and ${second.name} ${fmt(second.share)} of matches, their intervals overlapping, ${play}.`, evidence: `${evidence}; ${top!.name}'s share against a majority (0.5): ${mdeText(top!)}`, strength: 'inconclusive' };
}

export const ophidianFlowStudy = ophidianFlow();
