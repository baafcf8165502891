/**
 * superhero-gladiators-builds: is there a broken build?
 *
 * Design: an evolutionary search, (μ + λ) with common opponents. The field is a seeded
 * set of uniformly random legal 200-point heroes (generator.ts). Generation 0 is μ + λ
 * random builds; each generation every member plays one seat-swapped pair against each
 * of `k` field heroes drawn for that generation (the same k for everybody, so members are
 * compared on common opponents and seeds), the best μ survive, and λ children are made
 * by mutating survivors (mutateBuild: re-buy, swap, add or drop a power, move, buy or
 * sell a characteristic point; every child legal and spending 80–100% of the budget).
 *
 * The search's own scores are biased upward (the best of many noisy scores is lucky), so
 * the finalists are re-measured against a *separate* field the search never met, many
 * pairs each: their win share with a t interval over pairs, Holm over the finalists
 * against the fair 1/2. Heroes from `--hero-file` are measured the same way.
 */
import { forestPlot } from '../../src/analysis/charts.js';
import type { KeyFinding, Report, ReportVerdict, YourContent } from '../../src/analysis/report-model.js';
import { tInterval } from '../../src/analysis/stats/descriptive.js';
import { unitShareInterval } from '../../src/analysis/stats/paired.js';
import { formatLevel, holm, holmNote } from '../../src/analysis/stats/multiplicity.js';
import { fmtNum } from '../../src/analysis/stats/price.js';
import { mdeText, noLargerShown } from '../../src/analysis/stats/verdict.js';
import { Rng } from '../../src/core/rng.js';
import { buildHero, POWER_INFO, POWER_TYPES, BuildGenerator, mutateBuild, type HeroSpec } from '../../src/games/superhero-gladiators/index.js';
import { BUILD_STUDY_AGENTS, buildAgentOf, buildPlay, GAME_ID, describeBuild, formulaCost, playMatchup, runKey, studyBuildOptions, userHeroes, type ShgStudyContext } from './common.js';
import type { Study } from '../study.js';
import { groupMeans } from '../../src/analysis/table.js';

const TITLE = 'Superhero Gladiators: is there a broken build?';
const QUESTION = 'Searching the legal 200-point heroes, is there a build that beats the field of random legal heroes clearly more than half the time — and what makes it strong?';

export interface BuildSearchSizes {
  readonly field: number;
  readonly mu: number;
  readonly lambda: number;
  readonly generations: number;
  /** Field opponents per member per generation. */
  readonly opponents: number;
  readonly finalists: number;
  /** Fresh field opponents each finalist meets (one pair each). */
  readonly finalOpponents: number;
}

const QUICK: BuildSearchSizes = { field: 24, mu: 4, lambda: 4, generations: 3, opponents: 5, finalists: 2, finalOpponents: 16 };
const FULL: BuildSearchSizes = { field: 200, mu: 8, lambda: 16, generations: 15, opponents: 16, finalists: 5, finalOpponents: 150 };

const fmt = (x: number, d = 3): string => fmtNum(x, d);

interface Member {
  readonly spec: HeroSpec;
  score: number;
}

interface Measured {
  readonly spec: HeroSpec;
  readonly source: 'search' | 'hero file';
  readonly mean: number;
  readonly lo: number;
  readonly hi: number;
  readonly n: number;
  /** Pair shares against the fresh field. */
  readonly scores: readonly number[];
  readonly level: number;
  readonly supported: boolean;
}

/** Mean pair share of `spec` against `opponents`, one pair each. */
async function scoreAgainst(ctx: ShgStudyContext, tag: string, spec: HeroSpec, opponents: readonly HeroSpec[]): Promise<number[]> {
  const out: number[] = [];
  for (const opp of opponents) {
    const res = await playMatchup(ctx, `builds-${tag}-${runKey([spec.name, opp.name])}`, [spec], [opp], 1, buildAgentOf(ctx));
    out.push(...res.scores);
  }
  return out;
}

/** A candidate's name: its number in the search (run folders are keyed on the whole config, the build included). */
function named(spec: HeroSpec, id: number): HeroSpec {
  return { ...spec, name: `candidate ${id}` };
}

/** The hero file's heroes against the fresh field, ranked among the search's finalists (the report opens with them). */
function yourHeroes(measured: readonly Measured[], opponents: number): { yourContent?: YourContent } {
  const mine = measured.filter((m) => m.source === 'hero file');
  if (mine.length === 0) return {};
  const verdict = (m: Measured): string =>
    m.supported ? (m.mean > 0.5 ? 'beats the fresh field of random legal heroes more than half the time.' : 'loses to the fresh field of random legal heroes more often than it wins.') : 'not shown to beat or lose to the fresh field at this sample size.';
  return {
    yourContent: {
      measure: `win share against ${opponents} fresh random heroes`,
      fieldName: `the search's ${measured.length - mine.length} finalists`,
      nullValue: 0.5,
      items: mine.map((m) => ({ name: m.spec.name, estimate: m.mean, lo: m.lo, hi: m.hi, level: m.level, n: m.n, verdict: verdict(m), strength: m.supported ? 'supported' : 'inconclusive' })),
      field: measured.filter((m) => m.source === 'search').map((m) => ({ name: m.spec.name, estimate: m.mean, lo: m.lo, hi: m.hi })),
    },
  };
}

/** The study; `sizes` overrides the quick/full sizes (tests run a tiny one). */
export function superheroGladiatorsBuildsStudy(sizes?: BuildSearchSizes): Study {
  return {
    name: 'superhero-gladiators-builds',
    power: {
      measure: "a finalist's share against fresh random heroes, seat-swapped pairs (Holm over 5)",
      unit: 'share',
      primary: (f) => f.id === 'best-searched-build',
      fullSize: '150 pairs a finalist',
      full: { median: 0.049, how: 'the widest, measured on the --full run (seed 1): 0.045–0.049 over the finalists' },
      fullMinutes: { minutes: 2.5 },
    },
    gameId: GAME_ID,
    title: TITLE,
    question: QUESTION,
    ...BUILD_STUDY_AGENTS,
    async run(ctx: ShgStudyContext): Promise<Report> {
      const s = sizes ?? (ctx.full ? FULL : QUICK);
      const gen = new BuildGenerator(undefined, studyBuildOptions(ctx));
      const fieldRng = Rng.fromSeed(ctx.seed, 'superhero-gladiators-builds', 'field');
      const field = Array.from({ length: s.field }, (_, i) => gen.next(fieldRng, `field hero ${i + 1}`).spec);
      const finalRng = Rng.fromSeed(ctx.seed, 'superhero-gladiators-builds', 'final-field');
      const finalField = Array.from({ length: s.finalOpponents }, (_, i) => gen.next(finalRng, `fresh field hero ${i + 1}`).spec);
      const rng = Rng.fromSeed(ctx.seed, 'superhero-gladiators-builds', 'search');
      let nextId = 1;
      let population: Member[] = Array.from({ length: s.mu + s.lambda }, () => ({ spec: named(gen.next(rng, 'x').spec, nextId++), score: 0 }));
      const history: { generation: number; best: number; mean: number }[] = [];
      let searchGames = 0;
      for (let g = 0; g < s.generations; g++) {
        const opponents = Array.from({ length: s.opponents }, () => field[rng.int(field.length)]!);
        for (const m of population) {
          const scores = await scoreAgainst(ctx, `g${g}`, m.spec, opponents);
          searchGames += 2 * opponents.length;
          m.score = scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length);
        }
        population.sort((a, b) => b.score - a.score);
        history.push({ generation: g, best: population[0]!.score, mean: population.reduce((a, m) => a + m.score, 0) / population.length });
        if (g === s.generations - 1) break;
        const parents = population.slice(0, s.mu);
        const children = Array.from({ length: s.lambda }, (_, i) => ({ spec: named(mutateBuild(parents[i % s.mu]!.spec, rng, gen), nextId++), score: 0 }));
        population = [...parents, ...children];
      }

      // Finalists: the best distinct builds of the last generation, re-measured on the fresh field.
      const seen = new Set<string>();
      const finalists: HeroSpec[] = [];
      for (const m of population) {
        const key = describeBuild(m.spec);
        if (seen.has(key)) continue;
        seen.add(key);
        finalists.push(m.spec);
        if (finalists.length >= s.finalists) break;
      }
      const user = userHeroes(ctx);
      const measured: Measured[] = [];
      for (const [i, spec] of [...finalists, ...user].entries()) {
        const scores = await scoreAgainst(ctx, 'final', spec, finalField);
        const t = tInterval(scores, 0.95, { min: 0, max: 1 });
        // (ends cut to [0, 1] with the Holm level below)
        measured.push({ spec, source: i < finalists.length ? 'search' : 'hero file', mean: t.mean, lo: t.lo, hi: t.hi, n: scores.length, scores, level: 0.95, supported: false });
      }
      const decisions = holm(
        measured,
        (m) => Math.abs(m.mean - 0.5) / Math.max(1e-9, (m.hi - m.lo) / 3.92),
        (m, level) => {
          // A build that won every pair gets the Wilson bound over pairs, not a zero-width interval.
          const t = unitShareInterval(m.scores, level);
          return t.lo > 0.5 || t.hi < 0.5;
        },
      );
      // Shown at the level Holm tested each at, so the table and the verdict agree.
      const tested = measured.map((m, i): Measured => {
        // A share lies in [0, 1]: the t interval's ends are cut there (near 1 it overshoots);
        // with no spread over the pairs it is the Wilson interval over pairs.
        const t = unitShareInterval(m.scores, decisions[i]!.level);
        return { ...m, lo: t.lo, hi: t.hi, level: decisions[i]!.level, supported: decisions[i]!.rejected };
      });
      return report(ctx, s, field, tested, history, population, searchGames);
    },
  };
}

function report(ctx: ShgStudyContext, s: BuildSearchSizes, field: readonly HeroSpec[], measured: readonly Measured[], history: readonly { generation: number; best: number; mean: number }[], population: readonly Member[], searchGames: number): Report {
  const o = studyBuildOptions(ctx);
  const fieldHeroes = field.map((h) => buildHero(h, o, 'field'));
  const avg = (f: (h: (typeof fieldHeroes)[number]) => number) => fieldHeroes.reduce((a, h) => a + f(h), 0) / fieldHeroes.length;
  const fieldMean = { STR: avg((h) => h.STR), DEX: avg((h) => h.DEX), SIZ: avg((h) => h.SIZ), PER: avg((h) => h.PER), cm: avg((h) => h.combatModifier), oomph: avg((h) => h.oomphMax), segments: avg((h) => h.segments.filter(Boolean).length) };
  const strengths = (spec: HeroSpec): string => {
    const h = buildHero(spec, o, 'finalist');
    const notes: string[] = [];
    notes.push(`combat modifier ${h.combatModifier} (field mean ${fmt(fieldMean.cm, 1)})`);
    notes.push(`Oomph ${h.oomphMax} (field ${fmt(fieldMean.oomph, 0)})`);
    notes.push(`acts on ${h.segments.filter(Boolean).length} of 6 segments (field ${fmt(fieldMean.segments, 1)})`);
    const attacks = h.powers.filter((p) => p.mechanic === 'close-attack' || p.mechanic === 'distance-attack' || p.mechanic === 'entangle');
    if (attacks.length) notes.push(`attacks: ${attacks.map((p) => `${p.name} ${p.level}${p.piercing ? ' piercing' : ''}`).join(', ')}`);
    return notes.join('; ');
  };
  const PLAY = buildPlay(ctx);
  const verdicts: ReportVerdict[] = [];
  const family = measured.length;
  // Key findings (--skill): the search's best build (a different build under other play, so
  // one finding for "the best the search finds") and each hero of the hero file, at its Holm level.
  const best = measured.filter((m) => m.source === 'search').sort((a, b) => b.mean - a.mean)[0];
  const finding = (id: string, label: string, m: Measured): KeyFinding => ({ id, label, estimate: m.mean, lo: m.lo, hi: m.hi, nullValue: 0.5, n: m.n, level: m.level, family: `Holm over ${family} builds` });
  const findings: KeyFinding[] = [
    ...(best ? [finding('best-searched-build', "The search's best build: share against random legal heroes", best)] : []),
    ...measured.filter((m) => m.source !== 'search').map((m) => finding(`hero-${m.spec.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, `${m.spec.name}: share against random legal heroes`, m)),
  ];
  for (const m of measured) {
    const who = m.source === 'search' ? `The searched build "${describeBuild(m.spec)}"` : `Your hero ${m.spec.name}`;
    const ev = `win share ${fmt(m.mean)} [${fmt(m.lo)}, ${fmt(m.hi)}] at ${formatLevel(m.level)} (Holm over ${family}), ${m.n} seat-swapped pairs against ${s.finalOpponents} fresh random heroes the search never met (${mdeText(m)}); cost ${fmt(formulaCost(m.spec, o), 1)} points; ${PLAY}`;
    if (m.supported && m.mean > 0.5) {
      verdicts.push({ statement: `${who} beats the field of random legal heroes more than half the time${m.lo > 0.75 ? ' — by a wide margin: a broken build' : ''}. Why: ${strengths(m.spec)}.`, evidence: ev, strength: 'supported' });
    } else if (m.supported) {
      verdicts.push({ statement: `${who} loses to the field of random legal heroes more often than it wins.`, evidence: ev, strength: 'supported' });
    } else {
      verdicts.push({ statement: `${who}: not shown to beat or lose to the field at this sample size — ${noLargerShown(m, 'gap from 0.5')}.`, evidence: ev, strength: 'inconclusive' });
    }
  }
  // Power types in the final population against the field (what the search converged on).
  // One row per (hero, power type): does the hero hold it? Its mean per type and set, through
  // a DataFrame group-by (src/analysis/table.ts), is the share of heroes holding the type.
  const holdings = (set: string, specs: readonly HeroSpec[]) => specs.flatMap((h) => POWER_TYPES.map((t) => ({ type: t, set, holds: h.powers.some((p) => p.type === t) ? 1 : 0 })));
  const held = groupMeans([...holdings('field', field), ...holdings('final', population.map((m) => m.spec))], ['type', 'set'], 'holds');
  const shareOf = (t: string, set: string) => held.find((g) => g['type'] === t && g['set'] === set)?.mean ?? 0;
  const typeRows = POWER_TYPES.map((t) => ({ power: POWER_INFO[t].name, 'share of field': Number(fmt(shareOf(t, 'field'), 2)), 'share of final population': Number(fmt(shareOf(t, 'final'), 2)) })).filter((r) => r['share of field'] > 0 || r['share of final population'] > 0);
  return {
    id: 'superhero-gladiators-builds',
    title: TITLE,
    gameId: GAME_ID,
    question: QUESTION,
    verdicts,
    findings,
    ...yourHeroes(measured, s.finalOpponents),
    sections: [
      {
        heading: 'Method',
        blocks: [
          {
            kind: 'text',
            text: `Evolutionary search (μ + λ = ${s.mu} + ${s.lambda}, ${s.generations} generations) over legal heroes spending 80–100% of the 200 points. Each generation every member plays one seat-swapped pair against each of ${s.opponents} heroes drawn from a field of ${s.field} uniformly random legal heroes (common opponents and seeds within a generation); the best ${s.mu} survive and mutate (re-buy, swap, add or drop a power; move, buy or sell a characteristic point). Search scores are biased upward by selection, so the ${s.finalists} best distinct builds are re-measured against ${s.finalOpponents} fresh random heroes the search never met, one pair each: t intervals over pairs. ${holmNote(family, 'builds')} ${PLAY}.`,
          },
        ],
      },
      {
        heading: 'The best builds found',
        blocks: [
          {
            kind: 'chart',
            id: 'finalists',
            title: 'Win share of the best builds against fresh random heroes',
            caption: `Point: mean pair share against ${s.finalOpponents} fresh random legal heroes; bar: t interval at the Holm level; dashed line: the fair 1/2.`,
            spec: forestPlot(
              measured.map((m, i) => ({ label: m.source === 'search' ? `finalist ${i + 1}` : m.spec.name, estimate: m.mean, lo: m.lo, hi: m.hi, n: m.n, group: m.source })),
              { title: 'Best builds against the field', xTitle: 'win share against random legal heroes', zero: 0.5, intervalLabel: 'Holm-level', bounds: { min: 0, max: 1 } },
            ),
          },
          {
            kind: 'table',
            id: 'finalists-table',
            title: 'The best builds: what they are and how they do',
            rows: measured.map((m, i) => ({ build: m.source === 'search' ? `finalist ${i + 1}` : m.spec.name, description: describeBuild(m.spec), cost: Number(fmt(formulaCost(m.spec, o), 1)), share: Number(fmt(m.mean)), lo: Number(fmt(m.lo)), hi: Number(fmt(m.hi)), pairs: m.n, strengths: strengths(m.spec) })),
          },
        ],
      },
      {
        heading: 'The search',
        blocks: [
          { kind: 'table', id: 'search-history', title: 'Search score per generation (biased upward by selection; not a measurement)', rows: history.map((h) => ({ generation: h.generation, best: Number(fmt(h.best)), mean: Number(fmt(h.mean)) })) },
          { kind: 'table', id: 'power-types', title: 'Power types held: the random field against the final population', rows: typeRows },
        ],
      },
    ],
    meta: {
      command: ctx.command,
      seed: ctx.seed,
      sampleSizes: { 'field heroes': s.field, generations: s.generations, 'population (μ + λ)': s.mu + s.lambda, 'opponents per generation': s.opponents, 'search games': searchGames, finalists: s.finalists, 'fresh opponents per finalist': s.finalOpponents },
      details: { agent: buildAgentOf(ctx), options: 'defaults (default map, 20-turn cap)' },
    },
  };
}

export const superheroGladiatorsBuilds = superheroGladiatorsBuildsStudy();
