/**
 * gladiator-duel-matchups: which gladiator type beats which, and does moving first help?
 *
 * Design: every ordered pair of distinct types (Heavy, Medium, Light, Retiarius) is
 * played under MCTS for both sides. Type A in seat 0 against B in seat 1 and the mirror
 * (B in seat 0, A in seat 1) run on the same master seed, so game i of each share a seed
 * (strength rolls and first-mover roll): the pair is the independent unit and seat luck
 * cancels. Cell (A, B) is A's mean share over both orders with a t interval over pairs.
 * First-mover advantage comes from every game's `firstMover` tag; every table plays game i
 * on the same seed (one first-mover roll), so the games sharing a seed are one unit and
 * the interval is a t interval over seeds, not a Wilson interval over games.
 */
import { lengthHistogram, matchupHeatmap, seatShareBars, type MatchupCell } from '../../src/analysis/charts.js';
import type { KeyFinding, Report, ReportVerdict } from '../../src/analysis/report-model.js';
import { tFromMoments } from '../../src/analysis/stats/descriptive.js';
import { groupStats } from '../../src/analysis/table.js';
import { holm, holmNote } from '../../src/analysis/stats/multiplicity.js';
import { verdict } from '../../src/analysis/stats/verdict.js';
import { shareBySeed } from '../../src/analysis/stats/paired.js';
import type { GameRecord } from '../../src/sim/types.js';
import { playStudyTable } from '../study-table.js';
import { describeAgents, studyAgents, type Study, type StudyContext } from '../study.js';

export const GAME_ID = 'gladiator-duel';
export const TYPES = ['heavy', 'medium', 'light', 'retiarius'] as const;
export const TYPE_NAMES: Record<string, string> = { heavy: 'Heavy', medium: 'Medium', light: 'Light', retiarius: 'Retiarius' };

/** Agent used by both sides; quick and full differ in sample size and search effort. */
export function duelAgent(full: boolean): string {
  // The strongest MCTS measured on this game (agents/README.md): positional evaluate at the
  // end of the opponent's reply, heuristic prior. Quick runs search less.
  const settings = 'c=0.2,rollout=evaluate,turns=0,prior=heuristic,bias=2';
  return full ? `mcts:iterations=300,${settings}` : `mcts:iterations=100,${settings}`;
}

/**
 * Plays `games` duels of type a (seat 0) against type b (seat 1) with `extra` options,
 * through the shared study table (failed games are counted in the ledger and left out;
 * pairScores then drops their partner game too).
 */
export async function playDuel(
  ctx: StudyContext,
  key: string,
  a: string,
  b: string,
  games: number,
  extra: Record<string, unknown> = {},
): Promise<GameRecord[]> {
  return playStudyTable(ctx, key, {
    gameId: GAME_ID,
    options: { ...extra, gladiators: [{ type: a }, { type: b }] },
    agents: studyAgents(gladiatorDuelMatchups, ctx),
    games,
    rotate: false,
  });
}

/**
 * The first mover's share (draws count ½) over every completed duel of the study. All
 * tables draw game i's seed from the master seed and i alone, so the 12 games on seed i
 * (6 matchups × 2 seatings) share the first-mover roll and the strength rolls: the seed is
 * the unit, with a t interval over seeds (n counts seeds; `games` the duels behind them).
 */
export function firstMoverShare(records: readonly GameRecord[]): { p: number; lo: number; hi: number; n: number; games: number } {
  const s = shareBySeed(
    records.filter((r) => r.returns.length === 2),
    (r) => r.returns[Number(r.tags['firstMover'] ?? 0)]!,
  );
  return { p: s.mean, lo: s.lo, hi: s.hi, n: s.n, games: s.games };
}

/** Share of type a over pairs (a in seat 0 in `ab`, in seat 1 in `ba`, same game index). */
export function pairScores(ab: readonly GameRecord[], ba: readonly GameRecord[]): number[] {
  const byIndex = new Map(ba.map((r) => [r.index, r]));
  const out: number[] = [];
  for (const r of ab) {
    const m = byIndex.get(r.index);
    if (!m || r.error !== undefined || m.error !== undefined || r.returns.length < 2 || m.returns.length < 2) continue;
    out.push((r.returns[0]! + m.returns[1]!) / 2);
  }
  return out;
}

const fmt = (x: number): string => x.toFixed(3);

export const gladiatorDuelMatchups: Study = {
  name: 'gladiator-duel-matchups',
  power: {
    measure: "a type matchup's share, seat-swapped pairs (Holm over 6)",
    unit: 'share',
    primary: (f) => f.id !== 'first-mover',
    fullSize: '650 seat-swapped pairs a matchup',
    full: { median: 0.049, range: [0.034, 0.050], how: 'estimated: the quick spread (40 pairs, seed 1) scaled by √(40 / 650)' },
    fullMinutes: { minutes: 10.6 },
  },
  gameId: GAME_ID,
  title: 'Gladiator duel: type matchups and first-mover advantage',
  question: 'Does any gladiator type (Heavy, Medium, Light, Retiarius) beat another under strong play, and does moving first help?',
  agentSlots: ['every seat'],
  defaultAgents: (full) => [duelAgent(full)],
  agentChoice: (full) => `the tuned MCTS of agents/README.md (beats the heuristic 0.542 [0.515, 0.570] over 300 pairs at 300 iterations)${full ? '' : ', at 100 iterations in the quick run'}`,
  async run(ctx: StudyContext): Promise<Report> {
    // 650 pairs at full: every matchup share's MDE at its Holm level ≈ 0.05 or less (quick spread, 40 pairs: median 0.196, widest 0.203; README "Sample sizes and what they can detect").
    const perOrder = ctx.full ? 650 : 40;
    const cells: MatchupCell[] = [];
    const rows: Record<string, string | number>[] = [];
    const verdicts: ReportVerdict[] = [];
    const findings: KeyFinding[] = [];
    const all: GameRecord[] = [];
    // One row per seed pair; the matchups' means and sds come from a DataFrame group-by
    // (src/analysis/table.ts), and table, Holm decisions and verdicts all read them.
    const pairRows: { type: string; opponent: string; share: number }[] = [];
    const played: [string, string][] = [];
    /** Each matchup's pair shares in pair order: the units --precision's betting confidence sequence reads. */
    const pairUnits: number[][] = [];
    for (let i = 0; i < TYPES.length; i++) {
      for (let j = i + 1; j < TYPES.length; j++) {
        const a = TYPES[i]!;
        const b = TYPES[j]!;
        const ab = await playDuel(ctx, `${a}-vs-${b}`, a, b, perOrder);
        const ba = await playDuel(ctx, `${b}-vs-${a}`, b, a, perOrder);
        all.push(...ab, ...ba);
        const shares = pairScores(ab, ba);
        for (const share of shares) pairRows.push({ type: a, opponent: b, share });
        played.push([a, b]);
        pairUnits.push(shares);
      }
    }
    const stats = groupStats(pairRows, ['type', 'opponent'], 'share');
    const matchups = played.map(([a, b]) => {
      const g = stats.find((s) => s['type'] === a && s['opponent'] === b);
      return { a, b, mean: g?.mean ?? NaN, sd: g?.sd ?? NaN, n: g?.n ?? 0 };
    });
    const at = (m: (typeof matchups)[number], level = 0.95) => tFromMoments(m.mean, m.sd, m.n, level, { min: 0, max: 1 });
    // The six matchups are one family: Holm keeps the chance of any false "X beats Y" at
    // most 5%, and each interval is shown at the level it was tested at.
    const decisions = holm(
      matchups,
      (m) => (m.sd > 0 ? Math.abs(m.mean - 0.5) / (m.sd / Math.sqrt(m.n)) : 0),
      (m, level) => {
        const t = at(m, level);
        return t.lo > 0.5 || t.hi < 0.5;
      },
    );
    const agents = describeAgents(gladiatorDuelMatchups, ctx);
    const play = `played by ${agents}`;
    matchups.forEach((m, k) => {
      const { a, b } = m;
      const { level } = decisions[k]!;
      const t = at(m, level);
      const lo = Math.max(0, t.lo);
      const hi = Math.min(1, t.hi);
      cells.push({ row: TYPE_NAMES[a]!, col: TYPE_NAMES[b]!, share: t.mean, lo, hi, n: t.n, level });
      cells.push({ row: TYPE_NAMES[b]!, col: TYPE_NAMES[a]!, share: 1 - t.mean, lo: 1 - hi, hi: 1 - lo, n: t.n, level });
      rows.push({ type: TYPE_NAMES[a]!, opponent: TYPE_NAMES[b]!, share: t.mean, lo, hi, level: Math.round(level * 10000) / 10000, pairs: t.n });
      const v = verdict(
        { estimate: t.mean, lo, hi, n: t.n, level },
        {
          higher: `${TYPE_NAMES[a]} beats ${TYPE_NAMES[b]}, ${play}.`,
          lower: `${TYPE_NAMES[b]} beats ${TYPE_NAMES[a]}, ${play}.`,
          none: `${TYPE_NAMES[a]} vs ${TYPE_NAMES[b]}: no edge shown at this sample size, ${play}.`,
        },
        { nullValue: 0.5, units: 'seed-paired pairs' },
      );
      verdicts.push({ ...v, evidence: `${v.evidence}; Holm over ${matchups.length} matchups` });
      findings.push({ id: `${a}-v-${b}`, label: `${TYPE_NAMES[a]} v ${TYPE_NAMES[b]} (${TYPE_NAMES[a]}'s share)`, estimate: t.mean, lo, hi, nullValue: 0.5, n: t.n, level, family: `Holm over ${matchups.length} matchups`, units: { values: pairUnits[k]!, range: [0, 1] } });
    });
    const done = all.filter((r) => r.error === undefined && r.returns.length === 2);
    const first = firstMoverShare(done);
    verdicts.push(
      verdict(
        { estimate: first.p, lo: first.lo, hi: first.hi, n: first.n },
        {
          higher: `Moving first is an advantage, ${play}.`,
          lower: `Moving first is a disadvantage, ${play}.`,
          none: `No first-mover advantage is shown at this sample size, ${play}.`,
        },
        { nullValue: 0.5, units: 'seeds (the games sharing a seed are one unit)' },
      ),
    );
    findings.push({ id: 'first-mover', label: "First mover's share", estimate: first.p, lo: first.lo, hi: first.hi, nullValue: 0.5, n: first.n, level: 0.95, family: 'first mover: one test at 95%' });
    const draws = done.filter((r) => r.returns[0] === 0.5).length;
    const order = TYPES.map((t) => TYPE_NAMES[t]!);
    return {
      id: 'gladiator-duel-matchups',
      title: this.title,
      gameId: GAME_ID,
      question: this.question,
      verdicts,
      findings,
      sections: [
        {
          heading: 'Type against type',
          blocks: [
            {
              kind: 'chart',
              id: 'matchups',
              title: 'Win share of the row type against the column type',
              caption: `Played by ${agents}; each cell pairs the two seatings on common seeds (${perOrder} pairs). Hover a cell for its interval, at the Holm level it was tested at (shown beside it); mirror matches (the blank diagonal) are not played, being even by symmetry.`,
              spec: matchupHeatmap(cells, { title: 'Type matchups (row type’s win share)', rowTitle: 'type', colTitle: 'opponent type', order, nTitle: 'pairs' }),
            },
            { kind: 'table', id: 'matchups-table', title: 'Matchup shares with Holm-corrected intervals (level shown)', rows },
            {
              kind: 'text',
              text: `${holmNote(matchups.length, 'matchups')} Without the correction, six matchups each tested at 95% would show a "supported" edge about a quarter of the time even with perfectly even types (1 − 0.95^6 ≈ 26%). The first-mover question is a separate test at 95%.`,
            },
          ],
        },
        {
          heading: 'Seat and first move',
          blocks: [
            {
              kind: 'chart',
              id: 'first-mover',
              title: 'Win share of the gladiator who moves first',
              caption: 'The first mover is decided by a die roll; draws count ½.',
              spec: seatShareBars(
                [
                  { seat: 'moves first', share: first.p, lo: first.lo, hi: first.hi, n: first.n },
                  { seat: 'moves second', share: 1 - first.p, lo: 1 - first.hi, hi: 1 - first.lo, n: first.n },
                ],
                { title: 'First-mover advantage', fair: 0.5, nTitle: 'seeds' },
              ),
            },
            {
              kind: 'chart',
              id: 'length',
              title: 'Game length',
              caption: `${draws} of ${done.length} games were drawn (turn cap or mutual helplessness).`,
              spec: lengthHistogram(done.map((r) => r.length), { title: 'Game length', unit: 'decisions' }),
            },
            {
              kind: 'text',
              text: `First mover's share ${fmt(first.p)} [${fmt(first.lo)}, ${fmt(first.hi)}] over ${first.n} seeds (${first.games} completed games: every table plays game i on seed i, so the games sharing a seed share the first-mover roll and count as one unit; t interval over seeds). Failed games are counted in the Evidence section and left out.`,
            },
          ],
        },
      ],
      meta: {
        command: ctx.command,
        seed: ctx.seed,
        sampleSizes: { 'games per seating': perOrder, 'pairs per matchup': perOrder, 'completed games': all.length },
        details: { agents: studyAgents(gladiatorDuelMatchups, ctx), types: order, options: 'defaults (strength 2d6, first mover by roll)' },
      },
    };
  },
};
