/**
 * dark-hero-fairness: do Free and Safe heroes win equally often, for each starting Bent
 * and table size (2, 4, 6, 10 heroes)? Is there a seat advantage?
 *
 * Every seat is played by the goal-seeking heuristic; goals alternate Free, Safe; builds
 * are the default F1 I1 R2. The Bent is fixed per configuration; game i of every
 * configuration uses the same seed. The seat question compares the same tables with
 * the goal order reversed (Safe first), game by game.
 */
import { forestPlot, seatShareBars } from '../../src/analysis/charts.js';
import type { KeyFinding, Report, ReportVerdict } from '../../src/analysis/report-model.js';
import type { GameRecord } from '../../src/sim/types.js';
import { formatLevel, holmNote } from '../../src/analysis/stats/multiplicity.js';
import { mdeRangeText, mdeText } from '../../src/analysis/stats/verdict.js';
import { DARK_HERO_AGENTS, playedBy, GAME_ID, differenceVerdict, fmt, holmDifferences, interval, pairedByGame, playTable, r3, shareInterval, teamShare, underdogGap } from './common.js';
import { studyAgents, type Study, type StudyContext } from '../study.js';

const SIZES = [2, 4, 6, 10] as const;
const BENTS = [1, 2, 3, 4] as const;
const BENT_NAMES = ['', 'Chaos', 'Dangerous', 'Stifling', 'Fascist'];

function heroes(players: number, firstGoal: 'free' | 'safe'): Record<string, unknown>[] {
  const other = firstGoal === 'free' ? 'safe' : 'free';
  return Array.from({ length: players }, (_, i) => ({ goal: i % 2 === 0 ? firstGoal : other, fighting: 1, infiltrating: 1, resources: 2 }));
}

/** Mean share of the team sitting in seat 0 minus the other team's, per game. */
function firstTeamEdge(r: GameRecord): number {
  const goals = r.tags['goals'] as readonly string[];
  const first = goals[0] as 'free' | 'safe';
  return teamShare(r, first) - teamShare(r, first === 'free' ? 'safe' : 'free');
}

export const darkHeroFairness: Study = {
  name: 'dark-hero-fairness',
  power: {
    measure: 'the Free − Safe gap at each (table size, Bent) (Holm over 16)',
    unit: 'share difference',
    primary: (f) => f.id.startsWith('gap-'),
    fullSize: '2,800 games a setting',
    full: { median: 0.036, range: [0.020, 0.047], how: 'measured on the --full run of 28 Nov (seed 1, 52,800 games, 41 s on 2 workers)' },
    fullMinutes: { minutes: 0.7 },
  },
  gameId: GAME_ID,
  title: 'Dark Hero: is it fair to Free and Safe heroes?',
  question: 'Do Free and Safe heroes win equally often, whatever the starting Bent and the number of heroes, and does the seat order matter?',
  ...DARK_HERO_AGENTS,
  async run(ctx: StudyContext): Promise<Report> {
    // 2,800 games a setting at full: every Free − Safe gap's MDE at its Holm level ≤ 0.05 (measured: median 0.036, widest 0.047; README "Sample sizes and what they can detect").
    const games = ctx.full ? 2800 : 200;
    const seatGames = ctx.full ? 4000 : 600;
    const rows: Record<string, string | number>[] = [];
    const effects: { label: string; estimate: number; lo: number; hi: number; n: number; group: string; level: number }[] = [];
    const verdicts: ReportVerdict[] = [];
    let total = 0;
    const settings: { players: number; bent: number; records: GameRecord[]; gaps: number[] }[] = [];
    const sizes: { players: number; leans: number[] }[] = [];
    for (const players of SIZES) {
      const bySizeRecords: GameRecord[] = [];
      for (const bent of BENTS) {
        const records = await playTable(ctx, `fair-${players}p-bent${bent}`, { heroes: heroes(players, 'free'), bent }, games);
        total += records.length;
        bySizeRecords.push(...records);
        settings.push({ players, bent, records, gaps: records.map((r) => teamShare(r, 'free') - teamShare(r, 'safe')) });
      }
      sizes.push({ players, leans: bySizeRecords.map(underdogGap) });
    }
    // Sixteen settings are one family (and the four table sizes another): Holm keeps the
    // chance of any false "Free and Safe differ" at most 5%; intervals show the tested level.
    const settingTests = holmDifferences(settings.map((x) => x.gaps));
    const sizeTests = holmDifferences(sizes.map((x) => x.leans));
    const play = playedBy(ctx);
    // Key findings for skill sensitivity, at the levels the verdicts test them.
    const findings: KeyFinding[] = [];
    settings.forEach(({ players, bent, records, gaps }, k) => {
        const { level } = settingTests[k]!;
        const free = shareInterval(records.map((r) => teamShare(r, 'free')));
        const safe = shareInterval(records.map((r) => teamShare(r, 'safe')));
        const gap = interval(gaps, level);
        rows.push({
          heroes: players,
          bent: `${bent} (${BENT_NAMES[bent]})`,
          'Free share': r3(free.mean),
          'Free 95%': `${r3(free.lo)}–${r3(free.hi)}`,
          'Safe share': r3(safe.mean),
          'Safe 95%': `${r3(safe.lo)}–${r3(safe.hi)}`,
          'Free − Safe': r3(gap.mean),
          'gap interval': `${r3(gap.lo)}–${r3(gap.hi)}`,
          level: formatLevel(level),
          games: records.length,
        });
        effects.push({ label: `${players} heroes, Bent ${bent}`, estimate: gap.mean, lo: gap.lo, hi: gap.hi, n: gap.n, group: `${players} heroes`, level });
        // Its units (a game's Free − Safe, one table the design fixes) let --precision decide on a betting confidence sequence.
        findings.push({ id: `gap-${players}p-bent${bent}`, label: `Free − Safe, ${players} heroes, Bent ${bent}`, estimate: gap.mean, lo: gap.lo, hi: gap.hi, nullValue: 0, n: gap.n, level, family: `Holm over ${settings.length} settings`, units: { values: gaps.filter((x) => !Number.isNaN(x)), range: [-1, 1] } });
    });
    sizes.forEach(({ players, leans }, k) => {
      // Pooled over the four Bents: the side the Bent leans toward (Free on 1–2, Safe on 3–4) minus the underdog.
      const { level } = sizeTests[k]!;
      const lean = interval(leans, level);
      findings.push({ id: `lean-${players}p`, label: `Favoured side − underdog, ${players} heroes`, estimate: lean.mean, lo: lean.lo, hi: lean.hi, nullValue: 0, n: lean.n, level, family: `Holm over ${sizes.length} table sizes` });
      verdicts.push(
        differenceVerdict(
          `${players} heroes, favoured side minus underdog (Bent 1–2 lean to Free, 3–4 to Safe; underdogs get +${2} Resources; ${play})`,
          interval(leans, level),
          'the side the Bent leans toward wins more, despite the underdog bonus',
          'the underdog bonus more than makes up for the Bent',
          level,
          `${sizes.length} table sizes`,
        ),
      );
    });
    const unequal = settingTests.filter((d) => d.rejected).length;
    const biggest = [...effects].sort((a, b) => Math.abs(b.estimate) - Math.abs(a.estimate))[0]!;
    verdicts.unshift({
      statement:
        unequal > 0
          ? `Free and Safe are not equally placed (${play}): in ${unequal} of ${effects.length} (table size, Bent) settings the Free − Safe interval excludes 0 after Holm's correction; the largest gap is at ${biggest.label}.`
          : `No (table size, Bent) setting shows Free and Safe placed unequally after Holm's correction over ${effects.length} settings (${play}); the largest gap is at ${biggest.label}.`,
      evidence: `${biggest.label}: Free − Safe ${r3(biggest.estimate)} [${r3(biggest.lo)}, ${r3(biggest.hi)}] n=${biggest.n} games (${formatLevel(biggest.level)} t interval, Holm over ${effects.length} settings; ${mdeText(biggest)}); by setting at its Holm level ${mdeRangeText(effects)}`,
      strength: unequal > 0 ? 'supported' : 'inconclusive',
    });
    const bySize = SIZES.map((players) => {
      const e = effects.filter((x) => x.group === `${players} heroes`);
      return { players, meanAbsGap: e.reduce((a, x) => a + Math.abs(x.estimate), 0) / e.length };
    });

    // Seat order: the same 4-hero tables with Free first and with Safe first, game by game.
    const freeFirst = await playTable(ctx, 'seat-free-first', { heroes: heroes(4, 'free') }, seatGames);
    const safeFirst = await playTable(ctx, 'seat-safe-first', { heroes: heroes(4, 'safe') }, seatGames);
    total += freeFirst.length + safeFirst.length;
    // Edge of the team in seat 0, averaged over both goal orders (cancels any goal effect).
    const edges: number[] = [];
    const bIndex = new Map(safeFirst.map((r) => [r.index, r]));
    for (const r of freeFirst) {
      const s = bIndex.get(r.index);
      if (s) edges.push((firstTeamEdge(r) + firstTeamEdge(s)) / 2);
    }
    const seatEdge = interval(edges);
    verdicts.push(differenceVerdict(`First seat (4 heroes, ${play})`, seatEdge, "the team of the hero who moves first does better than the other team", 'the team of the hero who moves first does worse than the other team'));
    const goalOrder = pairedByGame(freeFirst, safeFirst, (r) => teamShare(r, 'free'));
    const seatRows = [0, 1, 2, 3].map((seat) => {
      const m = shareInterval(freeFirst.map((r) => r.returns[seat]!));
      return { seat: `seat ${seat + 1} (${seat % 2 === 0 ? 'Free' : 'Safe'})`, share: m.mean, lo: m.lo, hi: m.hi, n: m.n };
    });

    return {
      id: 'dark-hero-fairness',
      title: this.title,
      gameId: GAME_ID,
      question: this.question,
      verdicts,
      findings,
      sections: [
        {
          heading: 'Free vs Safe by starting Bent and table size',
          blocks: [
            {
              kind: 'text',
              text: `Each setting plays ${games} games ${playedBy(ctx)} (goals alternate Free, Safe; builds F1 I1 R2). A team's share is its heroes' mean return (goal 1, within one 0.5, else 0). Team shares carry 95% t intervals over games; the Free − Safe gaps carry t intervals at their Holm level. ${holmNote(effects.length, '(table size, Bent) settings')} The four table-size verdicts are a second family: ${holmNote(sizes.length, 'table sizes')} The seat-order question is a separate test at 95%. Mean |Free − Safe| by table size: ${bySize.map((b) => `${b.players} heroes ${r3(b.meanAbsGap)}`).join(', ')}.`,
            },
            { kind: 'chart', id: 'free-minus-safe', title: 'Free − Safe share by setting', caption: 'Right of 0: Free heroes do better. Intervals are at each setting\'s Holm level (see the table); one crossing 0 shows no difference at this sample size.', spec: forestPlot(effects, { title: 'Free minus Safe win share', subtitle: `by table size and starting Bent, Holm-corrected intervals over ${effects.length} settings`, intervalLabel: 'Holm-level', xTitle: 'Free share − Safe share' }) },
            { kind: 'table', id: 'free-safe-shares', title: 'Team shares by setting', rows },
          ],
        },
        {
          heading: 'Seat order',
          blocks: [
            {
              kind: 'text',
              text: `${seatGames} 4-hero games with Free in seats 1 and 3, and the same seeds with Safe in seats 1 and 3. First team's edge (mean over both orders): ${fmt(seatEdge)}. Free share with Free first minus with Safe first: ${fmt(goalOrder)}.`,
            },
            { kind: 'chart', id: 'seat-shares', title: 'Share by seat (Free first)', caption: 'Teammates share returns, so seats 1 and 3 (and 2 and 4) match; the dashed line is the mean share.', spec: seatShareBars(seatRows, { title: 'Win share by seat, 4 heroes, Free first', fair: seatRows.reduce((a, r) => a + r.share, 0) / 4 }) },
          ],
        },
      ],
      meta: {
        command: ctx.command,
        seed: ctx.seed,
        sampleSizes: { 'games per setting': games, settings: SIZES.length * BENTS.length, 'seat-order games per order': seatGames, 'total games': total },
        details: { agents: studyAgents(DARK_HERO_AGENTS, ctx), builds: 'F1 I1 R2', options: 'defaults (12 turns, Ace +3, seed map)' },
      },
    };
  },
};
