/**
 * Shared pieces of the Rumble studies: running one table through the runner, fixed
 * setups, the power sets studied, and the user's own power file.
 *
 * A user's power file joins any Rumble study: build the study with
 * `rumblePowerValues({ powerFile: 'my-powers.yaml' })` (likewise rumbleAuctionMeta,
 * rumbleDominance), or set `powerFile` on the StudyContext object passed to `run` (an
 * optional field the `study` command can fill from a `--power-file` flag). Its powers
 * are added to the studied set and shipped to the workers inside the game options.
 */
import YAML from 'yaml';
import { playStudyTable } from '../study-table.js';
import type { GameRecord } from '../../src/sim/types.js';
import { SEED_POWERS, parsePowerFile, type PowerSpec } from '../../src/games/rumble/index.js';
import type { StudyContext } from '../study.js';
import { readBoundedFile } from '../../src/core/content-file.js';

/** The strongest Rumble agent measured (agents/README.md): beats three heuristics 0.41 vs fair 0.25. */
export const RUMBLE_MCTS = 'mcts:iterations=400,rollout=evaluate,plies=1,backup=paranoid,final=most';

/**
 * The agent of the price sweeps (rumble-power-values --full, rumble-auction-meta --full):
 * the Rumble `heuristic` with `play=search` (agents/heuristics/rumble.ts) — a max^n search
 * one round deep like RUMBLE_TABLE_MCTS at a quarter of its iterations, whose `evaluate`
 * reads no hand-set prior (Energy alone at fixed tables; the measured values in auctions),
 * and whose bids, in auctions, are the study's measured values. Measured by
 * bench/rumble/table-agents.ts (seeded; see RUMBLE_PRICE_AGENT_NOTE).
 */
export const RUMBLE_PRICE_AGENT = 'heuristic:play=search,iterations=50';

/**
 * Why the Rumble tables are played menu-uniformly, measured (seed 1, one core): with
 * RUMBLE_MCTS in every seat, 8 of 8 4-hero fixed tables (one hero holding Tough Skin) and
 * 9 of 10 such duels ended at the round cap with every hero still at 100 Energy — under
 * strong play nobody attacks (attacking lowers your own Defense), so a price or a
 * dominance read from those games would be the engine's tie rule, not play; with the
 * auction, 7 of 8 all-MCTS games and 9 of 40 all-heuristic (lookahead) games ended at
 * the cap. Menu-uniform play finishes its games.
 */
export const RUMBLE_STALL_NOTE =
  `the strongest Rumble agent (${RUMBLE_MCTS}) stalls these tables: with it in every seat, 8 of 8 four-hero fixed tables and 9 of 10 duels ended at the round cap with every hero at 100 Energy (nobody attacks, since attacking lowers one's own Defense), and 7 of 8 auction games too; the lookahead heuristic stalls 9 of 40 auction games. Games decided by the cap's tie rule say nothing about a power. A max^n search (mcts:iterations=200,rollout=evaluate,plies=1) finishes them (8 of 8 four-hero tables, 20 of 20 duels, 4 of 1,200 quick dominance duels at the cap) and beats uniform-random play (one of it against three random heroes: 0.375 [0.277, 0.485], fair 0.25, n=80, seed s9), but costs about 0.1–0.25 s a game against well under a millisecond and counts a quarter of each held power's hand-set prior in its evaluate; the Rumble studies' --full runs (power values, auction meta, dominance) play the cheaper prior-free max^n search ${RUMBLE_PRICE_AGENT} (about 0.03 s a 4-hero game, 0.006 s a duel), and quick runs play uniformly at random, so their answers under skilled play may differ — see the --full report, or rerun with --agents`;


/** Why RUMBLE_PRICE_AGENT plays the price sweeps: what was measured. */
export const RUMBLE_PRICE_AGENT_NOTE =
  'the strongest agent measured that finishes the price tables within the sweep budget (bench/rumble/table-agents.ts, seeded, one core). The lookahead heuristic ("heuristic") is the strongest player measured in mixed tables (one against three uniform-random heroes: 0.534 [0.426, 0.640] with no powers, 0.594 [0.484, 0.695] with one power each; against three mcts:iterations=200,rollout=evaluate,plies=1: 0.550 [0.441, 0.654]; fair 0.25, n=80 each) but in self-play it stalls: 15 of 16 four-hero Tough Skin tables, 16 of 16 Tough Skin duels, 10 of 16 four-hero Combat Training tables and 6 of 16 auction games ended at the round cap. That stall is partly a property of the game, not a tie in the agent: among heroes of equal Energy, all-Defense is a mutual best reply (an attack on full Defense deals nothing, and attacking alone only lowers one\'s own Defense), and rounds are won only by ganging up or by a power that breaks the symmetry — which pessimistic players (the lookahead\'s "everyone hits me" guess, paranoid search) never risk. A max^n search, which credits each opponent with its own interests, does gang up and finishes the games: with this spec in every seat 0 of 16 games reached the cap on each of those four tables. One of it against three uniform-random heroes wins 0.306 [0.216, 0.414] (no powers) and 0.412 [0.311, 0.522] (one power each); against three mcts:iterations=200,rollout=evaluate,plies=1 0.194–0.225 (iterations=100: 0.194–0.288, not clearly better at twice the cost). It costs about 0.03 s a 4-hero game and 0.006 s a duel on one core (random play: under 0.004 s). Its evaluate reads no hand-set prior';

/** The strongest Rumble agent measured that finishes fixed tables (see RUMBLE_STALL_NOTE). */
export const RUMBLE_TABLE_MCTS = 'mcts:iterations=200,rollout=evaluate,plies=1';

export const GAME_ID = 'rumble';

/** Options of a Rumble study (all optional). */
export interface RumbleStudyOptions {
  /** A user's power file (YAML/JSON in the power vocabulary): its powers join the study. */
  readonly powerFile?: string;
  /**
   * Only these seed powers (rumble-power-values, rumble-dominance): a designer pricing a
   * few powers, or a documented fraction of a --full run. Default: the study's quick set,
   * or its full set with --full. A user power file's powers are always added.
   */
  readonly powers?: readonly string[];
  /** rumble-dominance: games per seat order of each pair (default 40 quick, 200 --full). */
  readonly duelsPerOrder?: number;
  /** rumble-power-values: another handicap grid / games per point / table sizes (tests, a designer's budget). */
  readonly design?: { readonly grid: readonly number[]; readonly perPoint: number; readonly tables: readonly number[] };
  /** rumble-auction-meta: other sample sizes (tests, a designer's budget); default QUICK_SIZES / FULL_SIZES. */
  readonly sizes?: { readonly games: number; readonly valueRounds: number; readonly restricted: number; readonly perCell: number };
}

/** The StudyContext, optionally carrying a power file from the command line. */
export type RumbleStudyContext = StudyContext & { readonly powerFile?: string };

/** The raw specs of a user's power file (validated here, sent to workers in options). */
export function userPowers(opts: RumbleStudyOptions, ctx: RumbleStudyContext): { specs: PowerSpec[]; ids: string[]; names: ReadonlyMap<string, string> } {
  const file = opts.powerFile ?? ctx.powerFile;
  if (!file) return { specs: [], ids: [], names: new Map() };
  const text = readBoundedFile('rumble study: power file', file);
  const defs = parsePowerFile(text, `power file ${file}`);
  const raw = YAML.parse(text) as unknown;
  const list = (Array.isArray(raw) ? raw : raw && typeof raw === 'object' && 'powers' in raw ? (raw as { powers: unknown[] }).powers : [raw]) as PowerSpec[];
  return { specs: list, ids: defs.map((d) => d.id), names: new Map(defs.map((d) => [d.id, d.name])) };
}

/** Seed powers that play in a fixed setup (auction-time powers excluded). */
export const PLAYABLE_POWERS: readonly string[] = SEED_POWERS.filter((p) => !p.onWin).map((p) => p.id);

/** A small, varied set for the quick versions: defense, attack, economy, revive, combo. */
export const QUICK_POWERS: readonly string[] = ['tough-skin', 'combat-training', 'regeneration', 'flight', 'hidden-clone', 'galactic-ray-gun'];

/** Agents used at the tables: menu-uniform play (see README: lookahead tables stall). */
export const TABLE_AGENT = 'random';

/** A fixed table: hero 0 gets `powers` and `energy`, the others 100 Energy and nothing. */
export function fixedTable(players: number, powers: readonly string[], energy: number, others: readonly (readonly string[])[] = []): Record<string, unknown> {
  return {
    players,
    fixed: Array.from({ length: players }, (_, i) => ({
      energy: i === 0 ? energy : 100,
      powers: (i === 0 ? powers : others[i - 1] ?? []).map((id) => ({ id, strength: 0 })),
    })),
  };
}

/**
 * A fixed table (no auction) carries only the user powers its heroes hold, so the run's
 * key covers the relevant entries of the power file: editing one power replays only
 * the tables that play it.
 */
export function relevantCustomPowers(options: Record<string, unknown>): Record<string, unknown> {
  const custom = options['customPowers'];
  const fixed = options['fixed'];
  if (!Array.isArray(custom) || !Array.isArray(fixed)) return options;
  const used = new Set<unknown>(fixed.flatMap((hero: { powers?: { id?: unknown }[] }) => (hero.powers ?? []).map((p) => p.id)));
  return { ...options, customPowers: custom.filter((spec: { id?: unknown }) => used.has(spec.id)) };
}

/** Plays one option set under the study's run folder; returns completed records. */
export async function playTable(
  ctx: StudyContext,
  key: string,
  options: Record<string, unknown>,
  games: number,
  agents: readonly string[] = [TABLE_AGENT],
  extra: { paired?: boolean; rotate?: boolean } = {},
): Promise<GameRecord[]> {
  return playStudyTable(ctx, key, { gameId: GAME_ID, options: relevantCustomPowers(options), agents, games, rotate: extra.rotate ?? false, paired: extra.paired ?? false });
}

export function fmt(x: number, digits = 3): string {
  return Number.isFinite(x) ? x.toFixed(digits) : String(x);
}

export function r3(x: number): number {
  return Number.isFinite(x) ? Math.round(x * 1000) / 1000 : x;
}

export function powerName(id: string): string {
  return SEED_POWERS.find((p) => p.id === id)?.name ?? id;
}
