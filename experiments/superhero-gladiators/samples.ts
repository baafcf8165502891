/**
 * superhero-gladiators-samples: how do the sample heroes fare against each other, and
 * does placing first (lowest PER) matter?
 *
 * Design: every pair of distinct sample heroes duels 1v1 on the default map. Hero A on
 * side 0 against B on side 1, and the mirror (B on side 0, A on side 1), run on the same
 * master seed, so game i of each shares a seed (placement and initiative d20s, every
 * roll drawn from the same stream): the pair is the unit. From the pair shares: the
 * matchup matrix (t intervals over pairs), Bradley–Terry ratings (bootstrap over
 * pairs), the maximum-entropy symmetric Nash equilibrium of the hero-picking game and
 * α-Rank. Placement: in mirror matches (the same hero on both sides) PER, STR and SIZ
 * tie and a d20 decides who places first, so the first placer's share there is the
 * clean placement-order effect. Every hero's mirror table plays game i on seed i (one
 * placement roll), so the seed is the unit: a t interval over seeds, not over games.
 */
import { equilibriumBars, matchupHeatmap, ratingBars, seatShareBars, type MatchupCell } from '../../src/analysis/charts.js';
import type { Report, ReportVerdict, YourContent } from '../../src/analysis/report-model.js';
import { yourShares } from '../../src/analysis/report/yours.js';
import { alphaRankSingle } from '../../src/analysis/stats/alpharank.js';
import { tFromMoments } from '../../src/analysis/stats/descriptive.js';
import { groupStats } from '../../src/analysis/table.js';
import { symmetricNash } from '../../src/analysis/stats/nash.js';
import { bradleyTerry, type PairResult } from '../../src/analysis/stats/ratings.js';
import { mdeRangeText, verdict } from '../../src/analysis/stats/verdict.js';
import { shareBySeed } from '../../src/analysis/stats/paired.js';
import type { GameRecord } from '../../src/sim/types.js';
import type { HeroSpec } from '../../src/games/superhero-gladiators/index.js';
import { userHeroes } from './common.js';
import { playStudyTable } from '../study-table.js';
import { describeAgents, studyAgents, type Study, type StudyContext } from '../study.js';

const GAME_ID = 'superhero-gladiators';
/** The sample heroes (src/games/superhero-gladiators/heroes/samples.yaml). */
export const SAMPLE_HERO_NAMES: readonly string[] = ['Lightning Lass', 'Ironclad', 'Webspinner', 'Amazon', 'Shade', 'Mole King', 'Sea Serpent', 'Mimic', 'Speedster'];
const QUICK_HEROES = ['Lightning Lass', 'Ironclad', 'Webspinner', 'Amazon', 'Mimic', 'Speedster'];

/**
 * The agent of every seat in --full runs (bench/superhero-gladiators/samples-speed.ts times its play): a
 * plain MCTS searching both sides, each new leaf scored by `evaluate` at once. Issue #30
 * chose it over the earlier `mcts:iterations=200,rollout=evaluate,depth=4` (four random
 * steps before `evaluate`: they add noise, not sight), which took about 2 CPU-s a game
 * (2.7 h for the study on 2 cores; this one about 0.2-0.35). Seat-swapped paired matches on
 * the study's 45 matchups (bench/superhero-gladiators/agent-ab.ts), on today's `evaluate` (the careful race):
 * 0.594 [0.550, 0.639] over 135 pairs against the earlier spec (seeds shg-ab2, shg-ab3),
 * 0.415 [0.372, 0.458] over 135 pairs against the heuristic (seeds shg-ab2-h, shg-ab3-h),
 * where the earlier spec scored 0.300 [0.227, 0.373] over 45 pairs (seed shg-ab2-h). Before
 * the careful race: 0.698 [0.657, 0.740] and 0.502 [0.458, 0.546], 135 pairs each.
 */
export const FULL_AGENT = 'mcts:iterations=100,rollout=evaluate,depth=0';

function agentFor(full: boolean): string {
  // The heuristic is fast and beats random play (README); full runs use the plain MCTS
  // above (stronger than the earlier full spec, weaker than the heuristic). The tuned MCTS
  // (bare `mcts`, agents/README.md) takes several times as long a game, hours for the full
  // study's 9,000 games; `--agents mcts` plays it on request.
  return full ? FULL_AGENT : 'heuristic';
}

const fmt = (x: number): string => x.toFixed(3);

/** One seating through the shared study table: failed games are counted in the ledger and left out. */
async function duel(ctx: StudyContext, a: string, b: string, games: number, user: readonly HeroSpec[]): Promise<GameRecord[]> {
  const key = `${a}-vs-${b}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  // A user's heroes travel in the options only when they play (the run key hashes them).
  const heroes = user.filter((h) => h.name === a || h.name === b);
  const options = heroes.length ? { teams: [[a], [b]], heroes } : { teams: [[a], [b]] };
  return playStudyTable(ctx, key, { gameId: GAME_ID, options, agents: studyAgents(superheroGladiatorsSamples, ctx), games, rotate: false });
}

/** Side-0 hero's share over seed pairs (A on side 0 in `ab`, on side 1 in `ba`), with the pair's seed index. */
function pairScores(ab: readonly GameRecord[], ba: readonly GameRecord[]): { index: number; score: number }[] {
  const byIndex = new Map(ba.map((r) => [r.index, r]));
  const out: { index: number; score: number }[] = [];
  for (const r of ab) {
    const m = byIndex.get(r.index);
    if (!m || r.error !== undefined || m.error !== undefined) continue;
    out.push({ index: r.index, score: (r.returns[0]! + m.returns[1]!) / 2 });
  }
  return out;
}

/**
 * The hero file's heroes for the report's opening section: each one's field share, its
 * mean pair share against the sample heroes, ranked among the sample heroes measured the
 * same way (each against the other sample heroes). Every table plays game i on seed i, so
 * a hero's pairs on one seed index share their dice: the unit is the seed index (its pair
 * shares averaged over the opponents), a t interval over seed indices; Holm over the user's heroes.
 */
export function yourHeroes(samples: readonly string[], user: readonly string[], pairs: ReadonlyMap<string, readonly { index: number; score: number }[]>): { yourContent?: YourContent } {
  if (user.length === 0) return {};
  const unitsOf = (hero: string): number[] => {
    const bySeed = new Map<number, number[]>();
    for (const opp of samples) {
      if (opp === hero) continue;
      const mine = pairs.get(`${hero}|${opp}`)?.map((p) => ({ index: p.index, score: p.score })) ?? pairs.get(`${opp}|${hero}`)?.map((p) => ({ index: p.index, score: 1 - p.score })) ?? [];
      for (const p of mine) bySeed.set(p.index, [...(bySeed.get(p.index) ?? []), p.score]);
    }
    return [...bySeed.entries()].sort((a, b) => a[0] - b[0]).map(([, xs]) => xs.reduce((t, x) => t + x, 0) / xs.length);
  };
  return {
    yourContent: yourShares({
      measure: 'field share (mean pair share against the sample heroes; unit: the seed index)',
      fieldName: `the ${samples.length} sample heroes`,
      users: user.map((name) => ({ name, units: unitsOf(name) })),
      field: samples.map((name) => ({ name, units: unitsOf(name) })),
      say: {
        higher: 'beats the sample heroes: wins more than half its duels against them.',
        lower: 'loses to the sample heroes: wins less than half its duels against them.',
        none: 'not shown to win or lose more than half its duels against the sample heroes at this sample size.',
      },
    }),
  };
}

/**
 * The first placer's share (draws count ½) over mirror matches. Every hero's mirror
 * table draws game i's seed from the master seed and i alone, so the games on seed i
 * share the placement d20: the seed is the unit (t interval over seeds; n counts seeds).
 */
export function firstPlacerShare(records: readonly GameRecord[]): { p: number; lo: number; hi: number; n: number; games: number } {
  const s = shareBySeed(records, (r) => r.returns[Number(r.tags['firstPlacer'] ?? 0)]!);
  return { p: s.mean, lo: s.lo, hi: s.hi, n: s.n, games: s.games };
}

export const superheroGladiatorsSamples: Study = {
  name: 'superhero-gladiators-samples',
  power: {
    measure: "the first placer's share in mirror matches (95%)",
    unit: 'share',
    primary: (f) => f.id === 'first-placer',
    fullSize: '200 seeds',
    full: { median: 0.034, how: 'measured: the --full run of 28 Nov (seed 1, 9,000 games), placing first 0.476 [0.452, 0.500]' },
    fullMinutes: { minutes: 13.9 },
  },
  gameId: GAME_ID,
  title: 'Superhero Gladiators: the sample heroes against each other, and placing first',
  question: 'Which sample heroes beat which, which would a player pick (ratings, Nash, α-Rank), and does placing first (the lowest PER) help or hurt?',
  agentSlots: ['every seat'],
  defaultAgents: (full) => [agentFor(full)],
  agentChoice: (full) => (full ? 'a plain MCTS (100 iterations, each leaf scored by evaluate; on these matchups it beat the earlier 200-iteration spec, 0.594 [0.550, 0.639], and lost to the heuristic, 0.415 [0.372, 0.458], 135 seat-swapped pairs each); the tuned MCTS (--agents mcts) takes hours here' : 'the Superhero Gladiators heuristic (fast; beats random play)'),
  async run(ctx: StudyContext): Promise<Report> {
    // Heroes from --hero-file join the sample heroes in every matchup.
    const user = userHeroes(ctx);
    const heroes = [...(ctx.full ? SAMPLE_HERO_NAMES : QUICK_HEROES), ...user.map((h) => h.name)];
    const perOrder = ctx.full ? 100 : 8;
    const mirrorGames = ctx.full ? 200 : 20;
    const k = heroes.length;
    const mean: number[][] = heroes.map(() => heroes.map(() => 0.5));
    const cells: MatchupCell[] = [];
    const rows: Record<string, string | number>[] = [];
    const results: PairResult[] = [];
    // One row per seed pair; each matchup's mean and sd come from a DataFrame group-by
    // (src/analysis/table.ts), which the matrix, the heatmap and the table all read.
    const pairRows: { hero: string; opponent: string; share: number }[] = [];
    let played = 0;
    const pairsOf = new Map<string, { index: number; score: number }[]>();
    for (let i = 0; i < k; i++) {
      for (let j = i + 1; j < k; j++) {
        const a = heroes[i]!;
        const b = heroes[j]!;
        const ab = await duel(ctx, a, b, perOrder, user);
        const ba = await duel(ctx, b, a, perOrder, user);
        played += ab.length + ba.length;
        const scored = pairScores(ab, ba);
        pairsOf.set(`${a}|${b}`, scored);
        scored.forEach(({ score }, u) => {
          pairRows.push({ hero: a, opponent: b, share: score });
          results.push({ a, b, score, group: `${a}|${b}|${u}` });
        });
      }
    }
    const stats = groupStats(pairRows, ['hero', 'opponent'], 'share');
    for (let i = 0; i < k; i++) {
      for (let j = i + 1; j < k; j++) {
        const a = heroes[i]!;
        const b = heroes[j]!;
        const g = stats.find((s) => s['hero'] === a && s['opponent'] === b);
        const t = tFromMoments(g?.mean ?? NaN, g?.sd ?? NaN, g?.n ?? 0, 0.95, { min: 0, max: 1 }); // never zero width: 8 pairs all ½ are not [0.5, 0.5]
        const lo = Math.max(0, t.lo);
        const hi = Math.min(1, t.hi);
        mean[i]![j] = t.mean;
        mean[j]![i] = 1 - t.mean;
        cells.push({ row: a, col: b, share: t.mean, lo, hi, n: t.n });
        cells.push({ row: b, col: a, share: 1 - t.mean, lo: 1 - hi, hi: 1 - lo, n: t.n });
        rows.push({ hero: a, opponent: b, share: Number(fmt(t.mean)), lo: Number(fmt(lo)), hi: Number(fmt(hi)), pairs: t.n });
      }
    }
    const fit = bradleyTerry(results, { bootstrap: ctx.full ? 1000 : 200, seed: 1 });
    const nash = symmetricNash(mean);
    const alpha = alphaRankSingle(mean);

    // Placement order in mirror matches: the games on one seed (one per hero) are one unit.
    const mirrors: GameRecord[] = [];
    for (const h of heroes) {
      const recs = await duel(ctx, h, h, mirrorGames, user);
      played += recs.length;
      mirrors.push(...recs);
    }
    const first = firstPlacerShare(mirrors);

    const verdicts: ReportVerdict[] = [];
    const best = fit.ratings[0]!;
    const worst = fit.ratings[fit.ratings.length - 1]!;
    verdicts.push({
      statement:
        best.lo > worst.hi
          ? `The sample heroes are not equally strong: ${best.name} rates highest and ${worst.name} lowest, and their 95% intervals do not overlap.`
          : `No sample hero is shown stronger than another at this sample size (best ${best.name}, worst ${worst.name}; intervals overlap).`,
      evidence: `${best.name} ${best.elo.toFixed(0)} Elo [${best.lo.toFixed(0)}, ${best.hi.toFixed(0)}]; ${worst.name} ${worst.elo.toFixed(0)} [${worst.lo.toFixed(0)}, ${worst.hi.toFixed(0)}]; Bradley–Terry over seed pairs, played by ${describeAgents(superheroGladiatorsSamples, ctx)}; each hero's rating against the average (0): ${mdeRangeText(fit.ratings, 0, (x) => x, 'Elo')} (95% bootstrap intervals)`,
      strength: best.lo > worst.hi ? 'supported' : 'inconclusive',
    });
    const support = nash.support.map((s) => `${heroes[s]} ${fmt(nash.probabilities[s]!)}`).join(', ');
    verdicts.push({
      statement: `A player picking one sample hero against a picking opponent should mix over: ${support} (maximum-entropy Nash of the mean share matrix; a point estimate, not tested).`,
      evidence: `α-Rank mass: ${heroes.map((h, i) => `${h} ${fmt(alpha.pi[i]!)}`).join(', ')}; no MDE: a point estimate, not a test`,
      strength: 'inconclusive',
    });
    verdicts.push(
      verdict(
        { estimate: first.p, lo: first.lo, hi: first.hi, n: first.n },
        {
          higher: 'Placing first (the lowest PER places first) is an advantage in mirror matches.',
          lower: 'Placing first (the lowest PER places first) is a disadvantage in mirror matches: the later placer sees where the foe stands.',
          none: 'No placement-order effect is shown in mirror matches at this sample size.',
        },
        { nullValue: 0.5, units: 'seeds (the mirror games sharing a seed are one unit)' },
      ),
    );
    const order = [...fit.ratings].map((r) => r.name);
    return {
      id: 'superhero-gladiators-samples',
      title: this.title,
      gameId: GAME_ID,
      question: this.question,
      verdicts,
      ...yourHeroes(ctx.full ? SAMPLE_HERO_NAMES : QUICK_HEROES, user.map((h) => h.name), pairsOf),
      // Key findings for skill sensitivity (--skill): each hero's rating (0 = the sample's
      // average hero; 95% bootstrap interval, as the ratings chart) and the placement effect.
      findings: [
        ...fit.ratings.map((r) => ({ id: `rating-${r.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, label: `${r.name}: Bradley–Terry rating (Elo)`, estimate: r.elo, lo: r.lo, hi: r.hi, nullValue: 0, n: r.games, level: 0.95, family: 'bootstrap, each hero alone' })),
        { id: 'first-placer', label: "First placer's share in mirror matches", estimate: first.p, lo: first.lo, hi: first.hi, nullValue: 0.5, n: first.n, level: 0.95, family: 'single test' },
      ],
      sections: [
        {
          heading: 'Hero against hero',
          blocks: [
            {
              kind: 'chart',
              id: 'matchups',
              title: 'Win share of the row hero against the column hero',
              caption: `Played by ${describeAgents(superheroGladiatorsSamples, ctx)}; each cell pairs the two sides on common seeds (${perOrder} pairs). Hover for the 95% interval. ${(k * (k - 1)) / 2} matchups are each tested at 95%: expect about ${((1 - 0.95 ** ((k * (k - 1)) / 2)) * 100).toFixed(0)}% chance of at least one spurious "supported" cell among even heroes.`,
              spec: matchupHeatmap(cells, { title: 'Sample hero matchups (row hero’s win share)', rowTitle: 'hero', colTitle: 'opponent', order, nTitle: 'pairs' }),
            },
            { kind: 'table', id: 'matchups-table', title: 'Matchup shares with 95% intervals (t over seed pairs)', rows },
          ],
        },
        {
          heading: 'Ratings and equilibria',
          blocks: [
            {
              kind: 'chart',
              id: 'ratings',
              title: 'Bradley–Terry ratings of the sample heroes',
              caption: 'Elo points (400·log10 strength), 95% bootstrap intervals over seed pairs.',
              spec: ratingBars(
                fit.ratings.map((r) => ({ name: r.name, rating: r.elo, lo: r.lo, hi: r.hi, n: r.games })),
                { title: 'Sample hero ratings', nTitle: 'pairs' },
              ),
            },
            {
              kind: 'chart',
              id: 'equilibria',
              title: 'Nash weight and α-Rank mass of each hero',
              caption: 'How a player choosing one hero against a choosing opponent should mix (Nash), and where evolutionary play settles (α-Rank, α = 10, m = 50).',
              spec: equilibriumBars(
                heroes.flatMap((h, i) => [
                  { name: h, mass: nash.probabilities[i]!, method: 'Nash' },
                  { name: h, mass: alpha.pi[i]!, method: 'α-Rank' },
                ]),
                { title: 'Which sample heroes survive in equilibrium' },
              ),
            },
          ],
        },
        {
          heading: 'Placement order (PER)',
          blocks: [
            {
              kind: 'chart',
              id: 'placement',
              title: 'Win share of the side whose hero placed first, mirror matches',
              caption: `Each sample hero against itself (${mirrorGames} games each): PER, STR and SIZ tie, so a d20 decides who places first.`,
              spec: seatShareBars(
                [
                  { seat: 'placed first', share: first.p, lo: first.lo, hi: first.hi, n: first.n },
                  { seat: 'placed second', share: 1 - first.p, lo: 1 - first.hi, hi: 1 - first.lo, n: first.n },
                ],
                { title: 'Placement-order advantage', fair: 0.5, nTitle: 'seeds' },
              ),
            },
            { kind: 'text', text: `First placer's share ${fmt(first.p)} [${fmt(first.lo)}, ${fmt(first.hi)}] over ${first.n} seeds (${first.games} completed mirror games; every hero's mirror table plays game i on seed i, so the games sharing a seed count as one unit, t interval over seeds). Failed games are counted in the Evidence section and left out.` },
          ],
        },
      ],
      meta: {
        command: ctx.command,
        seed: ctx.seed,
        sampleSizes: { 'games per side order': perOrder, 'mirror games per hero': mirrorGames, 'completed games': played },
        details: { agents: studyAgents(superheroGladiatorsSamples, ctx), heroes, options: 'defaults (default map, 20-turn cap)' },
      },
    };
  },
};
