/**
 * dark-hero-house-rules: the seed's own claims and variants, each as a paired comparison
 * against the default rules on the same seeds (game i of every run shares its seed):
 *
 * - "Longer games tend to be more fair": the underdog gap (favoured team's share minus
 *   the underdog team's; Bent 1–2 favour Free, 3–4 Safe) over 6–24 turns, described as a
 *   whole curve: the turn count with the smallest gap is tested against the shortest and
 *   the longest setting at a Bonferroni level over every comparison that picking the best
 *   count from the data could lead to (11 for 7 counts; why not a split-half, see
 *   turns.ts), and games everyone loses (a gap of 0 that is not fairness) get a
 *   curve and a verdict of their own;
 * - Fluctuating Society instead of the drift toward Bent;
 * - the Ace bonus (+2 and +5 against the default +3, for heroes who start with an Ace);
 * - the draw-a-card map instead of the seed map.
 *
 * Every seat is the goal-seeking heuristic; 4 heroes, goals alternating, builds F1 I1 R2.
 */
import { forestPlot, responseCurve } from '../../src/analysis/charts.js';
import type { KeyFinding, Report, ReportVerdict } from '../../src/analysis/report-model.js';
import type { GameRecord } from '../../src/sim/types.js';
import { DARK_HERO_AGENTS, playedBy, GAME_ID, allLost, differenceVerdict, fmt, interval, pairedByGame, playTable, r3, underdogGap } from './common.js';
import { turnCountVerdicts, selectionFamily } from './turns.js';
import { formatLevel } from '../../src/analysis/stats/multiplicity.js';
import { studyAgents, type Study, type StudyContext } from '../study.js';

const TURNS = [6, 9, 12, 15, 18, 21, 24] as const;
const DEFAULT_TURNS = 12;

/** Mean return over all heroes (how often anyone gets what they want). */
function welfare(r: GameRecord): number {
  return r.returns.reduce((a, b) => a + b, 0) / r.returns.length;
}

interface Variant {
  readonly key: string;
  readonly label: string;
  readonly options: Record<string, unknown>;
  /** Compared against this run instead of the default rules (same seeds). */
  readonly baseline?: { readonly key: string; readonly options: Record<string, unknown> };
}

/** The default builds start without Aces, so the Ace bonus is tested on heroes that start with one. */
const ACE_HEROES = [0, 1, 2, 3].map((i) => ({ goal: i % 2 === 0 ? 'free' : 'safe', fighting: 1, infiltrating: 1, aces: 1 }));
const ACE_BASELINE = { key: 'ace3', options: { heroes: ACE_HEROES } };

const VARIANTS: readonly Variant[] = [
  { key: 'fluctuating', label: 'Fluctuating Society', options: { drift: 'fluctuating' } },
  { key: 'ace2', label: 'Ace +2 (vs +3)', options: { heroes: ACE_HEROES, aceBonus: 2 }, baseline: ACE_BASELINE },
  { key: 'ace5', label: 'Ace +5 (vs +3)', options: { heroes: ACE_HEROES, aceBonus: 5 }, baseline: ACE_BASELINE },
  { key: 'draw-map', label: 'Draw-a-card map', options: { map: { layout: 'draw' } } },
];


export const darkHeroHouseRules: Study = {
  name: 'dark-hero-house-rules',
  power: {
    measure: "the underdog gap's change against 12 turns / the printed rules (95% each)",
    unit: 'share difference',
    primary: (f) => f.id.startsWith('rule-'),
    fullSize: '4,000 games a rule',
    full: { median: 0.028, range: [0.012, 0.039], how: 'estimated: the quick spread (500 games, seed 1) scaled by √(500 / 4,000)' },
    fullMinutes: { minutes: 0.73 },
  },
  gameId: GAME_ID,
  title: 'Dark Hero: do longer games, Fluctuating Society, the Ace bonus or the draw-a-card map make it fairer?',
  question: 'Are longer games more fair to the underdog side, as the rules claim, and what do Fluctuating Society, the Ace bonus and the draw-a-card map change?',
  ...DARK_HERO_AGENTS,
  async run(ctx: StudyContext): Promise<Report> {
    const games = ctx.full ? 4000 : 500;
    const verdicts: ReportVerdict[] = [];
    const byTurns = new Map<number, GameRecord[]>();
    for (const turns of TURNS) byTurns.set(turns, await playTable(ctx, `turns-${turns}`, { players: 4, turns }, games));
    const base = byTurns.get(DEFAULT_TURNS)!;

    // 1. Turn count: the whole response curve, the best count tested against both ends
    // with a correction for having picked it from the data (turns.ts).
    const turnVerdicts = turnCountVerdicts(byTurns, TURNS, playedBy(ctx), DEFAULT_TURNS);
    const { curve, lossCurve, best } = turnVerdicts;
    verdicts.push(...turnVerdicts.verdicts);
    const shortVsLong = pairedByGame(byTurns.get(24)!, byTurns.get(6)!, underdogGap);

    // 2–4. Variants against the default rules, game by game.
    const effects: { label: string; estimate: number; lo: number; hi: number; n: number; group: string }[] = [];
    const rows: Record<string, string | number>[] = [];
    for (const t of TURNS.filter((x) => x !== DEFAULT_TURNS)) {
      const d = pairedByGame(byTurns.get(t)!, base, underdogGap);
      effects.push({ label: `${t} turns`, estimate: d.mean, lo: d.lo, hi: d.hi, n: d.n, group: 'turn count' });
    }
    // Key findings for skill sensitivity, each at 95% as the study tests them (one by one).
    const single = 'each at 95%, as the study tests them';
    const baseGapAll = interval(base.map(underdogGap));
    const findings: KeyFinding[] = [
      { id: 'gap-default', label: `Underdog gap, default ${DEFAULT_TURNS} turns`, estimate: baseGapAll.mean, lo: baseGapAll.lo, hi: baseGapAll.hi, nullValue: 0, n: baseGapAll.n, level: 0.95, family: single },
      { id: 'gap-24-minus-6', label: 'Underdog gap, 24 minus 6 turns', estimate: shortVsLong.mean, lo: shortVsLong.lo, hi: shortVsLong.hi, nullValue: 0, n: shortVsLong.n, level: 0.95, family: single },
    ];
    const baselines = new Map<string, GameRecord[]>();
    let extra = 0;
    for (const v of VARIANTS) {
      let against = base;
      if (v.baseline) {
        if (!baselines.has(v.baseline.key)) {
          baselines.set(v.baseline.key, await playTable(ctx, v.baseline.key, v.baseline.options, games));
          extra += games;
        }
        against = baselines.get(v.baseline.key)!;
      }
      const records = await playTable(ctx, v.key, v.options.heroes ? v.options : { players: 4, ...v.options }, games);
      const gap = pairedByGame(records, against, underdogGap);
      const lost = pairedByGame(records, against, allLost);
      const good = pairedByGame(records, against, welfare);
      effects.push({ label: v.label, estimate: gap.mean, lo: gap.lo, hi: gap.hi, n: gap.n, group: 'variant' });
      findings.push({ id: `rule-${v.key}`, label: `${v.label}: underdog gap change`, estimate: gap.mean, lo: gap.lo, hi: gap.hi, nullValue: 0, n: gap.n, level: 0.95, family: single });
      rows.push({
        variant: v.label,
        'compared with': v.baseline ? 'Ace +3, same heroes' : 'default rules',
        'underdog gap change': r3(gap.mean),
        'gap 95%': `${r3(gap.lo)}–${r3(gap.hi)}`,
        'everyone-loses change': r3(lost.mean),
        'mean share change': r3(good.mean),
        'share 95%': `${r3(good.lo)}–${r3(good.hi)}`,
        games: gap.n,
      });
      verdicts.push(differenceVerdict(`${v.label}${v.baseline ? ', heroes F1 I1 A1' : ' vs default rules'} (underdog gap, ${playedBy(ctx)})`, gap, 'it makes the game less fair to the underdog', 'it makes the game fairer to the underdog'));
    }
    const baseGap = interval(base.map(underdogGap));
    const total = [...byTurns.values()].reduce((a, r) => a + r.length, 0) + VARIANTS.length * games + extra;

    return {
      id: 'dark-hero-house-rules',
      title: this.title,
      gameId: GAME_ID,
      question: this.question,
      verdicts,
      findings,
      sections: [
        {
          heading: 'Turn count',
          blocks: [
            {
              kind: 'text',
              text: `Under the default reading of the rules (Bent values name the outer meter positions and the meter starts on its Bent), the underdog gap is the favoured team's share minus the underdog team's (Bent 1–2 lean toward Free, 3–4 toward Safe; underdogs start with 2 extra Resources); 0 is fair. ${games} games per setting, 4 heroes, ${playedBy(ctx)}, 95% t intervals over games. Default 12 turns: ${fmt(baseGap)}. 24 minus 6 turns, game by game: ${fmt(shortVsLong)}. The turn count with the smallest gap (${best.x}) is picked from these data, so its comparisons with ${TURNS[0]} and ${TURNS[TURNS.length - 1]} turns are tested at ${formatLevel(turnVerdicts.level)}: Bonferroni over the ${selectionFamily(TURNS.length)} comparisons of the shortest or longest setting with another that the pick could have led to, which keeps the chance of a false claim about the selected count at most 5% whichever count is picked.`,
            },
            { kind: 'chart', id: 'gap-by-turns', title: 'Underdog gap by turn count', caption: 'Closer to 0 is fairer. The dashed line marks 0; the red rule the turn count with the smallest gap.', spec: responseCurve(curve, { title: 'Underdog gap by number of turns', subtitle: 'favoured team share − underdog team share, 95% intervals', xTitle: 'turns', yTitle: 'underdog gap', target: 0, best: best.x }) },
            { kind: 'chart', id: 'everyone-loses-by-turns', title: 'Games everyone loses, by turn count', caption: 'Share of games where no hero scores (meter at an extreme or far from both goals).', spec: responseCurve(lossCurve, { title: 'Games where everyone loses', xTitle: 'turns', yTitle: 'share of games', bounds: { min: 0, max: 1 } }) },
          ],
        },
        {
          heading: 'House rules against the default (paired by seed)',
          blocks: [
            { kind: 'chart', id: 'house-rule-effects', title: 'Change of the underdog gap', caption: 'Left of 0: fairer to the underdog than the baseline (the default 12-turn game; for the Ace rows, Ace +3 with the same F1 I1 A1 heroes). Intervals crossing 0 show no difference.', spec: forestPlot(effects, { title: 'Change in underdog gap vs default rules', subtitle: 'same seeds, 95% intervals over games', xTitle: 'gap(variant) − gap(default)' }) },
            { kind: 'table', id: 'house-rule-table', title: 'Variants against the default rules', rows },
          ],
        },
      ],
      meta: {
        command: ctx.command,
        seed: ctx.seed,
        sampleSizes: { 'games per setting': games, settings: TURNS.length + VARIANTS.length, 'total games': total },
        details: { agents: studyAgents(DARK_HERO_AGENTS, ctx), heroes: '4, goals alternating Free/Safe, builds F1 I1 R2', pairing: 'game i of every setting shares its seed' },
      },
    };
  },
};
