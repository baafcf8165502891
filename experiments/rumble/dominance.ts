/**
 * rumble-dominance: which single powers dominate, and which are dominated?
 *
 * Design: duels of single-power heroes (100 Energy each, Power Strength 0). Every
 * ordered pair (A in seat 0, B in seat 1) is played on the same seeds as its mirror
 * (B in seat 0, A in seat 1), so seat effects cancel: game i of the two orders is one
 * seat-swapped pair, the unit. Cell (A, B) is A's mean share over pairs with a t interval
 * over pairs. Every table plays game i on seed i (the same dice and agent streams), so a
 * power's share against the field takes the seed as its unit: the mean over opponents of
 * its pair scores on that seed, t interval over seeds. From the empirical payoff matrix:
 * the maximum-entropy symmetric Nash equilibrium (with a parametric bootstrap of how often
 * each power is in its support, each cell drawn with the games its pair-measured interval
 * is worth) and α-Rank.
 */
import { equilibriumBars, matchupHeatmap, type MatchupCell } from '../../src/analysis/charts.js';
import type { KeyFinding, Report, ReportVerdict } from '../../src/analysis/report-model.js';
import { alphaRankSingle } from '../../src/analysis/stats/alpharank.js';
import { symmetricNash, symmetricNashBootstrap } from '../../src/analysis/stats/nash.js';
import { unitShareInterval } from '../../src/analysis/stats/paired.js';
import { mean } from '../../src/analysis/stats/descriptive.js';
import type { GameRecord } from '../../src/sim/types.js';
import { holm, formatLevel } from '../../src/analysis/stats/multiplicity.js';
import { mdeText, noLargerShown } from '../../src/analysis/stats/verdict.js';
import { GAME_ID, PLAYABLE_POWERS, QUICK_POWERS, RUMBLE_PRICE_AGENT, RUMBLE_PRICE_AGENT_NOTE, RUMBLE_STALL_NOTE, TABLE_AGENT, fmt, playTable, powerName, r3, userPowers, type RumbleStudyContext, type RumbleStudyOptions } from './common.js';
import { describeAgents, studyAgents, type Study } from '../study.js';
import { UserError } from '../../src/core/errors.js';
import { sortRows } from '../../src/analysis/table.js';

/**
 * Both duelists play the same spec (the matrix is symmetric by design): the full matrix
 * the prior-free max^n search of the price studies (RUMBLE_PRICE_AGENT: a bare `mcts`
 * would count a quarter of each power's hand-set prior in its evaluate — issue #11 —
 * while this one values a position by Energy alone and finishes duels), the quick run
 * uniform-random play (stays within npm start's budget; every verdict says so).
 */
const AGENTS: Pick<Study, 'agentSlots' | 'defaultAgents' | 'agentChoice'> = {
  agentSlots: ['every seat'],
  defaultAgents: (full) => [full ? RUMBLE_PRICE_AGENT : TABLE_AGENT],
  agentChoice: (full) =>
    full
      ? `a prior-free max^n search in both seats ("${RUMBLE_PRICE_AGENT}", the agent of the price studies): ${RUMBLE_PRICE_AGENT_NOTE}`
      : `uniform-random menu play ("${TABLE_AGENT}"; --full plays the prior-free max^n search "${RUMBLE_PRICE_AGENT}"): ${RUMBLE_STALL_NOTE}`,
};

/*
 * The full matrix, measured (2026-11-23, seed 1, 1 worker, load 3–9 on a shared 2-core
 * machine; `npx crucible study rumble-dominance --full --seed 1 --workers 1`): 76,000
 * duels in 652 s wall, 0 failed, 114 at the round cap (0.15%), played by the prior-free
 * "heuristic:play=search,iterations=50". Dominant: Disagreeable When Angry (field share
 * 0.889 [0.881, 0.895], Nash 0.283, in the support in 100% of 500 resamples) and Wind Up
 * Punch (0.637 [0.626, 0.648], Nash 0.601); dominated (Holm over 20, n = 7,600 duels
 * each): Flight 0.121, Lazer Eyes 0.178, Lightning Strike 0.205, Laser Eyes 0.226,
 * Metal Tentacles 0.274, Sharp Knives 0.305, Hyper Immune System 0.456, Shieldbreaker
 * 0.462; 10 not shown either way. (Those field intervals were Wilson intervals over the
 * 7,600 duels; the study now puts a t interval over the 200 seeds, which is wider — the
 * figures above await a rerun.)
 */
/** The 20 powers of the full matrix: the quick six and 14 more of the seed's simplest. */
const FULL_POWERS = [
  ...QUICK_POWERS,
  'reflex-training', 'big-gnashy-claws', 'laser-eyes', 'wind-up-punch', 'shieldbreaker', 'green-gas-bombs', 'hyper-immune-system',
  'lightning-strike', 'metal-tentacles', 'perfect-balance', 'disagreeable-when-angry', 'lazer-eyes', 'sharp-knives', 'bomberman',
].filter((id) => PLAYABLE_POWERS.includes(id));

function duel(a: string, b: string, specs: readonly unknown[]): Record<string, unknown> {
  return {
    players: 2,
    customPowers: specs,
    fixed: [
      { energy: 100, powers: [{ id: a, strength: 0 }] },
      { energy: 100, powers: [{ id: b, strength: 0 }] },
    ],
  };
}

export function rumbleDominance(options: RumbleStudyOptions = {}): Study {
  return {
    name: 'rumble-dominance',
    power: {
      measure: "a power's share against the field, the seed as unit (Holm over the powers)",
      unit: 'share',
      primary: (f) => f.id.startsWith('field-'),
      fullSize: '200 seeds, 20 powers',
      full: { median: 0.014, range: [0.011, 0.036], how: 'measured on the --full run of 28 Nov (seed 1: 76,000 games, 200 seeds, 20 powers; the quick-spread estimate, an upper bound, was 0.040 [0.009, 0.068])' },
      fullMinutes: { minutes: 3.8 },
    },
    gameId: GAME_ID,
    title: 'Rumble: which powers dominate in duels?',
    question: 'When two heroes with one power each duel, which powers are dominant (in every equilibrium of the power-picking game) and which are dominated?',
    ...AGENTS,
    async run(ctx: RumbleStudyContext): Promise<Report> {
      const user = userPowers(options, ctx);
      const seats = studyAgents(AGENTS, ctx);
      const play = `played by ${describeAgents(AGENTS, ctx)}`;
      const powers = [...(options.powers ?? (ctx.full ? FULL_POWERS : QUICK_POWERS)), ...user.ids];
      for (const id of options.powers ?? []) if (!PLAYABLE_POWERS.includes(id)) throw new UserError(`rumble-dominance: powers has ${JSON.stringify(id)}; allowed: seed powers that play at a fixed table (${PLAYABLE_POWERS.join(', ')})`);
      const perOrder = options.duelsPerOrder ?? (ctx.full ? 200 : 40);
      const k = powers.length;
      // pairs[i][j]: power i's score in each complete seat-swapped pair against j, by seed index.
      const pairs: Map<number, number>[][] = Array.from({ length: k }, () => Array.from({ length: k }, () => new Map<number, number>()));
      let total = 0;
      for (let i = 0; i < k; i++) {
        for (let j = i + 1; j < k; j++) {
          const ab = await playTable(ctx, `duel-${powers[i]}-${powers[j]}`, duel(powers[i]!, powers[j]!, user.specs), perOrder, seats);
          const ba = await playTable(ctx, `duel-${powers[j]}-${powers[i]}`, duel(powers[j]!, powers[i]!, user.specs), perOrder, seats);
          for (const [index, score] of duelPairScores(ab, ba)) {
            pairs[i]![j]!.set(index, score);
            pairs[j]![i]!.set(index, 1 - score);
          }
          total += ab.length + ba.length;
        }
      }
      const cellOf = (i: number, j: number) => unitShareInterval([...pairs[i]![j]!.values()]);
      const shares = powers.map((_, i) => powers.map((_, j) => (i === j ? 0.5 : pairs[i]![j]!.size ? cellOf(i, j).mean : 0.5)));
      // The parametric bootstrap draws each cell as binomial games: give it as many as the
      // cell's interval over pairs is worth, not the games played (a pair's two games are one unit).
      const worth = powers.map((_, i) => powers.map((_, j) => (i === j ? 0 : effectiveGames(cellOf(i, j)))));
      const nash = symmetricNash(shares);
      const boot = symmetricNashBootstrap(shares, worth, { samples: ctx.full ? 500 : 100, seed: 1 });
      const alpha = alphaRankSingle(shares);
      const fieldUnits = powers.map((_, i) => fieldScores(pairs[i]!, i));
      const field = fieldUnits.map((u) => fieldShare(u));

      // One classification per power feeds both its verdict and its table row.
      const fieldTests = holm(
        powers.map((_, i) => i),
        (i) => (field[i]!.sd > 0 ? Math.abs(field[i]!.p - 0.5) / (field[i]!.sd / Math.sqrt(field[i]!.n)) : field[i]!.p !== 0.5 ? Infinity : 0),
        (i, level) => {
          const w = fieldShare(fieldUnits[i]!, level);
          return w.lo > 0.5 || w.hi < 0.5;
        },
      );
      const classes = powers.map((id, i) => classifyDominance(powerName(id), i, { field: field[i]!, fieldTest: fieldTests[i]!, nash: nash.probabilities[i]!, inSupport: boot.inSupport[i]!, alpha: alpha.pi[i]!, strictly: nash.strictlyDominated.includes(i), weakly: nash.weaklyDominated.includes(i) }, play));
      const verdicts: ReportVerdict[] = classes.map((c) => c.verdict);
      const findings = dominanceFindings(powers, fieldUnits, fieldTests);
      verdicts.sort((x, y) => Number(y.strength === 'supported') - Number(x.strength === 'supported'));

      const cells: MatchupCell[] = [];
      for (let i = 0; i < k; i++)
        for (let j = 0; j < k; j++) {
          if (i === j) continue;
          const t = cellOf(i, j);
          cells.push({ row: powerName(powers[i]!), col: powerName(powers[j]!), share: t.mean, lo: t.lo, hi: t.hi, n: t.n });
        }
      const order = powers.map((id) => powerName(id));
      return {
        id: 'rumble-dominance',
        title: 'Rumble: which powers dominate in duels?',
        gameId: GAME_ID,
        question: 'When two heroes with one power each duel, which powers are dominant (in every equilibrium of the power-picking game) and which are dominated?',
        verdicts,
        findings,
        sections: [
          {
            heading: 'Method',
            blocks: [
              {
                kind: 'text',
                text: `${k} powers, every pair dueling ${perOrder} games in each seat order on the same seeds (${2 * perOrder} games per pair: ${perOrder} seat-swapped pairs, the unit of each cell's t interval), both heroes at 100 Energy, ${play}. A power's share against the field is the mean over opponents, with a t interval over the ${perOrder} seeds (every table plays game i on seed i, so the games on one seed are one unit). Nash: maximum-entropy symmetric equilibrium of the share matrix, with a ${ctx.full ? 500 : 100}-sample parametric bootstrap of its support (each cell drawn with the games its interval over pairs is worth). α-Rank: single population, α = 10, m = 50. A power is called dominant only when the bootstrap keeps it in the support (≥ 95% of resamples) and it beats the field; dominated only when the bootstrap drops it (≤ 5%) and it loses to the field; field shares are Holm-corrected over the ${k} powers.${ctx.agents ? '' : ` Skill matters here: ${RUMBLE_STALL_NOTE}.`}${user.ids.length ? ` User powers included: ${user.ids.join(', ')}.` : ''}`,
              },
            ],
          },
          {
            heading: 'Payoff matrix',
            blocks: [
              {
                kind: 'chart',
                id: 'duel-matrix',
                title: 'Duel win share (row power vs column power)',
                caption: 'Blue: the row power wins more than half its duels against the column power; tooltips give the 95% interval over seat-swapped pairs and the number of pairs.',
                spec: matchupHeatmap(cells, { title: 'Single-power duels', rowTitle: 'power', colTitle: 'opponent', order, nTitle: 'pairs' }),
              },
            ],
          },
          {
            heading: 'Equilibria',
            blocks: [
              {
                kind: 'chart',
                id: 'equilibria',
                title: 'Nash weight and α-Rank mass',
                caption: 'Powers with weight are what a player picking a power should mix over; zero weight in both = dominated.',
                spec: equilibriumBars(
                  powers.flatMap((id, i) => [
                    { name: powerName(id), mass: nash.probabilities[i]!, method: 'Nash' },
                    { name: powerName(id), mass: alpha.pi[i]!, method: 'α-Rank' },
                  ]),
                  { title: 'Which powers survive in equilibrium' },
                ),
              },
              {
                kind: 'table',
                id: 'powers',
                title: 'Per power',
                caption: 'verdict: the same classification as the verdicts above (dominant / dominated / not shown); strictly/weaklyDominated: iterated elimination on the estimated matrix; inSupport: share of bootstrap resamples with the power in the Nash support.',
                // Strongest first: Nash weight, then field share (a DataFrame sort, src/analysis/table.ts).
                rows: sortRows(powers.map((id, i) => ({
                  power: id,
                  fieldShare: r3(field[i]!.p),
                  lo: r3(field[i]!.lo),
                  hi: r3(field[i]!.hi),
                  seeds: field[i]!.n,
                  nash: r3(nash.probabilities[i]!),
                  inSupport: r3(boot.inSupport[i]!),
                  alphaRank: r3(alpha.pi[i]!),
                  strictlyDominated: nash.strictlyDominated.includes(i),
                  weaklyDominated: nash.weaklyDominated.includes(i),
                  verdict: classes[i]!.label,
                })), [{ column: 'nash', descending: true }, { column: 'fieldShare', descending: true }]),
              },
            ],
          },
        ],
        meta: {
          command: ctx.command,
          seed: ctx.seed,
          sampleSizes: { powers: k, 'games per pair': 2 * perOrder, 'seat-swapped pairs per cell': perOrder, 'total games': total },
          details: { agents: seats },
        },
      };
    },
  };
}

/**
 * Power A's score in each seat-swapped pair against B, by game index: the mean of its
 * return in game i of `ab` (A in seat 0) and game i of `ba` (A in seat 1), which share a
 * seed. A pair with a failed game is left out whole (half a pair brings the seat back).
 */
export function duelPairScores(ab: readonly GameRecord[], ba: readonly GameRecord[]): Map<number, number> {
  const ok = (r: GameRecord | undefined): r is GameRecord => r !== undefined && r.error === undefined && r.returns.length === 2;
  const second = new Map(ba.map((r) => [r.index, r]));
  const out = new Map<number, number>();
  for (const r of ab) {
    const m = second.get(r.index);
    if (ok(r) && ok(m) && m.seed === r.seed) out.set(r.index, (r.returns[0]! + m.returns[1]!) / 2);
  }
  return out;
}

/**
 * Power i's per-seed scores against the field: on each seed index, the mean of its pair
 * scores against the opponents it has a complete pair with there (`row[j]`: its pairs
 * against j). The seed is the unit because every table plays game i on seed i.
 */
export function fieldScores(row: readonly Map<number, number>[], self: number): number[] {
  const bySeed = new Map<number, number[]>();
  row.forEach((pairs, j) => {
    if (j === self) return;
    for (const [index, score] of pairs) {
      const xs = bySeed.get(index);
      if (xs) xs.push(score);
      else bySeed.set(index, [score]);
    }
  });
  return [...bySeed.entries()].sort((a, b) => a[0] - b[0]).map(([, xs]) => mean(xs));
}

/** A field share from per-seed scores: mean, t interval over seeds at `level`, n = seeds. */
export function fieldShare(units: readonly number[], level = 0.95): { p: number; lo: number; hi: number; n: number; sd: number } {
  const t = unitShareInterval(units, level);
  return { p: t.mean, lo: t.lo, hi: t.hi, n: t.n, sd: t.sd };
}

/** Binomial games a share's interval is worth, p(1 − p)/se² (the units when it has no width; never more than the 2n games played). */
export function effectiveGames(t: { mean: number; lo: number; hi: number; n: number; sd: number }): number {
  if (t.n === 0) return 0;
  const se = t.sd / Math.sqrt(t.n);
  const p = Math.min(Math.max(t.mean, 0.5 / (t.n + 1)), 1 - 0.5 / (t.n + 1));
  return se > 0 ? Math.min((p * (1 - p)) / (se * se), 2 * t.n) : t.n;
}

/**
 * Key findings for skill sensitivity (src/analysis/skill.ts): each power's mean share
 * against the field, the quantity its dominant/dominated verdict tests, with its t
 * interval over seeds at the Holm level over the powers (null 0.5). The Nash support's
 * bootstrap has no interval to compare and stays in the verdicts.
 */
export function dominanceFindings(
  powers: readonly string[],
  fieldUnits: readonly (readonly number[])[],
  tests: readonly { level: number }[],
): KeyFinding[] {
  return powers.map((id, i) => {
    const { level } = tests[i]!;
    const w = fieldShare(fieldUnits[i]!, level);
    // Its units (a seed's mean over the same opponents' pairs, so alike from seed to seed, in
    // seed order) let --precision decide on a betting confidence sequence over them.
    return { id: `field-${id}`, label: `${powerName(id)}: share against the field`, estimate: w.p, lo: w.lo, hi: w.hi, nullValue: 0.5, n: w.n, level, family: `Holm over ${powers.length} powers`, units: { values: [...fieldUnits[i]!], range: [0, 1] } };
  });
}

interface DominanceEvidence {
  readonly field: { p: number; lo: number; hi: number; n: number };
  /** What the field share's n counts and how its interval was made (default: this study's seeds). */
  readonly fieldUnit?: string;
  readonly fieldTest: { level: number; rejected: boolean; family: number };
  readonly nash: number;
  readonly inSupport: number;
  readonly alpha: number;
  readonly strictly: boolean;
  readonly weakly: boolean;
}

/**
 * Dominant / dominated / neither, from all the evidence at once, with the reason in
 * words whenever the point estimates and the uncertainty disagree (e.g. Nash weight 1 on
 * a noisy matrix that the bootstrap does not confirm).
 */
export function classifyDominance(name: string, _i: number, e: DominanceEvidence, PLAY = 'played by "random" in every seat'): { label: string; verdict: ReportVerdict } {
  const ev = `mean share vs the field ${fmt(e.field.p)} [${fmt(e.field.lo)}, ${fmt(e.field.hi)}], n=${e.field.n} ${e.fieldUnit ?? "seeds (t interval over seeds, each the mean of the power's seat-swapped pairs against the field on that seed)"} (Holm over ${e.fieldTest.family} powers at ${formatLevel(e.fieldTest.level)}: ${e.fieldTest.rejected ? 'differs from 0.5' : 'not shown to differ from 0.5'}); Nash weight ${fmt(e.nash)} (in the support in ${fmt(100 * e.inSupport, 0)}% of bootstrap resamples); α-Rank mass ${fmt(e.alpha)}${e.strictly ? '; strictly dominated in the estimated matrix' : e.weakly ? '; weakly dominated in the estimated matrix' : ''}; field share against 0.5: ${mdeText({ ...e.field, level: e.fieldTest.level })}`;
  const beatsField = e.fieldTest.rejected && e.field.p > 0.5;
  const losesField = e.fieldTest.rejected && e.field.p < 0.5;
  if (e.inSupport >= 0.95 && beatsField) {
    return { label: 'dominant', verdict: { statement: `${name} is dominant: it beats the field and stays in the equilibrium support in nearly every resample, ${PLAY}.`, evidence: ev, strength: 'supported' } };
  }
  if (e.inSupport <= 0.05 && losesField) {
    return { label: 'dominated', verdict: { statement: `${name} is dominated: it loses to the field and (almost) never enters the equilibrium support${e.strictly ? '; another power beats it against every opponent' : ''}, ${PLAY}.`, evidence: ev, strength: 'supported' } };
  }
  if (e.nash >= 0.99 && e.alpha >= 0.99) {
    const why = [e.inSupport < 0.95 ? `the bootstrap keeps it in the support in only ${fmt(100 * e.inSupport, 0)}% of resamples` : '', !beatsField ? 'its share against the field is not shown above 0.5' : ''].filter(Boolean).join(' and ');
    return { label: 'dominant in the estimates, not confirmed', verdict: { statement: `${name} is the only power the estimated equilibrium plays (Nash ${fmt(e.nash)}, α-Rank ${fmt(e.alpha)}), but ${why}, so its dominance is not confirmed at this sample size, ${PLAY}.`, evidence: ev, strength: 'inconclusive' } };
  }
  if (e.strictly || e.weakly) {
    return { label: `${e.strictly ? 'strictly' : 'weakly'} dominated in the estimates, not confirmed`, verdict: { statement: `${name} is ${e.strictly ? 'strictly' : 'weakly'} dominated in the estimated matrix (another power does ${e.strictly ? 'better' : 'at least as well'} against every opponent), but the uncertainty of the matrix does not confirm it (${fmt(100 * e.inSupport, 0)}% of resamples keep it in the support${losesField ? '' : '; its field share is not shown below 0.5'}), ${PLAY}.`, evidence: ev, strength: 'inconclusive' } };
  }
  return { label: 'not shown', verdict: { statement: `${name} is neither shown dominant nor dominated: in its share against the field ${noLargerShown({ ...e.field, level: e.fieldTest.level }, 'gap from 0.5')}, ${PLAY}.`, evidence: ev, strength: 'inconclusive' } };
}

export const rumbleDominanceStudy = rumbleDominance();
