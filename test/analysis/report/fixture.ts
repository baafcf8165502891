/** A small report using every chart kind, with a hostile name in every user string. */
import * as charts from '../../../src/analysis/charts.js';
import type { Report } from '../../../src/analysis/report-model.js';

export const HOSTILE = '<script>alert(1)</script>';

export function sampleReport(id = 'sample'): Report {
  return {
    id,
    title: `Sample ${HOSTILE}`,
    gameId: 'gladiator-duel',
    question: `Is ${HOSTILE} fair?`,
    verdicts: [
      { statement: `${HOSTILE} beats Medium.`, evidence: '0.62 (95% CI 0.55 to 0.69, n = 200 pairs)', strength: 'supported' },
      { statement: 'No edge shown for Light.', evidence: '0.51 (95% CI 0.44 to 0.58, n = 200 pairs)', strength: 'inconclusive' },
    ],
    sections: [
      {
        heading: `Charts ${HOSTILE}`,
        blocks: [
          { kind: 'text', text: `First paragraph ${HOSTILE}.\n\nSecond paragraph.` },
          {
            kind: 'chart',
            id: 'heatmap',
            title: `Matchups ${HOSTILE}`,
            caption: HOSTILE,
            spec: charts.matchupHeatmap(
              [
                { row: HOSTILE, col: 'Medium', share: 0.62, lo: 0.55, hi: 0.69, n: 200 },
                { row: 'Medium', col: HOSTILE, share: 0.38, lo: 0.31, hi: 0.45, n: 200 },
              ],
              { title: `Matchups ${HOSTILE}` },
            ),
          },
          { kind: 'chart', id: 'forest', title: 'Forest', spec: charts.forestPlot([{ label: 'draw rate', estimate: 0.02, lo: -0.01, hi: 0.05 }], { title: 'Forest', xTitle: 'change (B − A)' }) },
          { kind: 'chart', id: 'cost', title: 'Cost', spec: charts.costScatter([{ name: 'Laser', listed: 10, fitted: 14 }, { name: 'Fist', listed: 5, fitted: 5 }], { title: 'Cost', outlierGap: 1 }) },
          { kind: 'chart', id: 'ratings', title: 'Ratings', spec: charts.ratingBars([{ name: 'a', rating: 30, lo: 10, hi: 50 }], { title: 'Ratings' }) },
          { kind: 'chart', id: 'nash', title: 'Nash', spec: charts.equilibriumBars([{ name: 'a', mass: 1, method: 'Nash' }], { title: 'Nash' }) },
          { kind: 'chart', id: 'lengths', title: 'Lengths', spec: charts.lengthHistogram([3, 4, 4, 5, 9], { title: 'Lengths' }) },
          { kind: 'chart', id: 'response', title: 'Response', spec: charts.responseCurve([{ x: 0, value: 0.4, lo: 0.3, hi: 0.5 }, { x: 1, value: 0.5, lo: 0.4, hi: 0.6 }], { title: 'Response', xTitle: 'bonus (AP)', yTitle: 'share', target: 0.5, best: 1 }) },
          { kind: 'chart', id: 'seats', title: 'Seats', spec: charts.seatShareBars([{ seat: 'seat 1', share: 0.55, lo: 0.5, hi: 0.6, n: 300 }, { seat: 'seat 2', share: 0.45, lo: 0.4, hi: 0.5, n: 300 }], { title: 'Seats' }) },
          { kind: 'table', id: 'table', title: 'Table', rows: [{ name: HOSTILE, share: 0.5, note: 'a, "quoted"\nline' }, { name: 'b', share: null, note: '' }] },
        ],
      },
    ],
    meta: { command: `crucible study ${HOSTILE}`, seed: 7, sampleSizes: { 'total games': 400 }, details: { agent: 'mcts:iterations=40' } },
  };
}
