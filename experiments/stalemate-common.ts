/**
 * Shared pieces of the stalemate studies (superhero-gladiators-stalemates,
 * rumble-stalemates; issue #27): each plays the same tables under several agents (the
 * conditions), tallies per condition the share of games ended at the cap and the share in
 * which nothing happened (cap-report.ts), compares each agent's share at the cap with the
 * first (random play) seed by seed on common seeds, and lists the worst tables with a
 * `crucible replay` command for one of their stalled games.
 *
 * The unit is the seed. Every table plays game i on seed i (the same dice and agent
 * streams), and a seed moves the share at the cap of every table played on it (Superhero
 * Gladiators: a seed standard deviation of about 2 points, bench/superhero-gladiators/seed-effect.ts), so
 * the games of different tables on one seed are not independent. A study plays every table
 * of a condition on the same seeds (game i of each), and a condition's share is the mean
 * of its per-seed shares with an interval over seeds (CapTally's default unit, as in the
 * ledger); a difference from the baseline is taken seed by seed, t interval over seeds.
 */
import { relative } from 'node:path';
import type { Report, ReportBlock, ReportVerdict } from '../src/analysis/report-model.js';
import { tInterval } from '../src/analysis/stats/descriptive.js';
import { mdeText, noLargerShown } from '../src/analysis/stats/verdict.js';
import { endedAtCap } from '../src/analysis/stats/quality.js';
import { prepareMatch } from '../src/sim/play.js';
import { keyedRunDir } from '../src/sim/run-key.js';
import type { GameRecord, MatchConfig } from '../src/sim/types.js';
import { CapTally, capNameOf, describeTally, NOTHING_HAPPENED } from './cap-report.js';
import { playStudyTable } from './study-table.js';
import type { StudyContext } from './study.js';

/** One table of a stalemate study: its key, its config, its condition, and what it gave. */
export interface StallTable {
  readonly key: string;
  /** What the table is (a matchup, a table of heroes), for the worst-cases list. */
  readonly label: string;
  readonly condition: string;
  readonly records: readonly GameRecord[];
  /** `crucible replay` folder of the table (relative to the working directory). */
  readonly folder: string;
}

/** Plays one table under `condition` and notes where its games are stored for `crucible replay`. */
export async function playStallTable(ctx: StudyContext, key: string, label: string, condition: string, config: Omit<MatchConfig, 'seed'>): Promise<StallTable> {
  const records = await playStudyTable(ctx, key, config, condition);
  const folder = keyedRunDir(ctx.runDir, key, prepareMatch({ ...config, seed: ctx.seed }).config);
  return { key, label, condition, records, folder: relative(process.cwd(), folder) || folder };
}

/** Tallies per condition, in the order the conditions first appear; the unit is the seed (CapTally's default). */
export function tallies(tables: readonly StallTable[], gameId: string): Map<string, CapTally> {
  const quiet = NOTHING_HAPPENED[gameId];
  const out = new Map<string, CapTally>();
  for (const t of tables) {
    const tally = out.get(t.condition) ?? new CapTally();
    out.set(t.condition, tally);
    // The seed is the unit (CapTally's default): every table of the condition shares its seeds.
    for (const r of t.records) tally.add(r, quiet?.test(r));
  }
  return out;
}

const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : '—');

/**
 * Each condition's share at the cap minus the baseline condition's, seed by seed: on each
 * seed, the mean over the games both played (the same table key with the condition's
 * prefix swapped: `twinKey` maps a table to its baseline twin's key) of the condition's
 * game at the cap (1 or 0) minus its twin's; a t interval over the seeds (the unit: a seed
 * moves every table on it, so games on one seed are not independent). `games` counts the
 * matched games.
 */
export function capDifference(tables: readonly StallTable[], condition: string, baseline: string, twinKey: (t: StallTable) => string, level = 0.95): { mean: number; lo: number; hi: number; n: number; games: number } {
  const base = new Map(tables.filter((t) => t.condition === baseline).map((t) => [t.key, t]));
  const bySeed = new Map<number, { sum: number; n: number }>();
  let games = 0;
  for (const t of tables) {
    if (t.condition !== condition) continue;
    const twin = base.get(twinKey(t));
    if (!twin) continue;
    const twinGames = new Map(twin.records.map((r) => [r.seed, r]));
    for (const r of t.records) {
      const b = twinGames.get(r.seed);
      if (!b) continue;
      const cell = bySeed.get(r.seed) ?? { sum: 0, n: 0 };
      cell.sum += (endedAtCap(r) ? 1 : 0) - (endedAtCap(b) ? 1 : 0);
      cell.n++;
      bySeed.set(r.seed, cell);
      games++;
    }
  }
  const t = tInterval([...bySeed.values()].map((c) => c.sum / c.n), level);
  return { mean: t.mean, lo: t.lo, hi: t.hi, n: t.n, games };
}

/** The condition table: games, share at the cap, share in which nothing happened, per condition. */
export function conditionTable(gameId: string, byCondition: ReadonlyMap<string, CapTally>): ReportBlock {
  const quiet = NOTHING_HAPPENED[gameId];
  return {
    kind: 'table',
    id: 'stalls-by-condition',
    title: `Games ended at the ${capNameOf(gameId)}${quiet ? ` and games in which ${quiet.what}` : ''}, per condition`,
    caption: 'Intervals over seeds: every table of a condition plays the same seeds, and a seed\'s games (on all the tables) are one unit, so the seed\'s effect on every table played on it is inside the interval.',
    rows: [...byCondition].map(([condition, t]) => {
      const c = t.capShare();
      const q = t.quietShare();
      return {
        condition,
        games: t.games,
        seeds: c.seeds,
        'at the cap': t.capped,
        'share at the cap': Number(c.p.toFixed(3)),
        'cap 95% CI': `${f3(c.lo)}–${f3(c.hi)}`,
        ...(quiet ? { [quiet.what]: t.quiet, [`share ${quiet.what}`]: Number(q.p.toFixed(3)), [`${quiet.what} 95% CI`]: `${f3(q.lo)}–${f3(q.hi)}` } : {}),
      };
    }),
  };
}

/**
 * The worst tables (highest share at the cap, then most games in which nothing happened)
 * of `condition`, each with a replay command for one of its stalled games (one in which
 * nothing happened when there is one).
 */
export function worstTables(gameId: string, tables: readonly StallTable[], condition: string, count: number): ReportBlock {
  const quiet = NOTHING_HAPPENED[gameId];
  const scored = tables
    .filter((t) => t.condition === condition && t.records.length > 0)
    .map((t) => {
      const capped = t.records.filter(endedAtCap);
      const still = capped.filter((r) => quiet?.test(r) === true);
      const example = still[0] ?? capped[0];
      return { t, capped: capped.length, still: still.length, example };
    })
    .sort((a, b) => b.capped / b.t.records.length - a.capped / a.t.records.length || b.still - a.still || a.t.key.localeCompare(b.t.key))
    .slice(0, count);
  return {
    kind: 'table',
    id: `worst-${condition.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`.slice(0, 60),
    title: `The worst tables under ${condition}, with a replay of a stalled game`,
    caption: `Replay a game move by move with the command shown (the folder is this study's run folder; \`crucible replay <folder> --game N\` checks the replay ends with the recorded returns).`,
    rows: scored.map((s) => ({
      table: s.t.label,
      games: s.t.records.length,
      'at the cap': s.capped,
      ...(quiet ? { [quiet.what]: s.still } : {}),
      replay: s.example ? `crucible replay ${s.t.folder} --game ${s.example.index}` : '—',
    })),
  };
}

/** A verdict per condition against the baseline condition: does that play stall more or less? */
export function differenceVerdicts(gameId: string, tables: readonly StallTable[], conditions: readonly string[], baseline: string, twinKey: (t: StallTable) => string, byCondition: ReadonlyMap<string, CapTally>): ReportVerdict[] {
  const capName = capNameOf(gameId);
  const out: ReportVerdict[] = [];
  // One family: every condition against the baseline, Bonferroni (few conditions).
  const others = conditions.filter((c) => c !== baseline && byCondition.has(c));
  for (const c of others) {
    const level = 1 - 0.05 / Math.max(1, others.length);
    const d = capDifference(tables, c, baseline, twinKey, level);
    if (d.n < 2) continue;
    // No spread (every game alike under both): the interval is the point; say "not shown" unless it is off 0.
    const lo = Number.isFinite(d.lo) ? d.lo : d.mean;
    const hi = Number.isFinite(d.hi) ? d.hi : d.mean;
    // With no spread the t interval is a point; then a sign test over the n seeds decides.
    const shown = lo === hi ? d.mean !== 0 && 2 * 0.5 ** d.n < 1 - level : lo > 0 || hi < 0;
    out.push({
      statement: shown
        ? `Under ${c} ${lo > 0 ? 'more' : 'fewer'} games end at the ${capName} than under ${baseline}: ${describeTally(byCondition.get(c)!, gameId)}.`
        : `Under ${c} the share of games at the ${capName} is not shown to differ from ${baseline}'s: ${describeTally(byCondition.get(c)!, gameId)}; ${noLargerShown({ lo, hi, level }, 'difference')}.`,
      evidence: `difference in the share at the cap ${f3(d.mean)} [${f3(lo)}, ${f3(hi)}] seed by seed on the same tables (n = ${d.n} seeds, ${d.games} games each way; t interval over seeds at ${(level * 100).toFixed(1)}%: Bonferroni over ${others.length} conditions against ${baseline}; ${mdeText({ lo, hi, level })})`,
      strength: shown ? 'supported' : 'inconclusive',
    });
  }
  return out;
}

/** One house-rule setting of a sweep: the rule's option and value, and how mild it is (higher = milder). */
export interface RuleSetting {
  readonly rule: string;
  readonly value: number;
  /** Option overrides (merged into every table's options). */
  readonly options: Readonly<Record<string, unknown>>;
  /** Higher is milder (e.g. a later sudden death, a smaller drain). */
  readonly mildness: number;
}

/** A table whose stall share the sweep measures, and a matchup (both side orders) whose share it must move least. */
export interface SweepTable {
  readonly key: string;
  readonly label: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly games: number;
}
export interface SweepMatchup {
  readonly key: string;
  readonly label: string;
  /** Side A first, then the same matchup with the sides swapped. */
  readonly ab: Readonly<Record<string, unknown>>;
  readonly ba: Readonly<Record<string, unknown>>;
  readonly games: number;
}

function merge(base: Readonly<Record<string, unknown>>, over: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && b && typeof b === 'object' && !Array.isArray(b) ? merge(b as Record<string, unknown>, v as Record<string, unknown>) : v;
  }
  return out;
}

/** Side A's share per seed: A on side 0 in `ab`, on side 1 in `ba`. */
function shareBySeed(ab: readonly GameRecord[], ba: readonly GameRecord[]): Map<number, number> {
  const other = new Map(ba.map((r) => [r.seed, r]));
  const out = new Map<number, number>();
  for (const r of ab) {
    const m = other.get(r.seed);
    if (m) out.set(r.seed, (r.returns[0]! + m.returns[1]!) / 2);
  }
  return out;
}

export interface SweepResult {
  readonly setting: RuleSetting | null;
  /** The stall tables' share at the cap (all stall tables together). */
  readonly stalls: CapTally;
  /** Per matchup: side A's shares by seed. */
  readonly shares: readonly Map<number, number>[];
}

/**
 * Plays the stall tables and the matchups under `agent` at the base rules and at every
 * setting (the same seeds everywhere), for `crucible`-style tuning of house rules inside a
 * study: the mildest setting of each rule whose share at the cap is shown under 5% (its 95%
 * upper bound below 0.05), and how far it moves each matchup's share (paired over seeds).
 */
export async function houseRuleSweep(ctx: StudyContext, gameId: string, agent: string, stallTables: readonly SweepTable[], matchups: readonly SweepMatchup[], settings: readonly RuleSetting[]): Promise<SweepResult[]> {
  const quiet = NOTHING_HAPPENED[gameId];
  const out: SweepResult[] = [];
  for (const setting of [null, ...settings]) {
    const tag = setting ? `${setting.rule}-${setting.value}` : 'base';
    const cond = setting ? `${agent}, ${setting.rule} ${setting.value}` : `${agent}, base rules`;
    const over = setting?.options ?? {};
    const stalls = new CapTally();
    for (const t of stallTables) {
      const records = await playStudyTable(ctx, `sweep-${t.key}-${tag}`, { gameId, options: merge(t.options, over), agents: [agent], games: t.games, rotate: false }, cond);
      // The seed is the unit: the stall tables share their seeds.
      for (const r of records) stalls.add(r, quiet?.test(r));
    }
    const shares: Map<number, number>[] = [];
    for (const m of matchups) {
      const ab = await playStudyTable(ctx, `sweep-${m.key}-ab-${tag}`, { gameId, options: merge(m.ab, over), agents: [agent], games: m.games, rotate: false }, cond);
      const ba = await playStudyTable(ctx, `sweep-${m.key}-ba-${tag}`, { gameId, options: merge(m.ba, over), agents: [agent], games: m.games, rotate: false }, cond);
      shares.push(shareBySeed(ab, ba));
    }
    out.push({ setting, stalls, shares });
  }
  return out;
}

/** The sweep's table, verdicts (the mildest setting of each rule under 5%, and its effect on the matchups) and findings. */
export function sweepReport(gameId: string, agent: string, matchups: readonly SweepMatchup[], results: readonly SweepResult[]): { blocks: ReportBlock[]; verdicts: ReportVerdict[] } {
  const capName = capNameOf(gameId);
  const base = results.find((r) => r.setting === null)!;
  const shift = (r: SweepResult, i: number) => {
    const b = base.shares[i]!;
    const d: number[] = [];
    for (const [seed, v] of r.shares[i]!) {
      const x = b.get(seed);
      if (x !== undefined) d.push(v - x);
    }
    return tInterval(d);
  };
  const meanShift = (r: SweepResult): number => {
    const s = matchups.map((_, i) => Math.abs(shift(r, i).mean)).filter(Number.isFinite);
    return s.length ? s.reduce((a, x) => a + x, 0) / s.length : NaN;
  };
  const rows = results.map((r) => {
    const c = r.stalls.capShare();
    const q = r.stalls.quietShare();
    return {
      setting: r.setting ? `${r.setting.rule} = ${r.setting.value}` : 'base rules',
      games: r.stalls.games,
      'share at the cap': Number(c.p.toFixed(3)),
      'cap 95% CI': `${f3(c.lo)}–${f3(c.hi)}`,
      'nothing happened': Number(q.p.toFixed(3)),
      ...Object.fromEntries(
        matchups.map((m, i) => {
          const s = [...r.shares[i]!.values()];
          const mean = s.length ? s.reduce((a, x) => a + x, 0) / s.length : NaN;
          const d = shift(r, i);
          return [m.label, r.setting ? `${f3(mean)} (change ${f3(d.mean)} [${f3(d.lo)}, ${f3(d.hi)}])` : f3(mean)];
        }),
      ),
      'mean |change|': r.setting ? Number(meanShift(r).toFixed(3)) : null,
    };
  });
  const verdicts: ReportVerdict[] = [];
  const rules = [...new Set(results.flatMap((r) => (r.setting ? [r.setting.rule] : [])))];
  for (const rule of rules) {
    const own = results.filter((r) => r.setting?.rule === rule);
    const under = own.filter((r) => r.stalls.capShare().hi < CAP_GOAL).sort((a, b) => b.setting!.mildness - a.setting!.mildness);
    const pick = under[0];
    if (!pick) {
      const best = [...own].sort((a, b) => a.stalls.capShare().p - b.stalls.capShare().p)[0];
      verdicts.push({
        statement: `No setting of ${rule} tried is shown to bring the share of games at the ${capName} under 5% (${agent} in every seat); the closest, ${rule} = ${best?.setting?.value}: ${best ? describeTally(best.stalls, gameId) : '—'}.`,
        evidence: `settings tried: ${own.map((r) => `${r.setting!.value} (${f3(r.stalls.capShare().p)})`).join(', ')}; "shown under 5%" = the share's 95% upper bound below 0.05; the closest setting's cap share: ${best ? mdeText(best.stalls.capShare()) : 'MDE not estimable (no setting tried)'}`,
        strength: 'inconclusive',
      });
      continue;
    }
    const c = pick.stalls.capShare();
    const b = base.stalls.capShare();
    const moves = matchups.map((m, i) => {
      const d = shift(pick, i);
      return `${m.label} ${f3(d.mean)} [${f3(d.lo)}, ${f3(d.hi)}] (n = ${d.n} seed pairs)`;
    });
    const others = under.slice(1).map((r) => `${r.setting!.value} (mean |change| ${f3(meanShift(r))})`);
    // The mildest setting tried may not be the mildest that works: say so when it is the range's edge.
    const edge = Math.max(...own.map((r) => r.setting!.mildness)) === pick.setting!.mildness ? ` It is the mildest setting tried: a milder one may also bring the share under 5%.` : '';
    verdicts.push({
      statement: `The mildest setting of ${rule} tried that brings the share of games at the ${capName} under 5% is ${rule} = ${pick.setting!.value}: ${f3(c.p)} [${f3(c.lo)}, ${f3(c.hi)}] against ${f3(b.p)} [${f3(b.lo)}, ${f3(b.hi)}] at the base rules (${agent} in every seat); it moves the matchups' shares by ${f3(meanShift(pick))} on average.${edge}`,
      evidence: `change in side A's share per matchup, paired over seeds (95% t intervals): ${moves.join('; ')}${others.length ? `; stronger settings also under 5%: ${others.join(', ')}` : ''}`,
      strength: 'supported',
    });
  }
  const blocks: ReportBlock[] = [
    {
      kind: 'table',
      id: 'house-rule-sweep',
      title: `House rules that end stalls: share at the ${capName} and the matchups' shares per setting (${agent} in every seat)`,
      caption: `Every setting on the same seeds. A matchup's share is side A's (the first named), a pair of games with the sides swapped per seed; its change is against the base rules, paired over seeds. "Nothing happened": ${NOTHING_HAPPENED[gameId]?.what ?? 'not recorded'}.`,
      rows,
    },
  ];
  return { blocks, verdicts };
}

/** The share of games at the cap a house rule must be shown under. */
export const CAP_GOAL = 0.05;

/** What a stalemate study supplies to {@link stalemateReport}; the rest of the report is shared. */
export interface StalemateReportParts {
  readonly id: string;
  readonly title: string;
  readonly question: string;
  readonly gameId: string;
  readonly ctx: StudyContext;
  readonly tables: readonly StallTable[];
  /** The conditions' agent names in plan order; the first is the baseline every other is compared with. */
  readonly agentNames: readonly string[];
  /** The table groups; a condition is named `${agent}, ${group}` and compared only within its group. */
  readonly groups: readonly string[];
  /** The replays worth opening (the worst tables of the condition the study cares most about). */
  readonly worst: (byCondition: ReadonlyMap<string, CapTally>) => ReportBlock[];
  /** The "Stalls per condition" paragraph, given the baseline's name and the per-condition summary. */
  readonly stallsText: (baseline: string, summary: string) => string;
  /** The house-rule section's paragraph. */
  readonly sweepText: (byCondition: ReadonlyMap<string, CapTally>) => string;
  readonly tuned: { readonly blocks: readonly ReportBlock[]; readonly verdicts: readonly ReportVerdict[] };
  /** Whose stall it is (a study's probe): its verdicts open the report, its section comes first. */
  readonly lead?: { readonly heading: string; readonly text: string; readonly verdicts: readonly ReportVerdict[]; readonly blocks: readonly ReportBlock[] };
}

/**
 * The report both stalemate studies write: each condition's cap and nothing-happened
 * shares, each agent's difference from the baseline seed by seed on the same tables (a table
 * is matched to the baseline's twin by its key, which ends with the agent's slug), the
 * worst tables, then the house rules the sweep picked.
 */
export function stalemateReport(p: StalemateReportParts): Report {
  const byCondition = tallies(p.tables, p.gameId);
  const baseline = p.agentNames[0]!;
  const twinKey = (t: StallTable): string => {
    const agent = p.agentNames.find((a) => t.condition.startsWith(`${a}, `))!;
    return t.key.replace(new RegExp(`${slugOf(agent)}$`), slugOf(baseline));
  };
  const verdicts: ReportVerdict[] = [];
  for (const group of p.groups) {
    const inGroup = [...byCondition.keys()].filter((c) => c.endsWith(`, ${group}`));
    const base = `${baseline}, ${group}`;
    if (inGroup.includes(base)) verdicts.push(...differenceVerdicts(p.gameId, p.tables, inGroup, base, twinKey, byCondition));
  }
  const summary = [...byCondition].map(([c, t]) => `${c}: ${describeTally(t, p.gameId)}`).join('. ');
  return {
    id: p.id,
    title: p.title,
    gameId: p.gameId,
    question: p.question,
    verdicts: [...(p.lead?.verdicts ?? []), ...verdicts, ...p.tuned.verdicts],
    sections: [
      ...(p.lead ? [{ heading: p.lead.heading, blocks: [{ kind: 'text' as const, text: p.lead.text }, ...p.lead.blocks] }] : []),
      { heading: 'Stalls per condition', blocks: [{ kind: 'text', text: p.stallsText(baseline, summary) }, conditionTable(p.gameId, byCondition), ...p.worst(byCondition)] },
      { heading: 'House rules that end stalls (tuned by the tool)', blocks: [{ kind: 'text', text: p.sweepText(byCondition) }, ...p.tuned.blocks] },
    ],
    meta: { command: p.ctx.command, seed: p.ctx.seed, sampleSizes: Object.fromEntries([...byCondition].map(([c, t]) => [`games, ${c}`, t.games])) },
  };
}

/** A name as it ends a table key. */
export const slugOf = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
