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
import { wilson } from '../src/analysis/stats/wilson.js';
import { GAME_ID, QUICK_POWERS, PLAYABLE_POWERS, TABLE_AGENT, fixedTable, fmt, playTable, powerName, r3, userPowers, type RumbleStudyContext, type RumbleStudyOptions } from './rumble-common.js';
import type { Study } from './study.js';

export interface PowerPrice {
  readonly power: string;
  readonly players: number;
  /** Holder's share at x = 0 with its Wilson interval. */
  readonly share0: number;
  readonly share0Lo: number;
  readonly share0Hi: number;
  readonly xStar: number;
  readonly lo: number;
  readonly hi: number;
  readonly games: number;
}

export function rumblePowerValues(options: RumbleStudyOptions = {}): Study {
  return {
    name: 'rumble-power-values',
    gameId: GAME_ID,
    title: 'Rumble: what is each power worth in Energy?',
    question: 'How much starting Energy should a hero give up to hold each power, so that it wins exactly its fair share (1/N) against heroes with no powers?',
    async run(ctx: RumbleStudyContext): Promise<Report> {
      const user = userPowers(options, ctx);
      const powers = [...(ctx.full ? PLAYABLE_POWERS : QUICK_POWERS), ...user.ids];
      // Dense near zero: most powers are worth a few to a few dozen Energy, and a coarse
      // grid leaves the logistic fit nearly separated (x* unbounded).
      const grid = ctx.full ? [0, 5, 10, 15, 20, 25, 30, 40, 50, 60, 75, 90] : [0, 5, 10, 20, 35, 50];
      const tables = [2, 4];
      const perPoint = ctx.full ? 400 : 48;
      const prices: PowerPrice[] = [];
      let total = 0;
      for (const players of tables) {
        for (const power of powers) {
          const points: { x: number; outcome: number }[] = [];
          let wins0 = 0;
          let n0 = 0;
          for (const x of grid) {
            const opts = { ...fixedTable(players, [power], 100 - x), customPowers: user.specs };
            const records = await playTable(ctx, `values-${players}p-${power}-x${x}`, opts, perPoint);
            total += records.length;
            for (const r of records) {
              points.push({ x, outcome: r.returns[0]! });
              if (x === 0) {
                wins0 += r.returns[0]!;
                n0++;
              }
            }
          }
          const w = wilson(wins0, n0);
          let xStar = NaN;
          let lo = -Infinity;
          let hi = Infinity;
          try {
            const curve = shareCurve(points, 1 / players);
            // A flat curve puts x* anywhere: keep it only when it is a usable number.
            xStar = Math.abs(curve.xStar) <= 1000 ? curve.xStar : NaN;
            lo = curve.lo;
            hi = curve.hi;
          } catch {
            // A degenerate curve (e.g. the holder always wins or always loses): no price.
          }
          prices.push({ power, players, share0: w.p, share0Lo: w.lo, share0Hi: w.hi, xStar, lo, hi, games: points.length });
        }
      }
      return report(ctx, prices, grid, perPoint, total, user.ids);
    },
  };
}

function report(ctx: RumbleStudyContext, prices: readonly PowerPrice[], grid: readonly number[], perPoint: number, total: number, userIds: readonly string[]): Report {
  const verdicts: ReportVerdict[] = [];
  for (const p of prices) {
    const who = `${powerName(p.power)} (${p.players} heroes)`;
    const fair = 1 / p.players;
    const ev = `share at x=0 ${fmt(p.share0)} [${fmt(p.share0Lo)}, ${fmt(p.share0Hi)}]; x* ${fmt(p.xStar, 1)} [${fmt(p.lo, 1)}, ${fmt(p.hi, 1)}] Energy; n=${p.games} games`;
    if (p.share0Lo > fair && Number.isFinite(p.lo) && Number.isFinite(p.hi)) {
      verdicts.push({ statement: `${who} is worth about ${fmt(p.xStar, 0)} Energy (between ${fmt(p.lo, 0)} and ${fmt(p.hi, 0)}).`, evidence: ev, strength: 'supported' });
    } else if (p.share0Lo > fair) {
      verdicts.push({ statement: `${who} helps its holder, but its price is not pinned down by these games.`, evidence: ev, strength: 'supported' });
    } else if (p.share0Hi < fair) {
      verdicts.push({ statement: `${who} hurts its holder even for free (worth less than nothing).`, evidence: ev, strength: 'supported' });
    } else {
      verdicts.push({ statement: `${who}: no advantage is shown; its value cannot be told from zero here.`, evidence: ev, strength: 'inconclusive' });
    }
  }
  const blocks: ReportBlock[] = [];
  for (const players of [2, 4]) {
    const rows = prices.filter((p) => p.players === players);
    const clip = (v: number) => Math.max(-20, Math.min(100, v));
    blocks.push({
      kind: 'chart',
      id: `fair-price-${players}p`,
      title: `Fair price in Energy, ${players}-hero tables`,
      caption: 'Point: the Energy handicap x* at which the holder wins 1/N; bar: 95% interval (clipped to -20..100 when unbounded). Right of zero = the power is worth Energy.',
      spec: forestPlot(
        rows.filter((p) => Number.isFinite(p.xStar)).map((p) => ({ label: powerName(p.power), estimate: clip(p.xStar), lo: clip(p.lo), hi: clip(p.hi), n: p.games })),
        { title: `Fair power prices, ${players} heroes`, xTitle: 'Energy (x*)', zero: 0 },
      ),
    });
  }
  blocks.push({
    kind: 'table',
    id: 'fair-prices',
    title: 'Fair prices',
    caption: 'share0: holder win share at no handicap (95% Wilson); xStar: fair price with its 95% Fieller interval (±Infinity: not bounded by the data).',
    rows: prices.map((p) => ({
      power: p.power,
      heroes: p.players,
      share0: r3(p.share0),
      share0Lo: r3(p.share0Lo),
      share0Hi: r3(p.share0Hi),
      xStar: Number.isFinite(p.xStar) ? r3(p.xStar) : null,
      lo: Number.isFinite(p.lo) ? r3(p.lo) : null,
      hi: Number.isFinite(p.hi) ? r3(p.hi) : null,
      games: p.games,
    })),
  });
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
            text: `Hero A holds one power and starts with 100 − x Energy (x in ${grid.join(', ')}); the others have 100 and no powers. ${perPoint} games per point, the same seeds at every x, every seat played by "${TABLE_AGENT}" (menu-uniform play: tables of lookahead heuristics mostly defend and stall to the round cap, which would price every power at 0). A logistic fit of A's share on x gives x*, the handicap where A wins 1/N, with a 95% Fieller interval.${userIds.length ? ` User powers included: ${userIds.join(', ')}.` : ''}`,
          },
        ],
      },
      { heading: 'Fair prices', blocks },
    ],
    meta: {
      command: ctx.command,
      seed: ctx.seed,
      sampleSizes: { 'games per point': perPoint, 'total games': total, powers: prices.length / 2 },
      details: { agents: TABLE_AGENT, grid, tables: [2, 4] },
    },
  };
}

export const rumblePowerValuesStudy = rumblePowerValues();
