/**
 * rumble-dominance: which single powers dominate, and which are dominated?
 *
 * Design: duels of single-power heroes (100 Energy each, Power Strength 0). Every
 * ordered pair (A in seat 0, B in seat 1) is played on the same seeds as its mirror
 * (B in seat 0, A in seat 1), so seat effects cancel; cell (A, B) is A's win share over
 * both orders. From the empirical payoff matrix: the maximum-entropy symmetric Nash
 * equilibrium (with a parametric bootstrap of how often each power is in its support),
 * α-Rank, and each power's mean share against the field with a Wilson interval.
 */
import { equilibriumBars, matchupHeatmap, type MatchupCell } from '../src/analysis/charts.js';
import type { Report, ReportVerdict } from '../src/analysis/report-model.js';
import { alphaRankSingle } from '../src/analysis/stats/alpharank.js';
import { symmetricNash, symmetricNashBootstrap } from '../src/analysis/stats/nash.js';
import { wilson } from '../src/analysis/stats/wilson.js';
import { GAME_ID, PLAYABLE_POWERS, QUICK_POWERS, TABLE_AGENT, fmt, playTable, powerName, r3, userPowers, type RumbleStudyContext, type RumbleStudyOptions } from './rumble-common.js';
import type { Study } from './study.js';

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
    gameId: GAME_ID,
    title: 'Rumble: which powers dominate in duels?',
    question: 'When two heroes with one power each duel, which powers are dominant (in every equilibrium of the power-picking game) and which are dominated?',
    async run(ctx: RumbleStudyContext): Promise<Report> {
      const user = userPowers(options, ctx);
      const powers = [...(ctx.full ? FULL_POWERS : QUICK_POWERS), ...user.ids];
      const perOrder = ctx.full ? 200 : 40;
      const k = powers.length;
      const wins = Array.from({ length: k }, () => new Array<number>(k).fill(0));
      const games = Array.from({ length: k }, () => new Array<number>(k).fill(0));
      let total = 0;
      for (let i = 0; i < k; i++) {
        for (let j = i + 1; j < k; j++) {
          const ab = await playTable(ctx, `duel-${powers[i]}-${powers[j]}`, duel(powers[i]!, powers[j]!, user.specs), perOrder);
          const ba = await playTable(ctx, `duel-${powers[j]}-${powers[i]}`, duel(powers[j]!, powers[i]!, user.specs), perOrder);
          for (const r of ab) wins[i]![j]! += r.returns[0]!;
          for (const r of ba) wins[i]![j]! += r.returns[1]!;
          games[i]![j] = ab.length + ba.length;
          games[j]![i] = games[i]![j]!;
          wins[j]![i] = games[i]![j]! - wins[i]![j]!;
          total += ab.length + ba.length;
        }
      }
      const shares = wins.map((row, i) => row.map((w, j) => (i === j ? 0.5 : games[i]![j]! ? w / games[i]![j]! : 0.5)));
      const nash = symmetricNash(shares);
      const boot = symmetricNashBootstrap(shares, games, { samples: ctx.full ? 500 : 100, seed: 1 });
      const alpha = alphaRankSingle(shares);
      const field = powers.map((_, i) => {
        let w = 0;
        let n = 0;
        for (let j = 0; j < k; j++) {
          if (j === i) continue;
          w += wins[i]![j]!;
          n += games[i]![j]!;
        }
        return wilson(w, n);
      });

      const verdicts: ReportVerdict[] = [];
      powers.forEach((id, i) => {
        const f = field[i]!;
        const ev = `mean share vs the field ${fmt(f.p)} [${fmt(f.lo)}, ${fmt(f.hi)}], n=${f.n} games; Nash weight ${fmt(nash.probabilities[i]!)} (in the support in ${fmt(100 * boot.inSupport[i]!, 0)}% of bootstrap resamples); α-Rank mass ${fmt(alpha.pi[i]!)}`;
        const inSupport = boot.inSupport[i]! >= 0.95;
        const outOfSupport = boot.inSupport[i]! <= 0.05;
        if (inSupport && f.lo > 0.5) verdicts.push({ statement: `${powerName(id)} is dominant: it beats the field and is in the equilibrium support in nearly every resample.`, evidence: ev, strength: 'supported' });
        else if (outOfSupport && f.hi < 0.5) verdicts.push({ statement: `${powerName(id)} is dominated: it loses to the field and is (almost) never in the equilibrium support.`, evidence: ev, strength: 'supported' });
        else verdicts.push({ statement: `${powerName(id)} is neither shown dominant nor dominated.`, evidence: ev, strength: 'inconclusive' });
      });

      const cells: MatchupCell[] = [];
      for (let i = 0; i < k; i++)
        for (let j = 0; j < k; j++) {
          if (i === j) continue;
          const w = wilson(wins[i]![j]!, games[i]![j]!);
          cells.push({ row: powerName(powers[i]!), col: powerName(powers[j]!), share: w.p, lo: w.lo, hi: w.hi, n: w.n });
        }
      const order = powers.map((id) => powerName(id));
      return {
        id: 'rumble-dominance',
        title: 'Rumble: which powers dominate in duels?',
        gameId: GAME_ID,
        question: 'When two heroes with one power each duel, which powers are dominant (in every equilibrium of the power-picking game) and which are dominated?',
        verdicts,
        sections: [
          {
            heading: 'Method',
            blocks: [
              {
                kind: 'text',
                text: `${k} powers, every pair dueling ${perOrder} games in each seat order on the same seeds (${2 * perOrder} games per pair), both heroes at 100 Energy, every seat "${TABLE_AGENT}". Nash: maximum-entropy symmetric equilibrium of the share matrix, with a ${ctx.full ? 500 : 100}-sample parametric bootstrap of its support. α-Rank: single population, α = 10, m = 50.${user.ids.length ? ` User powers included: ${user.ids.join(', ')}.` : ''}`,
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
                caption: 'Blue: the row power wins more than half its duels against the column power; tooltips give the 95% interval and games.',
                spec: matchupHeatmap(cells, { title: 'Single-power duels', rowTitle: 'power', colTitle: 'opponent', order }),
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
                rows: powers.map((id, i) => ({
                  power: id,
                  fieldShare: r3(field[i]!.p),
                  lo: r3(field[i]!.lo),
                  hi: r3(field[i]!.hi),
                  games: field[i]!.n,
                  nash: r3(nash.probabilities[i]!),
                  inSupport: r3(boot.inSupport[i]!),
                  alphaRank: r3(alpha.pi[i]!),
                  strictlyDominated: nash.strictlyDominated.includes(i),
                })),
              },
            ],
          },
        ],
        meta: {
          command: ctx.command,
          seed: ctx.seed,
          sampleSizes: { powers: k, 'games per pair': 2 * perOrder, 'total games': total },
          details: { agents: TABLE_AGENT },
        },
      };
    },
  };
}

export const rumbleDominanceStudy = rumbleDominance();
