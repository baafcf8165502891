/**
 * superhero-gladiators-costs: does the cost formula price powers fairly?
 *
 * Design: uniformly random legal 200-point heroes (generator.ts) duel in a seeded
 * schedule: the builds are shuffled onto a circle and each meets the next `degree`
 * builds along it (every build plays 2·degree matchups), each matchup one seat-swapped
 * pair (the unit). Full runs add 2v2 matchups of random teams. From the pairs
 * (pricing.ts):
 *
 * - relative prices: a logistic regression of the pair share on the two sides' build
 *   features (each power's formula points, the points of powers with each enhancement,
 *   each characteristic's points), turned into "what one formula point of this is worth
 *   in average points" (1 = fairly priced) with delta-method intervals, Holm over every
 *   feature tested;
 * - the refit: the formula's constants fitted so that cost differences predict the
 *   training pairs best, judged on held-out builds (every fourth build, never seen by the
 *   fit) by the spread of their field shares around what their cost predicts, before and
 *   after, with a paired bootstrap interval of the change.
 */
import { costScatter, forestPlot } from '../../src/analysis/charts.js';
import type { KeyFinding, Report, ReportBlock, ReportVerdict, YourContent } from '../../src/analysis/report-model.js';
import { yourShares } from '../../src/analysis/report/yours.js';
import { unitShareInterval } from '../../src/analysis/stats/paired.js';
import { formatLevel, holm, holmNote } from '../../src/analysis/stats/multiplicity.js';
import { fmtNum } from '../../src/analysis/stats/price.js';
import { mdeRangeText, mdeText } from '../../src/analysis/stats/verdict.js';
import { deriveSeed, Rng } from '../../src/core/rng.js';
import { type BuildOptions, POWER_INFO, type Enhancement, type PowerType, BuildGenerator, DEFAULT_BUILD_SPACE, type HeroSpec } from '../../src/games/superhero-gladiators/index.js';
import {
  ALL_FEATURES,
  BUILD_STUDY_AGENTS,
  buildAgentOf,
  buildPlay,
  GAME_ID,
  formulaCost,
  isExtraFeature,
  LIMITED_USES,
  PER_LEVEL,
  playMatchup,
  runKey,
  studyBuildOptions,
  teamFeatures,
  userHeroes,
  type ShgStudyContext,
} from './common.js';
import { excessInterval, fitRelativePrices, fitScale, heldOutSpread, priceInterval, refitFormula, spreadChange, type PairUnit, type PriceFit, type RelativePrice } from './pricing.js';
import type { Study } from '../study.js';

const TITLE = 'Superhero Gladiators: does the cost formula price powers fairly?';
const QUESTION =
  'Across random legal 200-point heroes, is a formula point worth the same whichever power, enhancement or characteristic it buys — and which constants of the formula would make equal-cost heroes equally strong?';

export interface CostSizes {
  readonly builds: number;
  readonly degree: number;
  readonly teamMatchups: number;
}

const QUICK: CostSizes = { builds: 40, degree: 4, teamMatchups: 0 };
const FULL: CostSizes = { builds: 600, degree: 10, teamMatchups: 1500 };

const fmt = (x: number, d = 3): string => fmtNum(x, d);

/** A feature's name for people: "close attack", "enhancement piercing", "characteristic DEX". */
function label(feature: string): string {
  if (feature === LIMITED_USES) return 'powers with limited uses (the uses factor)';
  if (feature === PER_LEVEL) return 'levels above 1 (the level growth, per point)';
  const [kind, id] = feature.split(':') as [string, string];
  if (kind === 'enh') return `powers bought with ${id}`;
  if (kind === 'power') return POWER_INFO[id as PowerType].name;
  return `characteristic ${id}`;
}

/** The seeded schedule: shuffled circle, each build against the next `degree` along it. */
function circleSchedule(count: number, degree: number, rng: Rng): [number, number][] {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const out: [number, number][] = [];
  for (let step = 1; step <= Math.min(degree, Math.floor((count - 1) / 2)); step++) {
    for (let i = 0; i < count; i++) out.push([order[i]!, order[(i + step) % count]!]);
  }
  return out;
}

/**
 * A user hero's duels: `count` distinct generated builds drawn on a stream seeded by the
 * hero's name (the hero on side A in half of them), as many duels as a generated build
 * has in the circle. Its own stream: another hero added to the file changes nothing here.
 */
export function userSchedule(hero: HeroSpec, generated: readonly HeroSpec[], count: number, seed: string | number): [HeroSpec, HeroSpec][] {
  const rng = Rng.fromSeed(seed, 'superhero-gladiators-costs', 'user', hero.name);
  const pick = new Set<number>();
  while (pick.size < Math.min(count, generated.length)) pick.add(rng.int(generated.length));
  return [...pick].map((k, i): [HeroSpec, HeroSpec] => (i % 2 === 0 ? [hero, generated[k]!] : [generated[k]!, hero]));
}

interface TestedPrice extends RelativePrice {
  readonly level: number;
  /** Holm rejected "priced like the average point" (d_j = 0). */
  readonly supported: boolean;
  /** d_j's interval at the Holm level. */
  readonly lo: number;
  readonly hi: number;
  /** The price ratio's interval at the same level (meaningful only when λ is shown positive). */
  readonly ratioLo: number;
  readonly ratioHi: number;
}

/** Holm over every priced feature: is a point of it worth more or less than the average point (d_j ≠ 0)? */
function testPrices(fit: PriceFit): TestedPrice[] {
  const decisions = holm(
    fit.prices,
    (p) => Math.abs(p.excess) / (p.excessSe || Infinity),
    (p, level) => {
      const { lo, hi } = excessInterval(p, level);
      return lo > 0 || hi < 0;
    },
  );
  return fit.prices.map((p, i) => {
    const { level, rejected } = decisions[i]!;
    const { lo, hi } = excessInterval(p, level);
    const r = priceInterval(p, level);
    return { ...p, level, lo, hi, ratioLo: r.lo, ratioHi: r.hi, supported: rejected };
  });
}

/**
 * What 10 points moved into a feature do to an even pair's win share: the logistic of the
 * log-odds change 10·d, less ½. Near 0 that is 2.5·d (η/4), but the straight line runs past
 * what a share can move (a charted 1.6); the curve stays within (−½, ½).
 */
export const sharePer10 = (d: number): number => (Number.isFinite(d) ? 1 / (1 + Math.exp(-10 * d)) - 0.5 : d);
/** What sharePer10 can take: an even pair's share moved from ½ by at most ½ either way. */
const PER10_BOUNDS = { min: -0.5, max: 0.5 } as const;

export function superheroGladiatorsCostsStudy(sizes?: CostSizes): Study {
  return {
    name: 'superhero-gladiators-costs',
    power: {
      measure: "a feature's price, win share per 10 points (Holm over 36)",
      unit: 'share',
      fullSize: '6,000 duel pairs',
      full: { median: 0.05, how: 'the widest, measured on the --full run (seed 1): powers 0.03–0.05 a 10 points, characteristics ≤ 0.01' },
      fullMinutes: { minutes: 3.6 },
    },
    gameId: GAME_ID,
    title: TITLE,
    question: QUESTION,
    ...BUILD_STUDY_AGENTS,
    async run(ctx: ShgStudyContext): Promise<Report> {
      const s = sizes ?? (ctx.full ? FULL : QUICK);
      const rng = Rng.fromSeed(ctx.seed, 'superhero-gladiators-costs', 'builds');
      const gen = new BuildGenerator(DEFAULT_BUILD_SPACE, studyBuildOptions(ctx));
      const generated = Array.from({ length: s.builds }, (_, i) => gen.next(rng, `random build ${i + 1}`).spec);
      const user = userHeroes(ctx);
      const builds: HeroSpec[] = [...generated, ...user];
      // Every fourth generated build is held out of the refit (user heroes always train).
      const heldOut = new Set(generated.filter((_, i) => i % 4 === 3).map((h) => h.name));

      // The generated builds' schedule and teams never depend on the user's heroes: each user
      // hero plays its own seeded opponents (userSchedule), so adding or editing one hero
      // replays only its own duels and leaves every other verdict's games as they were.
      const duels: PairUnit[] = [];
      const schedule: [HeroSpec, HeroSpec][] = [
        ...circleSchedule(generated.length, s.degree, Rng.fromSeed(ctx.seed, 'superhero-gladiators-costs', 'schedule')).map(([i, j]): [HeroSpec, HeroSpec] => [generated[i]!, generated[j]!]),
        ...user.flatMap((hero) => userSchedule(hero, generated, 2 * s.degree, ctx.seed)),
      ];
      for (const [a, b] of schedule) {
        const res = await playMatchup(ctx, `costs-${runKey([a.name, b.name])}`, [a], [b], 1, buildAgentOf(ctx));
        for (const share of res.scores) duels.push({ a: [a], b: [b], share });
      }
      const teams: PairUnit[] = [];
      const teamRng = Rng.fromSeed(ctx.seed, 'superhero-gladiators-costs', 'teams');
      for (let m = 0; m < s.teamMatchups; m++) {
        const pick = new Set<number>();
        while (pick.size < 4) pick.add(teamRng.int(generated.length));
        const [w, x, y, z] = [...pick].map((k) => generated[k]!);
        const res = await playMatchup(ctx, `costs-2v2-${m}`, [w!, x!], [y!, z!], 1, buildAgentOf(ctx));
        for (const share of res.scores) teams.push({ a: [w!, x!], b: [y!, z!], share });
      }

      const o = studyBuildOptions(ctx);
      const features = (t: readonly HeroSpec[]) => teamFeatures(t, o);
      const tryFit = (units: readonly PairUnit[]): PriceFit | string => {
        try {
          return fitRelativePrices(units, features, ALL_FEATURES, ctx.full ? 8 : 4);
        } catch (e) {
          return e instanceof Error ? e.message : String(e);
        }
      };
      const duelFit = tryFit(duels);
      const teamFit = teams.length ? tryFit(teams) : undefined;

      // The refit: training pairs have no held-out build; held-out builds are judged on their own pairs.
      const training = duels.filter((u) => ![...u.a, ...u.b].some((h) => heldOut.has(h.name)));
      const testing = duels.filter((u) => [...u.a, ...u.b].some((h) => heldOut.has(h.name)));
      const before = fitScale(training, o);
      const refit = refitFormula(training, o);
      const spreadBefore = heldOutSpread([...heldOut], testing, before);
      const spreadAfter = heldOutSpread([...heldOut], testing, refit.fit);
      const change = spreadChange(spreadBefore, spreadAfter, deriveSeed(ctx.seed, 'superhero-gladiators-costs', 'bootstrap'));

      return report(ctx, { sizes: s, builds, user, duels, teams, duelFit, teamFit, training, heldOut: heldOut.size, before, refit, spreadBefore, spreadAfter, change });
    },
  };
}

interface Results {
  readonly sizes: CostSizes;
  readonly builds: readonly HeroSpec[];
  readonly user: readonly HeroSpec[];
  readonly duels: readonly PairUnit[];
  readonly teams: readonly PairUnit[];
  readonly duelFit: PriceFit | string;
  readonly teamFit: PriceFit | string | undefined;
  readonly training: readonly PairUnit[];
  readonly heldOut: number;
  readonly before: ReturnType<typeof fitScale>;
  readonly refit: ReturnType<typeof refitFormula>;
  readonly spreadBefore: ReturnType<typeof heldOutSpread>;
  readonly spreadAfter: ReturnType<typeof heldOutSpread>;
  readonly change: ReturnType<typeof spreadChange>;
}

/** A hero's pair shares over its duels (its side's share in each). */
function fieldShares(h: HeroSpec, duels: readonly PairUnit[]): number[] {
  return duels.filter((u) => u.a.includes(h) || u.b.includes(h)).map((u) => (u.a.includes(h) ? u.share : 1 - u.share));
}

/**
 * The hero file's heroes for the report's opening section: each one's field share (mean
 * pair share over its duels against random legal heroes), Holm over the user's heroes
 * against an even 0.5, ranked among the random heroes measured the same way (95% intervals).
 */
function yourHeroes(r: Results): { yourContent?: YourContent } {
  if (r.user.length === 0) return {};
  const field = r.builds.filter((h) => !r.user.includes(h));
  return {
    yourContent: yourShares({
      measure: 'field share (mean pair share in duels against random heroes)',
      fieldName: `the ${field.length} random legal heroes`,
      users: r.user.map((h) => ({ name: h.name, units: fieldShares(h, r.duels) })),
      field: field.map((h) => ({ name: h.name, units: fieldShares(h, r.duels) })),
      say: {
        higher: 'wins more than half its duels against random legal heroes of the same budget.',
        lower: 'loses more than half its duels against random legal heroes of the same budget.',
        none: 'not shown to win or lose more than half its duels at this sample size.',
      },
    }),
  };
}

/** Verdicts, charts and the table of one price fit (1v1 or 2v2). */
function priceSection(what: string, fit: PriceFit | string, units: number, PLAY: string, o: BuildOptions): { verdicts: ReportVerdict[]; blocks: ReportBlock[]; findings: KeyFinding[] } {
  const stem = what.startsWith('2v2') ? 'team' : 'duel';
  if (typeof fit === 'string') {
    return {
      verdicts: [{ statement: `${what}: no prices could be fitted (${fit}).`, evidence: `${units} seat-swapped pairs; MDE not estimable (no fit)`, strength: 'inconclusive' }],
      blocks: [{ kind: 'text', text: `The price fit did not run: ${fit}` }],
      findings: [],
    };
  }
  const tested = testPrices(fit);
  const family = tested.length;
  // A price in points needs the average point's own value shown positive (see pricing.ts).
  const lambdaShown = fit.lambda - 1.96 * fit.lambdaSe > 0;
  const verdicts: ReportVerdict[] = [];
  const ev = (p: TestedPrice) =>
    `${fmt(p.excess, 4)} [${fmt(p.lo, 4)}, ${fmt(p.hi, 4)}] win log-odds per point beyond the average point's (fair: 0), about ${fmt(sharePer10(p.excess), 3)} win share per 10 points moved into it${lambdaShown ? `; price ${fmt(p.ratio, 2)} [${fmt(p.ratioLo, 2)}, ${fmt(p.ratioHi, 2)}] average points per point` : ''}; tested at ${formatLevel(p.level)} (Holm over ${family}; ${mdeText(p, 3, sharePer10, 'win share per 10 points')}); ${p.holders} builds hold it (${fmt(p.meanPoints, 0)} formula points on average); ${units} pairs, ${PLAY}`;
  const shown = tested.filter((p) => p.supported).sort((a, b) => Math.abs(b.excess) / b.excessSe - Math.abs(a.excess) / a.excessSe);
  for (const p of shown) {
    const cheap = p.excess > 0;
    const extra = isExtraFeature(p.feature);
    const name = extra ? label(p.feature) : label(p.feature);
    const enhOffset = extra ? 1 : 0;
    const price = lambdaShown ? ` In average points, a point of it is worth ${fmt(enhOffset + p.ratio, 2)} (Holm-level interval ${fmt(enhOffset + p.ratioLo, 2)} to ${fmt(enhOffset + p.ratioHi, 2)}).` : '';
    verdicts.push({
      statement: `${what}: ${name} ${extra ? 'are' : 'is'} ${cheap ? 'UNDER-priced' : 'OVER-priced'} by the formula: a point spent on ${extra ? 'them' : 'it'} buys ${cheap ? 'more' : 'less'} winning than ${extra ? 'a point of the same powers without it' : 'the average point'}.${price}`,
      evidence: ev(p),
      strength: 'supported',
    });
  }
  if (shown.length === 0) {
    const top = [...tested].sort((a, b) => Math.abs(b.excess) / b.excessSe - Math.abs(a.excess) / a.excessSe)[0];
    verdicts.push({
      statement: `${what}: no power, enhancement or characteristic is shown priced unlike the average point at this sample size (${family} tested together).`,
      evidence: top ? `largest deviation: ${label(top.feature)} ${ev(top)}; by feature at its Holm level ${mdeRangeText(tested, 3, sharePer10, 'win share per 10 points')}` : 'no feature could be fitted, so MDE not estimable (no interval)',
      strength: 'inconclusive',
    });
  }
  if (!lambdaShown) {
    verdicts.push({
      statement: `${what}: prices in points are not estimable from these games — what a point is worth overall is not shown above 0, because every random build spends about the whole budget; the over/under-pricing above compares features with each other and does not need it.`,
      evidence: `λ = ${fmt(fit.lambda, 4)} ± ${fmt(1.96 * fit.lambdaSe, 4)} win log-odds per point (95%; ${mdeText({ lo: fit.lambda - 1.96 * fit.lambdaSe, hi: fit.lambda + 1.96 * fit.lambdaSe }, 4, (x) => x, 'win log-odds per point')}); ${units} pairs, ${PLAY}`,
      strength: 'inconclusive',
    });
  }
  const clip = (x: number) => Math.max(-1000, Math.min(1000, x));
  const effect = (p: TestedPrice) => ({
    label: p.feature.startsWith('enh:') ? p.feature.slice(4) : label(p.feature),
    estimate: sharePer10(p.excess),
    lo: sharePer10(p.lo),
    hi: sharePer10(p.hi),
    n: p.holders,
    group: p.supported ? (p.excess > 0 ? 'under-priced (Holm)' : 'over-priced (Holm)') : 'not shown',
  });
  const blocks: ReportBlock[] = [
    {
      kind: 'chart',
      id: `${stem}-mispricing`,
      title: `${what}: win share bought by 10 points moved into each power or characteristic, beyond the average point`,
      caption: `Point: change in an even pair's win share when 10 formula points move from the average purchase into the feature (0 = the formula prices it like everything else; right of 0 under-priced); bar: interval at the Holm level (${family} features tested together); colour: Holm's decision. ${PLAY}.`,
      spec: forestPlot(
        tested.filter((p) => !isExtraFeature(p.feature)).map(effect).sort((a, b) => b.estimate - a.estimate),
        { title: `Mispricing per power and characteristic (${what})`, xTitle: 'win share per 10 points moved in', zero: 0, intervalLabel: 'Holm-level', bounds: PER10_BOUNDS },
      ),
    },
    {
      kind: 'chart',
      id: `${stem}-enhancement-mispricing`,
      title: `${what}: extra win share per 10 points of powers bought with each enhancement, with limited uses, and per level`,
      caption: 'Point: how much more (right) or less (left) 10 points of powers bought with the enhancement win than 10 points of the same powers without it (gizmo kinds against no gizmo); 0 = its cost modifier is fair. "limited uses": powers with a number of uses against infinite ones (the uses factor); "per level": each level above 1 per point (the level growth). Bar: Holm-level interval.',
      spec: forestPlot(
        tested.filter((p) => isExtraFeature(p.feature)).map(effect).sort((a, b) => b.estimate - a.estimate),
        { title: `Mispricing per enhancement (${what})`, xTitle: 'extra win share per 10 points', zero: 0, intervalLabel: 'Holm-level', bounds: PER10_BOUNDS },
      ),
    },
  ];
  if (lambdaShown) {
    const powers = tested.filter((p) => p.feature.startsWith('power:'));
    const enh = tested.filter((p) => p.feature.startsWith('enh:'));
    blocks.push(
      {
        kind: 'chart',
        id: `${stem}-power-prices`,
        title: `${what}: fitted price against the formula's price, per power`,
        caption: `Each power at the mean formula cost of the builds holding it (x) and what those points are worth in average points (y), bar = Holm-level interval. On the dashed line a power is fairly priced; above it, under-priced.`,
        spec: costScatter(
          powers.map((p) => ({ name: label(p.feature), listed: p.meanPoints, fitted: clip(p.ratio * p.meanPoints), lo: clip(p.ratioLo * p.meanPoints), hi: clip(p.ratioHi * p.meanPoints) })),
          { title: `Fitted vs formula price per power (${what})`, unit: 'points', outlierGap: 0 },
        ),
      },
      {
        kind: 'chart',
        id: `${stem}-enhancement-modifiers`,
        title: `${what}: fitted cost modifier against the formula's, per enhancement`,
        caption: 'x: the formula modifier (RULES-NOTES defaults); y: the modifier that would make a point on powers with it worth an average point, bar = Holm-level interval; on the dashed line the modifier is fair.',
        spec: costScatter(
          enh.map((p) => {
            const m = o.modifiers[p.feature.slice(4) as Enhancement];
            return { name: p.feature.slice(4), listed: m, fitted: clip(m * (1 + p.ratio)), lo: clip(m * (1 + p.ratioLo)), hi: clip(m * (1 + p.ratioHi)) };
          }),
          { title: `Fitted vs formula enhancement modifiers (${what})`, unit: '×' },
        ),
      },
    );
  } else {
    blocks.push({
      kind: 'text',
      text: `No chart of fitted prices in points: the value of an average point (λ = ${fmt(fit.lambda, 4)} ± ${fmt(1.96 * fit.lambdaSe, 4)} win log-odds per point) is not shown above 0, so any price in points would divide by a number that may be zero. The comparisons above do not depend on it.`,
    });
  }
  blocks.push({
    kind: 'table',
    id: `${stem}-prices`,
    title: `${what}: mispricing of every feature`,
    caption: `excess: win log-odds per formula point beyond the average point's (enhancements: extra per point of the powers bought with it), lo/hi at the Holm level given; sharePer10: the same as win share per 10 points moved in; ratio/ratioLo/ratioHi: price in average points per point (only meaningful when λ is shown above 0; here ${lambdaShown ? 'it is' : 'it is not'}); holders: builds holding the feature; meanPoints: its formula points among them.${fit.tooRare.length ? ` Too rare to fit: ${fit.tooRare.map(label).join(', ')}.` : ''}`,
    rows: tested.map((p) => ({
      feature: label(p.feature),
      excess: Number(fmt(p.excess, 5)),
      lo: Number(fmt(p.lo, 5)),
      hi: Number(fmt(p.hi, 5)),
      sharePer10: Number(fmt(sharePer10(p.excess), 4)),
      level: Number(fmt(p.level, 4)),
      verdict: p.supported ? (p.excess > 0 ? 'under-priced' : 'over-priced') : 'not shown',
      ratio: Number(fmt(p.ratio)),
      ratioLo: Number(fmt(p.ratioLo)),
      ratioHi: Number(fmt(p.ratioHi)),
      holders: p.holders,
      meanPoints: Number(fmt(p.meanPoints, 1)),
    })),
  });
  // Key findings (--skill): each feature's excess win log-odds per point, at its Holm level (fair: 0).
  const findings: KeyFinding[] = tested.map((p) => ({ id: `${stem}-${p.feature.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, label: `${what}: ${label(p.feature)}, win log-odds per point beyond the average point`, estimate: p.excess, lo: p.lo, hi: p.hi, nullValue: 0, n: units, level: p.level, family: `Holm over ${family} features` }));
  return { verdicts, blocks, findings };
}

/** The refit's search range (pricing.ts plausible) per constant; null where it has none. */
function searchRange(name: string): readonly [number, number] | null {
  if (name === 'levelBase') return [0.5, 4];
  if (name === 'usesBase') return [1, 4];
  if (name === 'characteristicPrice') return [1, 300];
  if (name.startsWith('modifiers.')) return [0.05, 20];
  return null;
}

/** Is `v` at the edge of the constant's search range? */
function atBound(name: string, v: number): boolean {
  const range = searchRange(name);
  if (!range) return false;
  const near = (a: number) => Math.abs(v - a) <= 1e-3 * Math.abs(a);
  return near(range[1]) || (name === 'usesBase' ? v < 1.001 : near(range[0]));
}

/**
 * A refit constant's row: its Wald interval only where the games constrain it. An interval
 * that runs past the searched range (a refit "[0.924, 103.6]") comes from a flat likelihood,
 * where a Wald interval has no 95% coverage: it is not shown, and the note says why.
 */
export function refitRow(k: { name: string; original: number; refit: number; lo: number; hi: number }): { constant: string; formula: number; refit: number; lo: number | null; hi: number | null; note: string } {
  const range = searchRange(k.name);
  const finite = Number.isFinite(k.lo) && Number.isFinite(k.hi);
  const unconstrained = finite && range !== null && (k.lo < range[0] || k.hi > range[1]);
  const shown = finite && !unconstrained;
  return {
    constant: k.name,
    formula: Number(fmt(k.original, 4)),
    refit: Number(fmt(k.refit, 4)),
    lo: shown ? Number(fmt(k.lo, 4)) : null,
    hi: shown ? Number(fmt(k.hi, 4)) : null,
    note: atBound(k.name, k.refit)
      ? 'at the edge of the searched range: the games push it further (or do not constrain it)'
      : !finite
        ? 'interval not estimable (flat likelihood)'
        : unconstrained
          ? `not constrained by these games: its Wald interval [${fmt(k.lo, 3)}, ${fmt(k.hi, 3)}] runs past the searched range [${range![0]}, ${range![1]}] (a flat likelihood, where a Wald interval has no 95% coverage)`
          : '',
  };
}

function report(ctx: ShgStudyContext, r: Results): Report {
  const PLAY = buildPlay(ctx);
  const duels = priceSection('1v1', r.duelFit, r.duels.length, PLAY, studyBuildOptions(ctx));
  const teams = r.teamFit === undefined ? undefined : priceSection('2v2', r.teamFit, r.teams.length, PLAY, studyBuildOptions(ctx));
  const c = r.change;
  const better = c.hi < 0;
  const worse = c.lo > 0;
  const refitVerdict: ReportVerdict = {
    statement: better
      ? `Refitting the formula's constants makes held-out heroes' win shares closer to what their cost predicts (spread ${fmt(r.spreadBefore.rms)} → ${fmt(r.spreadAfter.rms)}).`
      : worse
        ? `The refit constants predict held-out heroes worse than the formula as written (spread ${fmt(r.spreadBefore.rms)} → ${fmt(r.spreadAfter.rms)}): the refit over-fits the training games.`
        : `Refitting the formula's constants is not shown to price held-out heroes better (spread ${fmt(r.spreadBefore.rms)} → ${fmt(r.spreadAfter.rms)}; the change's interval includes 0).`,
    evidence: `change in mean squared residual ${fmt(c.estimate, 4)} [${fmt(c.lo, 4)}, ${fmt(c.hi, 4)}] (paired bootstrap over ${c.n} held-out builds; ${mdeText(c, 4)}); sampling-noise floor of the squared residual ${fmt(r.spreadBefore.noise, 4)}; fitted on ${r.training.length} training pairs, ${PLAY}`,
    strength: better || worse ? 'supported' : 'inconclusive',
  };
  const verdicts = [...duels.verdicts, ...(teams?.verdicts ?? []), refitVerdict].sort((a, b) => Number(b.strength === 'supported') - Number(a.strength === 'supported'));
  const refitRows = r.refit.constants.map(refitRow);
  const opt = r.refit.fit.options;
  const pasteable = JSON.stringify({
    build: {
      levelBase: Number(opt.levelBase.toFixed(4)),
      usesB: Number(opt.usesB.toFixed(4)),
      usesBase: Number(opt.usesBase.toFixed(4)),
      characteristicPrice: Number(opt.characteristicPrice.toFixed(2)),
      modifiers: Object.fromEntries(Object.entries(opt.modifiers).map(([k, v]) => [k, Number(v.toFixed(3))])),
    },
  });
  const family = typeof r.duelFit === 'string' ? 0 : r.duelFit.prices.length;
  const userRows = r.user.map((h) => {
    const mine = r.duels.filter((u) => u.a.includes(h) || u.b.includes(h)).map((u) => (u.a.includes(h) ? u.share : 1 - u.share));
    const mean = mine.reduce((s, x) => s + x, 0) / Math.max(1, mine.length);
    return { hero: h.name, cost: Number(fmt(formulaCost(h, studyBuildOptions(ctx)), 1)), share: Number(fmt(mean)), pairs: mine.length };
  });
  return {
    id: 'superhero-gladiators-costs',
    title: TITLE,
    gameId: GAME_ID,
    question: QUESTION,
    verdicts,
    // Key findings for skill sensitivity (--skill): each feature's mispricing at its Holm level.
    findings: [...duels.findings, ...(teams?.findings ?? [])],
    ...yourHeroes(r),
    sections: [
      {
        heading: 'Method',
        blocks: [
          {
            kind: 'text',
            text: `${r.builds.length - r.user.length} uniformly random legal heroes (the generator's documented space: up to 4 powers, levels 1–5, uses 1/2/3/5/10/infinite, every enhancement, spending 80–100% of the 200 points)${r.user.length ? ` and ${r.user.length} heroes from the hero file` : ''} duel on the default map: the random heroes shuffled onto a circle, each meets the next ${r.sizes.degree} along it${r.user.length ? `; each hero of the file meets ${2 * r.sizes.degree} random heroes drawn on its own seeded stream (so adding or editing a hero replays only its duels)` : ''}, one seat-swapped pair per matchup (${r.duels.length} pairs)${r.teams.length ? `, plus ${r.teams.length} pairs of 2v2 matchups between teams of random heroes` : ''}; ${PLAY}. A logistic regression of the pair share on the difference of the sides' features — each power's formula points, the points of the powers bought with each enhancement, each characteristic's points × 30 — gives the win log-odds a point of each buys. A feature is mis-priced when a point of it buys more (under-priced) or less (over-priced) than the average point the builds hold; an enhancement when the powers bought with it win more or less per point than the same powers without it. That comparison is what the games identify; a price in points also needs the value of the average point itself, which is known only as well as the builds' spending varies (80–100% of the budget), so prices in points are shown only when it is shown above 0. ${holmNote(family, 'features')} Intervals are Wald/delta-method from the pair units (the binomial information of a pair's share is conservative for a share of two games). A price is one number per power at the levels, uses and enhancements the builds hold it with; the refit below is where level and uses enter.`,
          },
        ],
      },
      { heading: 'Prices in duels (1v1)', blocks: duels.blocks },
      ...(teams ? [{ heading: 'Prices in 2v2', blocks: teams.blocks }] : []),
      {
        heading: 'Refitting the formula',
        blocks: [
          {
            kind: 'text',
            text: `The formula's constants (level base, the 3.15 and the 1.1 of the uses factor, each enhancement modifier, the characteristic price; the leading 10, the 3 and no-gizmo's 1 fix the scale) and a scale κ are fitted by maximum likelihood so that logit P(A beats B) = κ·(cost(A) − cost(B)) on the ${r.training.length} training pairs (Nelder–Mead${r.refit.converged ? '' : ', stopped at its evaluation budget'}; 95% Wald intervals from a numerical Hessian). Maximising that likelihood is minimising the spread of win shares that cost leaves unexplained: under a fair formula, heroes of equal cost win equally. Judged on ${r.heldOut} held-out heroes the fit never saw: the RMS of (field share − share their cost predicts) is ${fmt(r.spreadBefore.rms)} with the formula as written (κ = ${fmt(r.before.kappa, 4)}) and ${fmt(r.spreadAfter.rms)} with the refit (κ = ${fmt(r.refit.fit.kappa, 4)}); beyond sampling noise: ${fmt(r.spreadBefore.excess)} → ${fmt(r.spreadAfter.excess)}. To play with the refit constants: --options '${pasteable}'.`,
          },
          { kind: 'table', id: 'refit-constants', title: 'The formula constants as written and refit (95% Wald intervals)', rows: refitRows },
          {
            kind: 'chart',
            id: 'refit-spread',
            title: 'Spread of held-out heroes’ win shares around their cost’s prediction',
            caption: `RMS residual of ${r.heldOut} held-out heroes, before and after the refit; the dashed line is the sampling-noise floor (${fmt(Math.sqrt(r.spreadBefore.noise))}). Change in mean squared residual ${fmt(c.estimate, 4)} [${fmt(c.lo, 4)}, ${fmt(c.hi, 4)}] (paired bootstrap).`,
            spec: forestPlot(
              [
                { label: 'formula as written', estimate: r.spreadBefore.rms, lo: r.spreadBefore.rms, hi: r.spreadBefore.rms, n: c.n },
                { label: 'refit constants', estimate: r.spreadAfter.rms, lo: r.spreadAfter.rms, hi: r.spreadAfter.rms, n: c.n },
              ],
              { title: 'Held-out spread before and after the refit', xTitle: 'RMS of field share − predicted share', zero: Math.sqrt(r.spreadBefore.noise) },
            ),
          },
        ],
      },
      ...(userRows.length ? [{ heading: 'Your heroes', blocks: [{ kind: 'table' as const, id: 'user-heroes', title: 'Heroes from the hero file: formula cost and field share (mean pair share over their duels)', rows: userRows }] }] : []),
    ],
    meta: {
      command: ctx.command,
      seed: ctx.seed,
      sampleSizes: { builds: r.builds.length, 'duel pairs': r.duels.length, '2v2 pairs': r.teams.length, 'training pairs': r.training.length, 'held-out builds': r.heldOut, 'prices tested (Holm family)': family },
      details: { agent: buildAgentOf(ctx), degree: r.sizes.degree, options: 'defaults (default map, 20-turn cap)' },
    },
  };
}

export const superheroGladiatorsCosts = superheroGladiatorsCostsStudy();
