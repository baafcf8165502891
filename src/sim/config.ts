/**
 * A match configuration in canonical form: defaults filled in, checked for values a
 * user can get wrong, and hashed so a run folder can tell whether it belongs to it.
 */
import { createHash } from 'node:crypto';
import { UserError, showValue } from '../core/errors.js';
import type { MatchConfig } from './types.js';

/** The config with every default explicit (what config.json stores). */
export interface NormalizedConfig extends MatchConfig {
  readonly paired: boolean;
  readonly rotate: boolean;
}

/**
 * The most games one run may hold. The run folder keeps two numbers per game while it
 * sorts games.jsonl (about 12 bytes a game), so 10 million games stay near 120 MB;
 * split a larger sample into several runs with different seeds.
 */
export const MAX_GAMES = 10_000_000;

/** Checks a game count against MAX_GAMES; `name` is the field or flag to name. */
export function checkGameCount(name: string, games: number): void {
  if (games > MAX_GAMES) {
    throw new UserError(`${name} is ${games}; allowed: 1 to ${MAX_GAMES.toLocaleString('en-US')} games per run (split a larger sample into runs with different seeds)`);
  }
}

function checkPositiveInteger(field: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new UserError(`match config: ${field} is ${showValue(value)}; allowed: a positive integer`);
  }
}

/**
 * Fills defaults and rejects impossible configs (no agents, zero games, odd paired
 * count). Game-specific checks (options, agent specs, seats) happen in `prepareMatch`.
 */
export function normalizeConfig(config: MatchConfig): NormalizedConfig {
  if (typeof config.gameId !== 'string' || config.gameId === '') {
    throw new UserError(`match config: gameId is ${showValue(config.gameId)}; allowed: a game id (see \`crucible games\`)`);
  }
  checkPositiveInteger('games', config.games);
  checkGameCount('match config: games', config.games);
  if (!Array.isArray(config.agents) || config.agents.length === 0) {
    throw new UserError(`match config: agents is ${showValue(config.agents)}; allowed: one or more agent specs, e.g. ["random"]`);
  }
  if (typeof config.seed !== 'number' && typeof config.seed !== 'string') {
    throw new UserError(`match config: seed is ${showValue(config.seed)}; allowed: a number or a string`);
  }
  if (config.listeners !== undefined && (!Array.isArray(config.listeners) || config.listeners.some((n) => typeof n !== 'string' || n === ''))) {
    throw new UserError(`match config: listeners is ${showValue(config.listeners)}; allowed: a list of the game's listener names, e.g. ["waves"]`);
  }
  const paired = config.paired ?? false;
  if (paired && config.games % 2 !== 0) {
    throw new UserError(`match config: games is ${config.games} with paired games; allowed: an even number (each pair is two games)`);
  }
  return {
    gameId: config.gameId,
    options: config.options ?? {},
    agents: [...config.agents],
    games: config.games,
    seed: config.seed,
    paired,
    rotate: config.rotate ?? true,
    // Only written when on, so existing run folders keep their config unchanged.
    ...(config.leadChanges ? { leadChanges: true } : {}),
    // Listeners add tags to the records: part of the run's key, written only when named.
    ...(config.listeners !== undefined && config.listeners.length > 0 ? { listeners: [...new Set(config.listeners)] } : {}),
  };
}

/** JSON with object keys sorted at every level, so equal configs give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
    return sorted;
  });
}

/** A short stable hash of the normalized config (for default run folder names). */
export function configHash(config: MatchConfig): string {
  return createHash('sha256').update(canonicalJson(normalizeConfig(config))).digest('hex').slice(0, 8);
}
