/**
 * rumble-power-values: what is each power worth in Energy?
 *
 * Design: hero A holds power P and starts with 100 − x Energy against powerless heroes
 * with 100. For each x on a grid, games are played on the same seeds (common random
 * numbers across x), every seat the table agent. A logistic curve of A's win share on x
 * is fitted and x* — the handicap that brings A back to the fair share 1/N — is P's fair
 * price, with a 95% Fieller interval. Done for 2- and 4-hero tables.
 */
import { forestPlot } from '../src/analysis/charts.js';
import type { Report, ReportBlock, ReportVerdict } from '../src/analysis/report-model.js';
import { shareCurve } from '../src/analysis/stats/costcurve.js';
import { formatLevel, holm, holmNote } from '../src/analysis/stats/multiplicity.js';
import { classifyPrice, fmtNum, priceVerdict, type CurveAnswer, type GridShare, type PriceAnswer } from '../src/analysis/stats/price.js';
import { wilson, zFor } from '../src/analysis/stats/wilson.js';
import { SEED_POWERS } from '../src/games/rumble/index.js';
import { GAME_ID, QUICK_POWERS, PLAYABLE_POWERS, RUMBLE_STALL_NOTE, TABLE_AGENT, fixedTable, fmt, playTable, powerName, r3, userPowers, type RumbleStudyContext, type RumbleStudyOptions } from './rumble-common.js';
import { describeAgents, studyAgents, type Study } from './study.js';

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

/** Who plays: hero 0 holds the power (slot 1), the others are slot 2. */
const AGENTS: Pick<Study, 'agentSlots' | 'defaultAgents' | 'agentChoice'> = {
  agentSlots: ['the power holder (hero 1)', 'the other heroes'],
  defaultAgents: () => [TABLE_AGENT],
  agentChoice: () => `uniform-random menu play ("${TABLE_AGENT}"): ${RUMBLE_STALL_NOTE}`,
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
function refinement(shares: readonly GridShare[], fair: number): number[] {
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

export function rumblePowerValues(options: RumbleStudyOptions = {}): Study {
  return {
    name: 'rumble-power-values',
    gameId: GAME_ID,
    title: 'Rumble: what is each power worth in Energy?',
    question: 'How much starting Energy should a hero give up to hold each power, so that it wins exactly its fair share (1/N) against heroes with no powers?',
    ...AGENTS,
    async run(ctx: RumbleStudyContext): Promise<Report> {
      const user = userPowers(options, ctx);
      const seats = studyAgents(AGENTS, ctx);
      const powers = [...(ctx.full ? PLAYABLE_POWERS : QUICK_POWERS), ...user.ids];
      // Dense near zero: most powers are worth a few to a few dozen Energy, and a coarse
      // grid leaves the logistic fit nearly separated (x* unbounded).
      const grid = ctx.full ? [0, 5, 10, 15, 20, 25, 30, 40, 50, 60, 75, 90] : [0, 5, 10, 20, 35, 50];
      const tables = [2, 4];
      const perPoint = ctx.full ? 400 : 48;
      const sweeps: Sweep[] = [];
      let total = 0;
      for (const players of tables) {
        for (const power of powers) {
          const sweep: Sweep = { power, players, shares: [], points: [] };
          const play = async (x: number): Promise<void> => {
            const opts = { ...fixedTable(players, [power], 100 - x), customPowers: user.specs };
            const records = await playTable(ctx, `values-${players}p-${power}-x${x}`, opts, perPoint, tableAgents(seats, players));
            total += records.length;
            let wins = 0;
            for (const r of records) {
              sweep.points.push({ x, outcome: r.returns[0]! });
              wins += r.returns[0]!;
            }
            sweep.shares.push({ x, wins, n: records.length });
          };
          for (const x of grid) await play(x);
          // Where the share crosses fair between two grid points, look closer: a step (as in
          // 2-hero duels, where equal Energy means both fall together) is then bracketed
          // tightly instead of being smoothed into a falsely precise price.
          for (const x of refinement(sweep.shares, 1 / players)) await play(x);
          sweeps.push(sweep);
        }
      }
      const decisions = holm(
        sweeps,
        (sw) => -Math.log10(1 - evidenceLevel(sw)),
        (sw, level) => claimsValue(classifyPrice(sw.shares, 1 / sw.players, curveAt(sw.points, 1 / sw.players, level), level)),
      );
      const prices: PowerPrice[] = sweeps.map((sw, i) => {
        const { level, rejected } = decisions[i]!;
        const fair = 1 / sw.players;
        const answer = classifyPrice(sw.shares, fair, curveAt(sw.points, fair, level), level);
        const at0 = sw.shares.find((p) => p.x === 0)!;
        const w = wilson(at0.wins, at0.n);
        return { power: sw.power, players: sw.players, shares: sw.shares, answer, level, supported: rejected, share0: w.p, share0Lo: w.lo, share0Hi: w.hi };
      });
      return report(ctx, prices, grid, perPoint, total, user.ids, sweeps.length);
    },
  };
}

function report(ctx: RumbleStudyContext, prices: readonly PowerPrice[], grid: readonly number[], perPoint: number, total: number, userIds: readonly string[], family: number): Report {
  const agentsText = describeAgents(AGENTS, ctx);
  const PLAY = `played by ${agentsText}`;
  const verdicts: ReportVerdict[] = [];
  for (const p of prices) {
    const who = `${powerName(p.power)} (${p.players} heroes)`;
    const v = priceVerdict(who, p.answer, {
      unit: 'Energy',
      play: PLAY,
      optional: isOptional(p.power),
      supported: p.supported,
      share0: `share at no handicap ${fmt(p.share0)} [${fmt(p.share0Lo)}, ${fmt(p.share0Hi)}] vs fair ${fmt(1 / p.players)}; tested at ${formatLevel(p.level)} (Holm over ${family})`,
    });
    // A claim the family correction did not confirm is not a finding.
    verdicts.push(p.supported || v.strength === 'inconclusive' ? v : { ...v, strength: 'inconclusive', statement: `${v.statement} (Not confirmed once all ${family} prices are tested together.)` });
  }
  // Supported findings first: the report leads with what the data show.
  verdicts.sort((a, b) => Number(b.strength === 'supported') - Number(a.strength === 'supported'));
  const blocks: ReportBlock[] = [];
  for (const players of [2, 4]) {
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
    rows: prices.map((p) => ({
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
    })),
  });
  const explain = twoVersusFour(prices);
  return {
    id: 'rumble-power-values',
    title: 'Rumble: what is each power worth in Energy?',
    gameId: GAME_ID,
    question: 'How much starting Energy should a hero give up to hold each power, so that it wins exactly its fair share (1/N) against heroes with no powers?',
    verdicts,
    sections: [
      {
        heading: 'Method',
        blocks: [
          {
            kind: 'text',
            text: `Hero A holds one power and starts with 100 − x Energy (x in ${grid.join(', ')}, plus up to two handicaps between the grid points where A's share crosses 1/N); the others have 100 and no powers. ${perPoint} games per point, the same seeds at every x, ${PLAY}${ctx.agents ? '' : ` — ${RUMBLE_STALL_NOTE}`}. A logistic fit of A's share on x gives x*, the handicap where A wins 1/N, with a Fieller interval. A price is reported only where the response is a falling curve crossing 1/N inside the grid; a step is reported as its bracket, a share still above 1/N at the largest handicap as "beyond the tested range", a rising or flat response as "not estimable". ${holmNote(family, 'power prices')}${userIds.length ? ` User powers included: ${userIds.join(', ')}.` : ''}`,
          },
          ...(explain ? [{ kind: 'text' as const, text: explain }] : []),
        ],
      },
      { heading: 'Fair prices', blocks },
    ],
    meta: {
      command: ctx.command,
      seed: ctx.seed,
      sampleSizes: { 'games per point': perPoint, 'total games': total, powers: prices.length / 2, 'prices tested (Holm family)': family },
      details: { agents: studyAgents(AGENTS, ctx), grid, tables: [2, 4] },
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
function twoVersusFour(prices: readonly PowerPrice[]): string | undefined {
  const lines: string[] = [];
  for (const p2 of prices.filter((p) => p.players === 2)) {
    const p4 = prices.find((p) => p.players === 4 && p.power === p2.power);
    const mid = (a: PriceAnswer) => (a.kind === 'price' && a.shown ? a.xStar : a.kind === 'step' && a.shown ? (a.lo + a.hi) / 2 : NaN);
    const a = mid(p2.answer);
    const b = p4 ? mid(p4.answer) : NaN;
    if (Number.isFinite(a) && Number.isFinite(b) && Math.min(a, b) > 0 && Math.max(a, b) / Math.min(a, b) >= 2) {
      lines.push(`${powerName(p2.power)} (${fmtNum(a)} at 2 heroes, ${fmtNum(b)} at 4)`);
    }
  }
  const steps = prices.filter((p) => p.players === 2 && p.answer.kind === 'step').length;
  if (lines.length === 0 && steps === 0) return undefined;
  return `Why 2-hero and 4-hero prices differ: in a duel both heroes start with equal Energy and trade blows until one falls, so a few Energy of handicap decides the game almost every time — the share against the handicap is a step (${steps} of ${prices.filter((p) => p.players === 2).length} duel sweeps here), and a duel price says which side of the step a power puts its holder. At four heroes the holder is one target among three and its share moves gradually with Energy. So the same power can be priced very differently at the two table sizes${lines.length ? `: ${lines.join('; ')}` : ''}; use the price of the table size you play.`;
}

export const rumblePowerValuesStudy = rumblePowerValues();
