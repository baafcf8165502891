/**
 * rumble-power-values: what is each power worth in Energy?
 *
 * Design: hero A holds power P and starts with 100 − x Energy against powerless heroes
 * with 100. For each x on a grid, games are played on the same seeds (common random
 * numbers across x), every seat the table agent. A logistic curve of A's win share on x
 * is fitted and x* — the handicap that brings A back to the fair share 1/N — is P's fair
 * price, with a 95% Fieller interval. Done for 2- and 4-hero tables.
 */
import { forestPlot } from '../../src/analysis/charts.js';
import type { KeyFinding, Report, ReportBlock, ReportVerdict, YourContent } from '../../src/analysis/report-model.js';
import { shareCurve } from '../../src/analysis/stats/costcurve.js';
import { formatLevel, holm, holmNote } from '../../src/analysis/stats/multiplicity.js';
import { mdeText } from '../../src/analysis/stats/verdict.js';
import { classifyPrice, fmtNum, priceVerdict, type CurveAnswer, type GridShare, type PriceAnswer } from '../../src/analysis/stats/price.js';
import { wilson, zFor } from '../../src/core/wilson.js';
import { SEED_POWERS } from '../../src/games/rumble/index.js';
import { GAME_ID, QUICK_POWERS, PLAYABLE_POWERS, RUMBLE_PRICE_AGENT, RUMBLE_PRICE_AGENT_NOTE, RUMBLE_STALL_NOTE, TABLE_AGENT, fixedTable, fmt, playTable, powerName as seedPowerName, r3, userPowers, type RumbleStudyContext, type RumbleStudyOptions } from './common.js';
import { UserError } from '../../src/core/errors.js';
import { sortRows } from '../../src/analysis/table.js';
import { endedAtCap } from '../../src/analysis/stats/quality.js';
import { CAP_WARNING_SHARE } from '../ledger.js';
import type { GameRecord } from '../../src/sim/types.js';
import { describeAgents, studyAgents, type Study } from '../study.js';

export interface PowerPrice {
  readonly power: string;
  readonly players: number;
  /** Holder's share at each handicap played (the refined grid included). */
  readonly shares: readonly GridShare[];
  /** The answer at the confidence level Holm tested it at, and that decision. */
  readonly answer: PriceAnswer;
  readonly level: number;
  readonly supported: boolean;
  /** Holder's share at x = 0 with its 95% Wilson interval. */
  readonly share0: number;
  readonly share0Lo: number;
  readonly share0Hi: number;
}

/**
 * Who plays: hero 0 holds the power (slot 1), the others are slot 2. --full plays the
 * skilled max^n search that finishes fixed tables (RUMBLE_PRICE_AGENT) and repeats the
 * sweep under uniform-random play as a labelled comparison; the quick run plays random
 * only, to stay within npm start's budget, and says so on every verdict.
 */
const AGENTS: Pick<Study, 'agentSlots' | 'defaultAgents' | 'agentChoice'> = {
  agentSlots: ['the power holder (hero 1)', 'the other heroes'],
  defaultAgents: (full) => [full ? RUMBLE_PRICE_AGENT : TABLE_AGENT],
  agentChoice: (full) =>
    full
      ? `a max^n search in every seat ("${RUMBLE_PRICE_AGENT}"), with uniform-random play repeated on the same grid as a comparison: ${RUMBLE_PRICE_AGENT_NOTE}`
      : `uniform-random menu play ("${TABLE_AGENT}") — the quick run keeps random play to stay fast; --full plays "${RUMBLE_PRICE_AGENT}" (${RUMBLE_PRICE_AGENT_NOTE})`,
};

/** The seat list of one table: the holder's spec, then the others'; one spec when all agree. */
export function tableAgents(holderAndOthers: readonly string[], players: number): string[] {
  const [holder, others] = holderAndOthers as [string, string];
  return holder === others ? [holder] : [holder, ...Array.from({ length: players - 1 }, () => others)];
}

/** One sweep of a power over the handicap grid, before the family correction. */
interface Sweep {
  readonly power: string;
  readonly players: number;
  readonly shares: GridShare[];
  readonly points: { x: number; outcome: number }[];
}

/** The logistic answer at `level` (undefined when the fit fails: e.g. all wins or all losses). */
function curveAt(points: readonly { x: number; outcome: number }[], fair: number, level: number): CurveAnswer | undefined {
  try {
    const c = shareCurve(points, fair, level);
    const z = zFor(level);
    return { xStar: c.xStar, lo: c.lo, hi: c.hi, slopeLo: c.slope.estimate - z * c.slope.se, slopeHi: c.slope.estimate + z * c.slope.se, converged: c.converged };
  } catch {
    return undefined;
  }
}

/** True when the answer claims a non-zero value (the null "worth nothing" is rejected). */
function claimsValue(a: PriceAnswer): boolean {
  return a.shown;
}

/**
 * The evidence of a sweep as the strongest confidence level at which it still claims a
 * value (bisection on the level; an approximate 1 − p). Holm takes items in this order,
 * so an item that cannot be priced never blocks one that can.
 */
function evidenceLevel(sw: Sweep): number {
  const fair = 1 / sw.players;
  const claims = (level: number) => claimsValue(classifyPrice(sw.shares, fair, curveAt(sw.points, fair, level), level));
  if (!claims(0.95)) return 0;
  let lo = 0.95;
  let hi = 1 - 1e-9;
  if (claims(hi)) return hi;
  for (let k = 0; k < 12; k++) {
    const mid = 1 - Math.sqrt((1 - lo) * (1 - hi)); // bisect on log(1 − level)
    if (claims(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Handicaps to add between the two grid points where the share crosses fair (a finer look at a step). */
export function refinement(shares: readonly GridShare[], fair: number): number[] {
  const pts = [...shares].sort((a, b) => a.x - b.x);
  for (let i = 0; i + 1 < pts.length; i++) {
    const p = pts[i]!.wins / pts[i]!.n;
    const q = pts[i + 1]!.wins / pts[i + 1]!.n;
    const gap = pts[i + 1]!.x - pts[i]!.x;
    if (p >= fair && q < fair && gap > 1) {
      const third = Math.max(1, Math.round(gap / 3));
      return [...new Set([pts[i]!.x + third, pts[i + 1]!.x - third])].filter((x) => x > pts[i]!.x && x < pts[i + 1]!.x);
    }
  }
  return [];
}

/** Grid, games per point and table sizes of one run (quick or --full). */
export interface SweepDesign {
  readonly grid: readonly number[];
  readonly perPoint: number;
  readonly tables: readonly number[];
}

/**
 * The quick run (npm start): random play, 6 handicaps x 48 games, the 6 quick powers.
 * --full: every playable power under the skilled search on 8 handicaps x 100 games (plus
 * up to two refined points near the crossing), and the same design under random play as
 * the comparison. Measured on the 6 quick powers (bench/rumble/prices-fraction.ts, seed 1,
 * one worker, load average 10–12 on 2 cores): 11,600 skilled + 11,600 random games,
 * 155 s of CPU, 442 s wall; the 45 playable powers are 7.5 times that — about 87,000 games
 * per agent, some 20 CPU-minutes (the random side is a small part of it). Dense near zero:
 * most powers are worth a few to a few dozen Energy, and a coarse grid leaves the logistic
 * fit nearly separated.
 */
/*
 * The full run, measured (2026-11-23, engine of commit b5f9834, seed 1, 2 workers, load
 * average 3–9 on a shared 2-core machine; `npx crucible study rumble-power-values --full
 * --seed 1 --workers 2`): 169,000 games in 1,823 s wall — 85,200 skilled ("heuristic:
 * play=search,iterations=50") and 83,800 random, 0 failed; 52 skilled (0.06%) and 4 random
 * games at the round cap. 90 prices (45 powers x 2 table sizes), Holm over 90. Skilled:
 * 2 heroes — 4 prices shown (Perfect Balance 18 [16, 19], Lizard DNA 11 [8, 14], Green
 * Gas Bombs 6 [1, 10], Psionic Head Exploding Rays 5 [0.5, 9]), 6 step brackets shown
 * (Tough Skin 17–20, Disagreeable When Angry 23–27, Combat Training, Reflex Training, Hyper
 * Immune System 8–10, Sharp Knives 0–2), 22 steps not shown at both ends, 9 below zero
 * (7 optional powers worded as the agents' misuse: Laser Eyes, Air Strike, Flight,
 * Lightning Strike, Lazer Eyes, Doomsday Device, Quick Reflexes; Psuedonite and Weak
 * Hands hurt), 4 not estimable; 4 heroes — 7 prices shown (Disagreeable When Angry 27
 * [23, 33], Brainswap 28 [9, 46], Tough Skin 14 [11, 17], Perfect Balance 12 [9, 16],
 * Doomsday Device 10 [6, 14], Big Gnashy Claws 8 [4, 12], Combat Training 5 [1, 8];
 * intervals at each price's Holm level, n = 1,000 games per sweep), Psuedonite below
 * zero, 18 steps not shown, 15 not estimable, 4 with an interval including 0. 29 of 90
 * conclusions differ between skilled and random play (the report's skill table). Under
 * the skilled agent a 4-hero table turns on a few Energy: one hero 10 Energy down wins
 * 0.06 [0.03, 0.14] against 0.31 [0.22, 0.42] at no handicap (no powers, n = 80), since
 * max^n players gang up on the weakest — hence many 4-hero steps.
 */
export const QUICK_DESIGN: SweepDesign = { grid: [0, 5, 10, 20, 35, 50], perPoint: 48, tables: [2, 4] };
export const FULL_DESIGN: SweepDesign = { grid: [0, 5, 10, 20, 30, 45, 60, 90], perPoint: 100, tables: [2, 4] };

/** One agent's prices over the studied powers (Holm within the set), with its games at the cap. */
export interface PricedSet {
  /** Agent spec per slot (holder, others). */
  readonly agents: readonly string[];
  readonly prices: readonly PowerPrice[];
  readonly games: number;
  readonly capped: number;
  /** Prices tested together (the Holm family). */
  readonly family: number;
}

/** Plays every sweep of `powers` on `design` with `seats`, and prices them (Holm over the set). */
async function priceSet(ctx: RumbleStudyContext, seats: readonly string[], powers: readonly string[], design: SweepDesign, customPowers: readonly unknown[], keyPrefix: string): Promise<PricedSet> {
  const sweeps: Sweep[] = [];
  let games = 0;
  let capped = 0;
  for (const players of design.tables) {
    for (const power of powers) {
      const sweep: Sweep = { power, players, shares: [], points: [] };
      const play = async (x: number): Promise<void> => {
        const opts = { ...fixedTable(players, [power], 100 - x), customPowers };
        const records: GameRecord[] = await playTable(ctx, `${keyPrefix}values-${players}p-${power}-x${x}`, opts, design.perPoint, tableAgents(seats, players));
        games += records.length;
        let wins = 0;
        for (const r of records) {
          if (endedAtCap(r)) capped++;
          sweep.points.push({ x, outcome: r.returns[0]! });
          wins += r.returns[0]!;
        }
        sweep.shares.push({ x, wins, n: records.length });
      };
      for (const x of design.grid) await play(x);
      // Where the share crosses fair between two grid points, look closer: a step (as in
      // 2-hero duels, where equal Energy means both fall together) is then bracketed
      // tightly instead of being smoothed into a falsely precise price.
      for (const x of refinement(sweep.shares, 1 / players)) await play(x);
      sweeps.push(sweep);
    }
  }
  return { agents: seats, prices: priceSweeps(sweeps), games, capped, family: sweeps.length };
}

/** Prices a family of sweeps, Holm-corrected together. */
function priceSweeps(sweeps: readonly Sweep[]): PowerPrice[] {
  const decisions = holm(
    sweeps,
    (sw) => -Math.log10(1 - evidenceLevel(sw)),
    (sw, level) => claimsValue(classifyPrice(sw.shares, 1 / sw.players, curveAt(sw.points, 1 / sw.players, level), level)),
  );
  return sweeps.map((sw, i) => {
    const { level, rejected } = decisions[i]!;
    const fair = 1 / sw.players;
    const answer = classifyPrice(sw.shares, fair, curveAt(sw.points, fair, level), level);
    const at0 = sw.shares.find((p) => p.x === 0)!;
    const w = wilson(at0.wins, at0.n);
    return { power: sw.power, players: sw.players, shares: sw.shares, answer, level, supported: rejected, share0: w.p, share0Lo: w.lo, share0Hi: w.hi };
  });
}

export function rumblePowerValues(options: RumbleStudyOptions = {}): Study {
  return {
    name: 'rumble-power-values',
    power: {
      measure: "the holder's share at no handicap, each power and table size (95% Wilson)",
      unit: 'share',
      primary: (f) => f.id.startsWith('share0-'),
      fullSize: '100 games a handicap point',
      full: { median: 0.093, range: [0.037, 0.135], how: 'estimated: the quick spread (48 games a point, seed 1) scaled by √(48 / 100)' },
      fullMinutes: { minutes: 11.3 },
      why: 'beyond the 30-minute budget of a --full run (its prices, in Energy, are the answer the study is for; the share at no handicap is the power of its headline test)',
    },
    gameId: GAME_ID,
    title: 'Rumble: what is each power worth in Energy?',
    question: 'How much starting Energy should a hero give up to hold each power, so that it wins exactly its fair share (1/N) against heroes with no powers?',
    ...AGENTS,
    async run(ctx: RumbleStudyContext): Promise<Report> {
      const user = userPowers(options, ctx);
      const seats = studyAgents(AGENTS, ctx);
      const chosen = options.powers ?? (ctx.full ? PLAYABLE_POWERS : QUICK_POWERS);
      for (const id of chosen) if (!PLAYABLE_POWERS.includes(id)) throw new UserError(`rumble-power-values: powers has ${JSON.stringify(id)}; allowed: seed powers that play at a fixed table (${PLAYABLE_POWERS.join(', ')})`);
      const powers = [...chosen, ...user.ids];
      const design = options.design ?? (ctx.full ? FULL_DESIGN : QUICK_DESIGN);
      const main = await priceSet(ctx, seats, powers, design, user.specs, '');
      // --full with the study's own agents: the same sweeps under random play, side by side.
      const comparison = ctx.full && !ctx.agents ? await priceSet(ctx, [TABLE_AGENT, TABLE_AGENT], powers, design, user.specs, 'random-') : undefined;
      return report(ctx, main, design, user.ids, comparison, user.names);
    },
  };
}

/**
 * The power file's powers for the report's opening section: each at each table size, its
 * holder's share at no handicap (95% Wilson) ranked among the seed powers at that table,
 * with the study's own (Holm-tested) price verdict about it.
 */
function yourPowers(prices: readonly PowerPrice[], verdictOf: ReadonlyMap<PowerPrice, ReportVerdict>, userIds: readonly string[], name: (id: string) => string): { yourContent?: YourContent } {
  const mine = prices.filter((p) => userIds.includes(p.power));
  if (mine.length === 0) return {};
  const sizes = [...new Set(prices.map((p) => p.players))];
  const label = (p: PowerPrice) => (sizes.length > 1 ? `${name(p.power)} (${p.players} heroes)` : name(p.power));
  return {
    yourContent: {
      measure: "holder's win share with no Energy handicap",
      fieldName: `the ${prices.length - mine.length} seed powers priced`,
      ...(sizes.length === 1 ? { nullValue: 1 / sizes[0]! } : {}),
      items: mine.map((p) => {
        const v = verdictOf.get(p);
        return {
          name: label(p),
          estimate: p.share0,
          lo: p.share0Lo,
          hi: p.share0Hi,
          level: 0.95,
          n: [...p.shares].sort((a, b) => a.x - b.x)[0]?.n ?? 0,
          verdict: v ? v.statement : 'no price verdict.',
          strength: v?.strength === 'supported' ? ('supported' as const) : ('inconclusive' as const),
        };
      }),
      field: prices.filter((p) => !userIds.includes(p.power)).map((p) => ({ name: label(p), estimate: p.share0, lo: p.share0Lo, hi: p.share0Hi })),
    },
  };
}

/** How the verdicts name the play behind them (and, in a quick run, why it is random). */
export function playPhrase(ctx: Pick<RumbleStudyContext, 'agents' | 'full'>): string {
  const played = `played by ${describeAgents(AGENTS, ctx)}`;
  if (ctx.agents) return played;
  return ctx.full ? `${played} (max^n search)` : `${played} (quick run: uniform-random play to stay fast; --full plays "${RUMBLE_PRICE_AGENT}")`;
}

function report(ctx: RumbleStudyContext, main: PricedSet, design: SweepDesign, userIds: readonly string[], comparison?: PricedSet, userNames: ReadonlyMap<string, string> = new Map()): Report {
  // A user's power by the name in its file, a seed power by its name in the rules.
  const powerName = (id: string): string => userNames.get(id) ?? seedPowerName(id);
  const { prices, family } = main;
  const { grid, perPoint } = design;
  const PLAY = playPhrase(ctx);
  const verdicts: ReportVerdict[] = [...capWarnings(main, comparison)];
  const flips = comparison ? skillSensitivity(main.prices, comparison.prices) : [];
  const changed = flips.filter((f) => f.change !== 'same conclusion');
  if (changed.length) {
    verdicts.push({
      statement: `${changed.length} of ${flips.length} prices reach a different conclusion under skilled play ("${main.agents[0]}") than under uniform-random play: ${changed.map((f) => `${powerName(f.power)} (${f.players} heroes: ${f.random} → ${f.skilled})`).join('; ')}. Read the prices below as prices under skilled play; the random column of "Skill sensitivity" shows what random play would have said.`,
      evidence: `each side Holm-corrected over its own ${family} prices; same powers, grid and games per point (${perPoint}) under both agents`,
      strength: 'warning',
    });
  }
  const verdictOf = new Map<PowerPrice, ReportVerdict>();
  for (const p of prices) {
    const who = `${powerName(p.power)} (${p.players} heroes)`;
    const v = priceVerdict(who, p.answer, {
      unit: 'Energy',
      play: PLAY,
      optional: isOptional(p.power),
      supported: p.supported,
      share0: `share at no handicap ${fmt(p.share0)} [${fmt(p.share0Lo)}, ${fmt(p.share0Hi)}] vs fair ${fmt(1 / p.players)} (95% Wilson interval; ${mdeText({ lo: p.share0Lo, hi: p.share0Hi })}); tested at ${formatLevel(p.level)} (Holm over ${family})`,
      level: p.level,
    });
    // A claim the family correction did not confirm is not a finding.
    const shown = p.supported || v.strength === 'inconclusive' ? v : { ...v, strength: 'inconclusive' as const, statement: `${v.statement} (Not confirmed once all ${family} prices are tested together.)` };
    verdicts.push(shown);
    verdictOf.set(p, shown);
  }
  // Warnings, then supported findings: the report leads with what the data show.
  const rank = (v: ReportVerdict) => (v.strength === 'warning' ? 0 : v.strength === 'supported' ? 1 : 2);
  verdicts.sort((a, b) => rank(a) - rank(b));
  const blocks: ReportBlock[] = [];
  for (const players of design.tables) {
    // Only answers that are a price or a shown bracket/bound are drawn as bars.
    const rows = prices.filter((p) => p.players === players && (p.answer.kind === 'price' || p.answer.kind === 'zero' || ((p.answer.kind === 'step' || p.answer.kind === 'beyond') && p.answer.shown)));
    const top = Math.max(...grid);
    const effect = (p: PowerPrice) => {
      const a = p.answer;
      const mid = a.kind === 'step' ? (a.lo + a.hi) / 2 : a.kind === 'beyond' ? a.lo : a.xStar;
      return {
        // The kind is in the label too, so it reads without the colour legend.
        label: `${powerName(p.power)}${a.kind === 'step' ? ' (step bracket)' : a.kind === 'beyond' ? ' (lower bound)' : a.clipped ? ' (cut at range)' : ''}`,
        estimate: mid,
        lo: a.lo,
        hi: Math.min(a.hi, top),
        n: a.games,
        group: a.kind === 'step' ? 'step: price lies in the bracket' : a.kind === 'beyond' ? 'beyond the tested range (bar = lower bound to grid end)' : a.clipped ? 'interval cut at the tested range' : 'price with interval',
      };
    };
    blocks.push({
      kind: 'chart',
      id: `fair-price-${players}p`,
      title: `Fair price in Energy, ${players}-hero tables`,
      caption: `Point: the Energy handicap x* at which the holder wins 1/${players}; bar: its interval at the Holm level. Colour says when a bar is a step bracket, a lower bound, or was cut at the tested range (0–${top}). Powers whose price is not estimable, negative, or whose bracket is not shown are left out (see the verdicts and the table).`,
      spec: forestPlot(rows.map(effect).sort((a, b) => b.estimate - a.estimate), { title: `Fair power prices, ${players} heroes`, xTitle: 'Energy (x*)', zero: 0 }),
    });
  }
  blocks.push({
    kind: 'table',
    id: 'fair-prices',
    title: 'Fair prices',
    caption: 'share0: holder win share at no handicap (95% Wilson); kind: price / zero (interval includes 0) / step (bracket) / beyond (lower bound) / negative / not-estimable; price, lo, hi at the Holm level shown; games: all games of the sweep.',
    // By table size, then dearest first; prices not estimable last (a DataFrame sort, src/analysis/table.ts).
    rows: sortRows(prices.map((p) => ({
      power: p.power,
      heroes: p.players,
      share0: r3(p.share0),
      share0Lo: r3(p.share0Lo),
      share0Hi: r3(p.share0Hi),
      kind: p.answer.kind,
      price: Number.isFinite(p.answer.xStar) ? r3(p.answer.xStar) : null,
      lo: Number.isFinite(p.answer.lo) ? r3(p.answer.lo) : null,
      hi: Number.isFinite(p.answer.hi) ? r3(p.answer.hi) : null,
      level: r3(p.level),
      supported: p.supported,
      handicaps: p.shares.map((s) => s.x).sort((a, b) => a - b).join(' '),
      games: p.answer.games,
    })), [{ column: 'heroes' }, { column: 'price', descending: true }, { column: 'power' }]),
  });
  const explain = twoVersusFour(prices);
  const capText = `Games at the round cap (the cap is not in the rule text; a capped game is decided by the engine's tie rule): ${capLine(main)}${comparison ? `; random comparison ${capLine(comparison)}` : ''}.`;
  const sensitivityBlocks: ReportBlock[] = flips.length
    ? [
        {
          kind: 'text',
          text: `The same sweeps (powers, handicaps, ${perPoint} games per point, seeds) played by "${main.agents[0]}" in every seat and by "${TABLE_AGENT}" in every seat, each Holm-corrected over its own ${family} prices. "conclusion" is what the verdict says: worth something (a shown price, step bracket or lower bound), harmful (below zero), or nothing shown. ${changed.length} of ${flips.length} conclusions change with skill.${firstStepText(main, comparison!, Math.min(...grid.filter((x) => x > 0)))}`,
        },
        {
          kind: 'table',
          id: 'skill-sensitivity',
          title: 'Skill sensitivity: prices under random vs skilled play',
          caption: 'kind, price, lo, hi per agent as in "Fair prices"; change: "sign" (worth something under one, harmful under the other), "significance" (shown under one only), "same conclusion".',
          rows: flips.map((f) => ({ power: f.power, heroes: f.players, randomKind: f.randomAnswer.kind, randomPrice: num(f.randomAnswer.xStar), randomLo: num(f.randomAnswer.lo), randomHi: num(f.randomAnswer.hi), random: f.random, skilledKind: f.skilledAnswer.kind, skilledPrice: num(f.skilledAnswer.xStar), skilledLo: num(f.skilledAnswer.lo), skilledHi: num(f.skilledAnswer.hi), skilled: f.skilled, change: f.change })),
        },
      ]
    : [];
  return {
    id: 'rumble-power-values',
    title: 'Rumble: what is each power worth in Energy?',
    gameId: GAME_ID,
    question: 'How much starting Energy should a hero give up to hold each power, so that it wins exactly its fair share (1/N) against heroes with no powers?',
    verdicts,
    findings: keyFindings(prices, family),
    ...yourPowers(prices, verdictOf, userIds, powerName),
    sections: [
      {
        heading: 'Method',
        blocks: [
          {
            kind: 'text',
            text: `Hero A holds one power and starts with 100 − x Energy (x in ${grid.join(', ')}, plus up to two handicaps between the grid points where A's share crosses 1/N); the others have 100 and no powers. ${perPoint} games per point, the same seeds at every x, ${PLAY}${ctx.agents ? '' : ` — ${ctx.full ? RUMBLE_PRICE_AGENT_NOTE : RUMBLE_STALL_NOTE}`}. A logistic fit of A's share on x gives x*, the handicap where A wins 1/N, with a Fieller interval. A price is reported only where the response is a falling curve crossing 1/N inside the grid; a step is reported as its bracket, a share still above 1/N at the largest handicap as "beyond the tested range", a rising or flat response as "not estimable". ${holmNote(family, 'power prices')}${userIds.length ? ` User powers included: ${userIds.join(', ')}.` : ''}`,
          },
          { kind: 'text', text: capText },
          ...(explain ? [{ kind: 'text' as const, text: explain }] : []),
        ],
      },
      { heading: 'Fair prices', blocks },
      ...(sensitivityBlocks.length ? [{ heading: 'Skill sensitivity: random vs skilled play', blocks: sensitivityBlocks }] : []),
    ],
    meta: {
      command: ctx.command,
      seed: ctx.seed,
      sampleSizes: { 'games per point': perPoint, 'total games': main.games + (comparison?.games ?? 0), 'games at the round cap': main.capped + (comparison?.capped ?? 0), powers: prices.length / design.tables.length, 'prices tested (Holm family)': family },
      details: {
        agents: studyAgents(AGENTS, ctx),
        grid,
        tables: design.tables,
        capped: { [main.agents[0]!]: { games: main.games, capped: main.capped }, ...(comparison ? { [comparison.agents[0]!]: { games: comparison.games, capped: comparison.capped } } : {}) },
        // Plain rows for a generic skill-sensitivity section (issue #15): one per power and table size.
        ...(flips.length ? { skillSensitivity: flips.map((f) => ({ item: f.power, players: f.players, weak: TABLE_AGENT, strong: main.agents[0], weakConclusion: f.random, strongConclusion: f.skilled, weakPrice: num(f.randomAnswer.xStar), strongPrice: num(f.skilledAnswer.xStar), change: f.change })) } : {}),
      },
    },
  };
}

/** A power a player may decline to use (it has a use with a cost or an activation). */
function isOptional(id: string): boolean {
  return SEED_POWERS.find((p) => p.id === id)?.use !== undefined;
}

/**
 * Why one power's 2-hero and 4-hero prices differ: in a duel both heroes start equal and
 * any edge decides the game (a step), while at four heroes the holder is one of three
 * targets and the share moves smoothly.
 */
export function twoVersusFour(prices: readonly PowerPrice[]): string | undefined {
  const lines: string[] = [];
  for (const p2 of prices.filter((p) => p.players === 2)) {
    const p4 = prices.find((p) => p.players === 4 && p.power === p2.power);
    const mid = (a: PriceAnswer) => (a.kind === 'price' && a.shown ? a.xStar : a.kind === 'step' && a.shown ? (a.lo + a.hi) / 2 : NaN);
    const a = mid(p2.answer);
    const b = p4 ? mid(p4.answer) : NaN;
    if (Number.isFinite(a) && Number.isFinite(b) && Math.min(a, b) > 0 && Math.max(a, b) / Math.min(a, b) >= 2) {
      lines.push(`${seedPowerName(p2.power)} (${fmtNum(a)} at 2 heroes, ${fmtNum(b)} at 4)`);
    }
  }
  const steps = prices.filter((p) => p.players === 2 && p.answer.kind === 'step').length;
  if (lines.length === 0 && steps === 0) return undefined;
  return `Why 2-hero and 4-hero prices differ: in a duel both heroes start with equal Energy and trade blows until one falls, so a few Energy of handicap decides the game almost every time — the share against the handicap is a step (${steps} of ${prices.filter((p) => p.players === 2).length} duel sweeps here), and a duel price says which side of the step a power puts its holder. At four heroes the holder is one target among three and its share moves gradually with Energy. So the same power can be priced very differently at the two table sizes${lines.length ? `: ${lines.join('; ')}` : ''}; use the price of the table size you play.`;
}

export const rumblePowerValuesStudy = rumblePowerValues();

/** A number for a table cell (null when there is none). */
function num(x: number): number | null {
  return Number.isFinite(x) ? r3(x) : null;
}

function capLine(set: PricedSet): string {
  const w = wilson(set.capped, Math.max(1, set.games));
  return `"${set.agents[0]}" ${set.capped} of ${set.games} (${fmt(w.p * 100, 1)}%, 95% CI ${fmt(w.lo * 100, 1)}–${fmt(w.hi * 100, 1)}%)`;
}

/**
 * A warning leads the report when more than 5% of one agent's games stopped at the round
 * cap (the study-wide ledger could hide it: the random comparison's games rarely reach it).
 */
export function capWarnings(...sets: readonly (PricedSet | undefined)[]): ReportVerdict[] {
  const out: ReportVerdict[] = [];
  for (const set of sets) {
    if (!set || set.games === 0 || set.capped / set.games <= CAP_WARNING_SHARE) continue;
    const w = wilson(set.capped, set.games);
    out.push({
      statement: `${set.capped} of ${set.games} games played by "${set.agents[0]}" (${fmt(w.p * 100, 0)}%) stopped at the round cap, which the rule text does not have: those games are decided by the engine's tie rule (highest Energy), not by play, so the prices from them are doubtful.`,
      evidence: `share at the cap ${fmt(w.p)} (95% CI ${fmt(w.lo)} to ${fmt(w.hi)}, n = ${set.games} games)`,
      strength: 'warning',
    });
  }
  return out;
}

/** One power's conclusion under random and under skilled play. */
export interface SkillRow {
  readonly power: string;
  readonly players: number;
  readonly randomAnswer: PriceAnswer;
  readonly skilledAnswer: PriceAnswer;
  /** "worth something", "harmful", "nothing shown". */
  readonly random: string;
  readonly skilled: string;
  readonly change: 'sign' | 'significance' | 'same conclusion';
}

/** What a price verdict concludes: +1 worth something, −1 harmful, 0 nothing shown. */
export function conclusion(p: Pick<PowerPrice, 'answer' | 'supported'>): -1 | 0 | 1 {
  if (!p.supported) return 0;
  if (p.answer.kind === 'negative') return -1;
  return p.answer.kind === 'price' || p.answer.kind === 'step' || p.answer.kind === 'beyond' ? 1 : 0;
}

const CONCLUSION_WORDS = { '-1': 'harmful', '0': 'nothing shown', '1': 'worth something' } as const;

/** Pairs each skilled price with the random one of the same power and table size. */
export function skillSensitivity(skilled: readonly PowerPrice[], random: readonly PowerPrice[]): SkillRow[] {
  const rows: SkillRow[] = [];
  for (const s of skilled) {
    const r = random.find((x) => x.power === s.power && x.players === s.players);
    if (!r) continue;
    const a = conclusion(r);
    const b = conclusion(s);
    const price = (p: PowerPrice, c: -1 | 0 | 1) => (c === 1 && p.answer.kind === 'price' ? `${CONCLUSION_WORDS[c]} (${fmtNum(p.answer.xStar)} Energy)` : CONCLUSION_WORDS[c]);
    rows.push({ power: s.power, players: s.players, randomAnswer: r.answer, skilledAnswer: s.answer, random: price(r, a), skilled: price(s, b), change: a === b ? 'same conclusion' : a !== 0 && b !== 0 ? 'sign' : 'significance' });
  }
  return rows;
}

/**
 * The holder's mean share at no handicap and at the smallest handicap played, per table
 * size, under both agents: how abruptly a little less Energy turns the game. Under random
 * play at 4 heroes it collapses (the menu's attack-the-weakest and all-in templates aim
 * every random opponent at the one hero with the least Energy), so random-play prices
 * there measure that focus, not the power.
 */
function firstStepText(skilled: PricedSet, random: PricedSet, x1: number): string {
  const parts: string[] = [];
  for (const players of [...new Set(skilled.prices.map((p) => p.players))].sort((a, b) => a - b)) {
    const at = (set: PricedSet) => {
      const rows = set.prices.filter((p) => p.players === players);
      const mean = (f: (p: PowerPrice) => number) => rows.reduce((a, p) => a + f(p), 0) / Math.max(1, rows.length);
      const first = (p: PowerPrice) => p.shares.find((g) => g.x === x1);
      return { s0: mean((p) => p.share0), s1: mean((p) => { const g = first(p); return g && g.n ? g.wins / g.n : NaN; }) };
    };
    const r = at(random);
    const k = at(skilled);
    if (![r.s0, r.s1, k.s0, k.s1].every(Number.isFinite)) continue;
    parts.push(`${players} heroes: random ${fmt(r.s0, 2)} → ${fmt(r.s1, 2)}, skilled ${fmt(k.s0, 2)} → ${fmt(k.s1, 2)}`);
  }
  return parts.length
    ? ` The holder's mean share over the powers at no handicap → at a handicap of ${x1} Energy: ${parts.join('; ')}. Where random play collapses at the first few Energy of handicap, its "prices" say that the weakest hero is the random field's target (the menu's attack-the-weakest and all-in templates aim at the hero with the least Energy), not what the power is worth.`
    : '';
}

/**
 * Key findings for the skill-sensitivity section (src/analysis/skill.ts): per power and
 * table size, the holder's share at no handicap (95% Wilson, against 1/N) and, where the
 * answer is a fitted price (or a price whose interval includes 0), the price at its Holm
 * level. Steps, bounds and "harmful" answers have no interval to compare and are left out.
 */
export function keyFindings(prices: readonly PowerPrice[], family: number): KeyFinding[] {
  const out: KeyFinding[] = [];
  for (const p of prices) {
    const who = `${seedPowerName(p.power)} (${p.players} heroes)`;
    out.push({ id: `share0-${p.players}p-${p.power}`, label: `${who}: holder's share at no handicap`, estimate: p.share0, lo: p.share0Lo, hi: p.share0Hi, nullValue: 1 / p.players, n: p.answer.games0, level: 0.95, family: 'single test (95% Wilson)' });
    const a = p.answer;
    if ((a.kind === 'price' || a.kind === 'zero') && [a.xStar, a.lo, a.hi].every(Number.isFinite)) {
      out.push({ id: `price-${p.players}p-${p.power}`, label: `${who}: fair price in Energy`, estimate: a.xStar, lo: a.lo, hi: a.hi, nullValue: 0, n: a.games, level: p.level, family: `Holm over ${family} prices` });
    }
  }
  return out;
}
