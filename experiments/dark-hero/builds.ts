/**
 * dark-hero-builds: which of the 19 legal 3-point builds are strongest and weakest, and
 * is the seed's Superman (F3) better or worse than its Batman (F1 I1 R2)?
 *
 * Design: a cyclic round robin of mixed 4-hero tables. Table t seats builds
 * (t, t+1, t+4, t+6) mod 19 as (Free, Safe, Free, Safe), and again with the two teams'
 * seats swapped; every build is Free in 2 tables, Safe in 2, and meets 8 different
 * opposing builds. Only heroes of opposite goals are compared (teammates always share a
 * return): each Free–Safe pair of a game gives one result, score = ½ + (r_a − r_b)/2.
 * Bradley–Terry ratings (Elo scale) get bootstrap intervals that resample whole seeds:
 * every table plays game i on seed i (one Bent roll, the same dice), and table t's two
 * seatings are a seat-swapped pair, so the games on one seed are one unit, not 38.
 *
 * The 19 ratings are one family: each build's "differs from the average build (Elo 0)" is
 * Holm-corrected, and its bootstrap interval is shown at the level it was tested at.
 *
 * Superman vs Batman: two Supermen against two Batmen, then the same seeds with the goals
 * swapped, compared game by game.
 */
import { ratingBars } from '../../src/analysis/charts.js';
import { groupMeans } from '../../src/analysis/table.js';
import type { KeyFinding, Report, ReportVerdict } from '../../src/analysis/report-model.js';
import { quantileSorted } from '../../src/analysis/stats/descriptive.js';
import { formatLevel, holm, holmNote } from '../../src/analysis/stats/multiplicity.js';
import { mdeRangeText } from '../../src/analysis/stats/verdict.js';
import { bradleyTerry, type PairResult, type Rating } from '../../src/analysis/stats/ratings.js';
import { allBuilds, buildCode } from '../../src/games/dark-hero/index.js';
import type { GameRecord } from '../../src/sim/types.js';
import { DARK_HERO_AGENTS, GAME_ID, differenceVerdict, fmt, interval, playTable, playedBy, r3, teamShare } from './common.js';
import { studyAgents, type Study, type StudyContext } from '../study.js';

const OFFSETS = [0, 1, 4, 6] as const;
const SUPERMAN = { fighting: 3, infiltrating: 0, aces: 0, resources: 0 };
const BATMAN = { fighting: 1, infiltrating: 1, aces: 0, resources: 2 };

type Build = ReturnType<typeof allBuilds>[number];

function table(builds: readonly Build[], goals: readonly ('free' | 'safe')[]): Record<string, unknown> {
  return { heroes: builds.map((b, i) => ({ name: buildCode(b), goal: goals[i], ...b })) };
}

/** A rating's bootstrap interval at `level` (percentiles of the resampled Elo ratings). */
function eloInterval(r: Rating, level: number): { lo: number; hi: number } {
  const s = r.bootstrapElo;
  if (!s.length) return { lo: NaN, hi: NaN };
  return { lo: quantileSorted(s, (1 - level) / 2), hi: quantileSorted(s, 1 - (1 - level) / 2) };
}

/** Bootstrap standard deviation of a rating (orders the builds for Holm). */
function eloSd(r: Rating): number {
  const s = r.bootstrapElo;
  if (s.length < 2) return NaN;
  const m = s.reduce((a, x) => a + x, 0) / s.length;
  return Math.sqrt(s.reduce((a, x) => a + (x - m) ** 2, 0) / (s.length - 1));
}

/**
 * The bootstrap unit of a game's rating results: its seed. All tables play game i on seed
 * i (one Bent roll) and each table's two seatings are a seat-swapped pair, so the games on
 * one seed are resampled together, never as independent games.
 */
export function ratingGroup(r: Pick<GameRecord, 'seed'>): string {
  return `seed ${r.seed}`;
}

/** Opposing-goal pairs of one game as Bradley–Terry results (in `group`, the bootstrap's unit: the game's seed). */
function opposingPairs(r: GameRecord, group: string): PairResult[] {
  const goals = r.tags['goals'] as readonly string[];
  const builds = r.tags['builds'] as readonly string[];
  const out: PairResult[] = [];
  for (let i = 0; i < goals.length; i++)
    for (let j = 0; j < goals.length; j++)
      if (goals[i] === 'free' && goals[j] === 'safe' && builds[i] !== builds[j]) {
        out.push({ a: builds[i]!, b: builds[j]!, score: 0.5 + (r.returns[i]! - r.returns[j]!) / 2, group });
      }
  return out;
}

export const darkHeroBuilds: Study = {
  name: 'dark-hero-builds',
  power: {
    measure: "a build's expected share against the average build (Holm over 19)",
    unit: 'share',
    primary: (f) => f.id.startsWith('build-'),
    fullSize: '23,200 games',
    full: { median: 0.009, range: [0.007, 0.013], how: 'estimated: the quick spread (4,040 games, seed 1) scaled by √(4,040 / 23,200)' },
    fullMinutes: { minutes: 0.55 },
  },
  gameId: GAME_ID,
  title: 'Dark Hero: which 3-point builds are strongest?',
  question: 'Which of the 19 legal 3-point hero builds win most against the field, and is the seed\'s Superman (Fight 3) stronger than its Batman (Fight 1, Infiltrate 1, 2 Resources)?',
  ...DARK_HERO_AGENTS,
  async run(ctx: StudyContext): Promise<Report> {
    const perTable = ctx.full ? 400 : 80;
    const headToHead = ctx.full ? 4000 : 500;
    const builds = allBuilds();
    const k = builds.length;
    const results: PairResult[] = [];
    // One row per hero of every completed game: its build and its return (grouped below).
    const heroRows: { build: string; share: number }[] = [];
    let total = 0;
    for (let t = 0; t < k; t++) {
      const seated = OFFSETS.map((o) => builds[(t + o) % k]!);
      const orders = [
        { key: `table-${t}-a`, builds: seated, goals: ['free', 'safe', 'free', 'safe'] as const },
        // The same table with the seats of the two teams swapped (seat order counterbalanced).
        { key: `table-${t}-b`, builds: [seated[1]!, seated[0]!, seated[3]!, seated[2]!], goals: ['safe', 'free', 'safe', 'free'] as const },
      ];
      for (const o of orders) {
        const records = await playTable(ctx, o.key, table(o.builds, o.goals), perTable);
        total += records.length;
        for (const r of records) {
          results.push(...opposingPairs(r, ratingGroup(r)));
          (r.tags['builds'] as readonly string[]).forEach((build, seat) => heroRows.push({ build, share: r.returns[seat]! }));
        }
      }
    }
    const fit = bradleyTerry(results, { bootstrap: ctx.full ? 1000 : 200, seed: 1 });
    // Holm over the builds (null: the average build, Elo 0); intervals at each build's level.
    const tests = holm(
      fit.ratings,
      (r) => {
        const sd = eloSd(r);
        return sd > 0 ? Math.abs(r.elo) / sd : 0;
      },
      (r, level) => {
        const i = eloInterval(r, level);
        return i.lo > 0 || i.hi < 0;
      },
    );
    const ratings = fit.ratings.map((r, i) => ({ ...r, ...eloInterval(r, tests[i]!.level), level: tests[i]!.level, differs: tests[i]!.rejected }));
    const best = ratings[0]!;
    const worst = ratings[ratings.length - 1]!;
    const play = playedBy(ctx);
    const verdicts: ReportVerdict[] = [];
    const above = ratings.filter((r) => r.differs && r.elo > 0).map((r) => r.name);
    const below = ratings.filter((r) => r.differs && r.elo < 0).map((r) => r.name);
    // What the verdicts could have missed: each build's MDE in Elo against the average (0), at its Holm level.
    const eloMde = `${mdeRangeText(ratings, 0, (x) => x, 'Elo')} (each build against the average, at its Holm level)`;
    verdicts.push({
      statement:
        above.length + below.length > 0
          ? `Against the average build (${play}): ${above.length ? `stronger: ${above.join(', ')}` : 'none shown stronger'}; ${below.length ? `weaker: ${below.join(', ')}` : 'none shown weaker'}.`
          : `No build is shown to differ from the average build after Holm's correction over ${ratings.length} builds (${play}).`,
      evidence: `Bradley–Terry Elo with bootstrap intervals at each build's Holm level (Holm over ${ratings.length} builds, strongest tested at ${formatLevel(1 - 0.05 / ratings.length)}); ${best.name} ${r3(best.elo)} [${r3(best.lo)}, ${r3(best.hi)}], ${worst.name} ${r3(worst.elo)} [${r3(worst.lo)}, ${r3(worst.hi)}]; ${eloMde}`,
      strength: above.length + below.length > 0 ? 'supported' : 'inconclusive',
    });
    const tiedWithBest = ratings.filter((r) => r.hi >= best.lo).map((r) => r.name);
    const tiedWithWorst = ratings.filter((r) => r.lo <= worst.hi).map((r) => r.name);
    verdicts.push({
      statement:
        best.lo > worst.hi
          ? `Builds differ (${play}): ${best.name} rates highest and ${worst.name} lowest, and their Holm-level intervals do not overlap. Not separable from the best: ${tiedWithBest.join(', ')}; from the worst: ${tiedWithWorst.join(', ')}.`
          : `No build is shown to be stronger than another at this sample size (${play}; best ${best.name}, worst ${worst.name}, Holm-level intervals overlap).`,
      evidence: `${best.name} ${r3(best.elo)} Elo [${r3(best.lo)}, ${r3(best.hi)}], ${worst.name} ${r3(worst.elo)} [${r3(worst.lo)}, ${r3(worst.hi)}]; ${r3(best.games)} and ${r3(worst.games)} opposing pairs; ${eloMde}`,
      strength: best.lo > worst.hi ? 'supported' : 'inconclusive',
    });

    // Superman against Batman, both goal assignments on the same seeds.
    const h = (first: typeof SUPERMAN, second: typeof SUPERMAN) => table([first, second, first, second], ['free', 'safe', 'free', 'safe']);
    const supFree = await playTable(ctx, 'superman-free', h(SUPERMAN, BATMAN), headToHead);
    const supSafe = await playTable(ctx, 'superman-safe', h(BATMAN, SUPERMAN), headToHead);
    total += supFree.length + supSafe.length;
    const bySeed = new Map(supSafe.map((r) => [r.index, r]));
    const diffs: number[] = [];
    const sup: number[] = [];
    const bat: number[] = [];
    for (const a of supFree) {
      const b = bySeed.get(a.index);
      if (!b) continue;
      const s = (teamShare(a, 'free') + teamShare(b, 'safe')) / 2;
      const t = (teamShare(a, 'safe') + teamShare(b, 'free')) / 2;
      sup.push(s);
      bat.push(t);
      diffs.push(s - t);
    }
    const diff = interval(diffs);
    // Key findings for skill sensitivity: each build's rating as its expected share against
    // the average build (a monotone map of Elo, so the Holm-level intervals and verdicts
    // carry over; shares sit on one axis with the Superman–Batman difference).
    const vsAverage = (elo: number) => 1 / (1 + 10 ** (-elo / 400));
    const findings: KeyFinding[] = [
      ...ratings.map((r) => ({ id: `build-${r.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, label: `${r.name}: expected share vs the average build`, estimate: vsAverage(r.elo), lo: vsAverage(r.lo), hi: vsAverage(r.hi), nullValue: 0.5, n: r.games, level: r.level, family: `Holm over ${ratings.length} builds` })),
      { id: 'superman-minus-batman', label: 'Superman (F3) − Batman (F1 I1 R2), team share', estimate: diff.mean, lo: diff.lo, hi: diff.hi, nullValue: 0, n: diff.n, level: 0.95, family: 'Superman v Batman: one test at 95%' },
    ];
    verdicts.push(differenceVerdict(`Superman (F3) vs Batman (F1 I1 R2), two of each, goals swapped on the same seeds, ${play}`, diff, 'Superman\'s team wins more', 'Batman\'s team wins more'));
    const rating = (name: string) => ratings.find((r) => r.name === name);
    const supR = rating(buildCode(SUPERMAN))!;
    const batR = rating(buildCode(BATMAN))!;

    // The per-build table groups hero rows through a DataFrame (src/analysis/table.ts).
    const ownByBuild = new Map(groupMeans(heroRows, ['build'], 'share').map((g) => [String(g['build']), g]));
    const rows = ratings.map((r) => {
      const own = ownByBuild.get(r.name) ?? { mean: NaN, n: 0 };
      return { build: r.name, elo: r3(r.elo), 'elo low': r3(r.lo), 'elo high': r3(r.hi), level: formatLevel(r.level), 'differs from average': r.differs ? 'yes' : 'no', 'share vs opponents': r3(r.share), 'own mean return': r3(own.mean), 'opposing pairs': r.games, games: own.n };
    });
    return {
      id: 'dark-hero-builds',
      title: this.title,
      gameId: GAME_ID,
      question: this.question,
      verdicts,
      findings,
      sections: [
        {
          heading: 'Every build against the field',
          blocks: [
            {
              kind: 'text',
              text: `Build codes: F = Fighting, I = Infiltrating, A = Aces, R = Resource cards (F3 is Superman, F1 I1 R2 Batman). ${k * 2} table configurations × ${perTable} games, ${playedBy(ctx)}, the d4 Bent rolled each game. Each build played ${rows[0]?.games ?? 0}+ hero-games. Ratings: Bradley–Terry on Free–Safe pairs, Elo scale (0 = average build), bootstrap intervals at each build's Holm level that resample seeds (every table plays game i on seed i — one Bent roll — and each table's two seatings are a seat-swapped pair, so the games on one seed are one unit: ${perTable} seeds). ${holmNote(ratings.length, 'builds (each against the average build)')} The Superman–Batman head-to-head is a separate test at 95%.`,
            },
            { kind: 'chart', id: 'build-ratings', title: 'Build ratings', caption: 'Builds whose intervals overlap cannot be told apart at this sample size.', spec: ratingBars(ratings.map((r) => ({ name: r.name, rating: r.elo, lo: r.lo, hi: r.hi, n: r.games })), { title: 'Bradley–Terry rating of each 3-point build', subtitle: `against heroes of the opposite goal, bootstrap intervals Holm-corrected over ${ratings.length} builds`, intervalLabel: 'Holm-level' }) },
            { kind: 'table', id: 'build-ratings-table', title: 'Build ratings', rows },
          ],
        },
        {
          heading: 'The seed\'s Superman and Batman',
          blocks: [
            {
              kind: 'text',
              text: `Two Supermen (F3) against two Batmen (F1 I1 R2), ${headToHead} games with Superman Free and the same seeds with Superman Safe. Superman's team share ${fmt(interval(sup))}, Batman's ${fmt(interval(bat))}, difference ${fmt(diff)}. In the round robin: ${supR.name} ${r3(supR.elo)} Elo [${r3(supR.lo)}, ${r3(supR.hi)}], ${batR.name} ${r3(batR.elo)} [${r3(batR.lo)}, ${r3(batR.hi)}].`,
            },
          ],
        },
      ],
      meta: {
        command: ctx.command,
        seed: ctx.seed,
        sampleSizes: { 'games per table': perTable, tables: k * 2, 'Superman v Batman games per goal order': headToHead, 'total games': total },
        details: { agents: studyAgents(DARK_HERO_AGENTS, ctx), design: 'cyclic tables (t, t+1, t+4, t+6) mod 19, both seat orders', bootstrap: ctx.full ? 1000 : 200 },
      },
    };
  },
};
