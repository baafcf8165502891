/**
 * Shared pieces of the Superhero Gladiators studies: playing one matchup as seat-swapped
 * pairs through the runner, the agents the studies play with, the features of a build
 * the cost study fits on, and a user's own heroes (`--hero-file`).
 *
 * A matchup is two runs on the same master seed: side A's team on side 0 against side
 * B's on side 1, and the mirror. Game i of each shares its seed (placement and
 * initiative d20s, every roll from the same stream), so the pair — not the game — is
 * the unit of every statistic.
 */
import { POWER_TYPES, powerTypeInfo, type Enhancement, DEFAULT_BUILD_OPTIONS, parseBuildOptions, type BuildOptions, powerCost, checkHeroFile, type HeroSpec, SAMPLE_HEROES } from '../../src/games/superhero-gladiators/index.js';
import type { GameRecord } from '../../src/sim/types.js';
import { playStudyTable } from '../study-table.js';
import type { Study, StudyContext } from '../study.js';

export const GAME_ID = 'superhero-gladiators';

/**
 * The agent of the build studies: the heuristic (heuristic.ts). It beats random play in
 * every measured pair and plays a random-build duel in a few milliseconds. The tuned MCTS
 * (bare `mcts`) beats it (0.671 [0.579, 0.763] in Amazon mirror duels, agents/README.md)
 * but takes seconds a game, so the tens of thousands of duels of these studies are played
 * by the heuristic on both sides, quick and full, and every verdict says so.
 */
export const BUILD_AGENT = 'heuristic';

/**
 * The build studies' seats for `--agents`: one spec plays every hero (BUILD_AGENT by
 * default; `--agents` or `--skill` seat another, and the verdicts name it — buildPlay).
 */
export const BUILD_STUDY_AGENTS: Pick<Study, 'agentSlots' | 'defaultAgents' | 'agentChoice'> = {
  agentSlots: ['every seat'],
  defaultAgents: () => [BUILD_AGENT],
  agentChoice: () => 'the Superhero Gladiators heuristic: it beats random play in every measured pair and plays a duel in a few milliseconds; the tuned MCTS is stronger (0.67 against it in mirror duels) but takes seconds a game, too slow for the thousands of duels these studies play',
};

/** The spec playing every hero of a build study in this run (--agents, or BUILD_AGENT). */
export function buildAgentOf(ctx: Pick<StudyContext, 'agents'>): string {
  return ctx.agents?.[0] ?? BUILD_AGENT;
}

/** "played by "<spec>" on both sides", for a build study's verdicts and method texts. */
export function buildPlay(ctx: Pick<StudyContext, 'agents'>): string {
  return `played by "${buildAgentOf(ctx)}" on both sides`;
}

/** The StudyContext (`heroFile` carries `--hero-file`). */
export type ShgStudyContext = StudyContext;

/** A user's heroes (`--hero-file`), checked against the build rules (content.ts checkHeroFile); [] without a file. */
export function userHeroes(ctx: StudyContext): HeroSpec[] {
  return ctx.heroFile ? checkHeroFile(ctx.heroFile) : [];
}

/**
 * The cost formula and builder numbers of this run: the game's `build` options from
 * `--options` (e.g. the refit constants the costs study prints), else the defaults. The
 * studies generate, price and fit builds under them, and every game plays them
 * (study-table.ts passes the options to each table).
 */
export function studyBuildOptions(ctx: Pick<StudyContext, 'options'>): BuildOptions {
  return ctx.options?.['build'] === undefined ? DEFAULT_BUILD_OPTIONS : parseBuildOptions(ctx.options['build']);
}

/** A run-folder name for a team list: lower-case, no spaces, short. */
export function runKey(parts: readonly string[]): string {
  return parts.join('-vs-').toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 80);
}

export interface MatchupResult {
  /** Side A's share per seed pair (mean of its two games), pairs with a failed game left out. */
  readonly scores: number[];
  /** Games played (failed ones included). */
  readonly games: number;
}

/**
 * Plays `pairs` seat-swapped pairs of team A against team B (hero specs, by name in
 * `teams`), every hero played by `agent`. Failed games go to the study's ledger and
 * drop their pair.
 */
export async function playMatchup(
  ctx: StudyContext,
  key: string,
  a: readonly HeroSpec[],
  b: readonly HeroSpec[],
  pairs: number,
  agent: string = BUILD_AGENT,
  extraOptions: Record<string, unknown> = {},
): Promise<MatchupResult> {
  // Only heroes that are not samples travel in the options (the run key hashes them).
  const sampleNames = new Set(SAMPLE_HEROES.map((h) => h.name));
  const custom = [...a, ...b].filter((h, i, all) => !sampleNames.has(h.name) && all.findIndex((x) => x.name === h.name) === i);
  const names = (t: readonly HeroSpec[]) => t.map((h) => h.name);
  const base = { gameId: GAME_ID, agents: [agent], games: pairs, rotate: false };
  const ab = await playStudyTable(ctx, `${key}-ab`, { ...base, options: { ...extraOptions, heroes: custom, teams: [names(a), names(b)] } });
  const ba = await playStudyTable(ctx, `${key}-ba`, { ...base, options: { ...extraOptions, heroes: custom, teams: [names(b), names(a)] } });
  return { scores: pairScores(ab, ba), games: 2 * pairs };
}

/** Side A's share over seed pairs: A on side 0 in `ab`, on side 1 in `ba`; only pairs with both games complete. */
export function pairScores(ab: readonly GameRecord[], ba: readonly GameRecord[]): number[] {
  const byIndex = new Map(ba.map((r) => [r.index, r]));
  const out: number[] = [];
  for (const r of ab) {
    const m = byIndex.get(r.index);
    if (!m || r.error !== undefined || m.error !== undefined || r.returns.length === 0 || m.returns.length === 0) continue;
    out.push((r.returns[0]! + m.returns[1]!) / 2);
  }
  return out;
}

/** The four characteristics. */
export const CHARACTERISTICS = ['STR', 'DEX', 'SIZ', 'PER'] as const;

/** Enhancements with their own feature: every one but `no-gizmo` (the base every gizmo kind is measured against). */
export const PRICED_ENHANCEMENTS: readonly Enhancement[] = ['indestructible-gizmo', 'hidden-gizmo', 'visible-gizmo', 'piercing', 'missile', 'unreliable-15', 'unreliable-10', 'always-on'];

/**
 * Feature names: `power:<type>`, `enh:<enhancement>`, `char:<characteristic>`, and the two
 * shape features of the formula: `formula:limited-uses` (points of powers with limited
 * uses: do the uses factor's discounts buy as much as infinite uses?) and
 * `formula:per-level` (points x (level - 1) of powers whose level is a choice: does the
 * 1.4948 growth per level match what a level buys?).
 */
export const LIMITED_USES = 'formula:limited-uses';
export const PER_LEVEL = 'formula:per-level';

/** A feature that is extra value on top of a power's own points (fair = 0), not points of its own. */
export const isExtraFeature = (f: string): boolean => f.startsWith('enh:') || f.startsWith('formula:');

/** A power type's feature (a content type of a hero file has its own, outside ALL_FEATURES: the fit leaves it out like a too-rare type). */
export const powerFeature = (t: string): string => `power:${t}`;
export const enhFeature = (e: Enhancement): string => `enh:${e}`;
export const charFeature = (c: string): string => `char:${c}`;

/**
 * A build's features, every one in formula points so a fitted coefficient compares
 * directly with "one point": the formula cost of each power type held; for each
 * enhancement, the formula cost of the powers bought with it; each characteristic's
 * points times the characteristic price (the free 15 points included: they are the same
 * for every build, so only the split between characteristics matters in a duel).
 */
export function buildFeatures(spec: HeroSpec, o: BuildOptions = DEFAULT_BUILD_OPTIONS): Record<string, number> {
  const f: Record<string, number> = {};
  for (const p of spec.powers) {
    const cost = powerCost(p.level, p.uses === 'infinite' ? Infinity : p.uses, p.enhancements, o);
    f[powerFeature(p.type)] = (f[powerFeature(p.type)] ?? 0) + cost;
    for (const e of new Set(p.enhancements)) if (e !== 'no-gizmo') f[enhFeature(e)] = (f[enhFeature(e)] ?? 0) + cost;
    if (p.uses !== 'infinite') f[LIMITED_USES] = (f[LIMITED_USES] ?? 0) + cost;
    const info = powerTypeInfo(p.type, spec.powerTypes)!;
    if (info.minLevel !== info.maxLevel) f[PER_LEVEL] = (f[PER_LEVEL] ?? 0) + cost * (p.level - 1);
  }
  for (const c of CHARACTERISTICS) f[charFeature(c)] = spec[c] * o.characteristicPrice;
  return f;
}

/** Sum of the features of a team (a side's strength is taken as additive in its heroes). */
export function teamFeatures(team: readonly HeroSpec[], o: BuildOptions = DEFAULT_BUILD_OPTIONS): Record<string, number> {
  const out: Record<string, number> = {};
  for (const h of team) for (const [k, v] of Object.entries(buildFeatures(h, o))) out[k] = (out[k] ?? 0) + v;
  return out;
}

/** Every feature name, in report order. */
export const ALL_FEATURES: readonly string[] = [...POWER_TYPES.map(powerFeature), ...PRICED_ENHANCEMENTS.map(enhFeature), LIMITED_USES, PER_LEVEL, ...CHARACTERISTICS.map(charFeature)];

/** A build's total formula cost (powers plus bought characteristic points) under build options `o`. */
export function formulaCost(spec: HeroSpec, o: BuildOptions): number {
  let total = Math.max(0, spec.STR + spec.DEX + spec.SIZ + spec.PER - o.characteristicPoints) * o.characteristicPrice;
  for (const p of spec.powers) total += powerCost(p.level, p.uses === 'infinite' ? Infinity : p.uses, p.enhancements, o);
  return total;
}

/** One line describing a build: characteristics and powers with level, uses and enhancements. */
export function describeBuild(spec: HeroSpec): string {
  const powers = spec.powers.map((p) => {
    const enh = p.enhancements.filter((e) => e !== 'no-gizmo');
    return `${p.type} ${p.level}${p.uses === 'infinite' ? '' : ` ×${p.uses}`}${enh.length ? ` (${enh.join(', ')})` : ''}`;
  });
  return `STR ${spec.STR} DEX ${spec.DEX} SIZ ${spec.SIZ} PER ${spec.PER}; ${powers.join('; ') || 'no powers'}`;
}
