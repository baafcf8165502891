/**
 * Playing one game of a match: the same code path serves the runner (in-process or in
 * a worker) and replays, so a replay makes exactly the moves the recorded game made.
 */
import type { AnyGame, Tags } from '../core/game.js';
import { UserError } from '../core/errors.js';
import { parseWith } from '../core/validate.js';
import { getGame } from '../games/index.js';
import { checkAgentSpec, createAgent } from '../../agents/index.js';
import type { Agent } from '../core/agent.js';
import { normalizeConfig, type NormalizedConfig } from './config.js';
import { checkContentFiles } from './run-key.js';
import { agentKey, agentRng, gameSeed, pairOf, seatSlots } from './seeding.js';
import type { GameRecord, MatchConfig } from './types.js';
import { LeadCounter } from '../core/leads.js';
import { applyListening, checkListenerNames, listenersFor, recordTags } from '../core/listeners.js';

/** Finds a game by id. The registry by default; tests may pass their own. */
export type GameResolver = (id: string) => AnyGame;

export interface PlayOptions {
  /** In-process only: resolve games outside the registry (test games). */
  readonly resolveGame?: GameResolver;
}

/**
 * A guard against engines that never end: no real game comes near it, and a game that
 * hits it is recorded as failed instead of hanging the run.
 */
export const MAX_DECISIONS = 1_000_000;

/** A config checked against its game once, ready to play any game index. */
export interface PreparedMatch {
  readonly config: NormalizedConfig;
  readonly game: AnyGame;
  /** Options after validation, defaults filled in. */
  readonly options: object;
  readonly players: number;
  /** Key of the agents' streams (see seeding.ts). */
  readonly agentKey: number;
}

/**
 * Resolves the game, validates the options and the agent specs, and checks the agent
 * list fits the seats. Every user mistake surfaces here as a UserError, before a run.
 */
export function prepareMatch(config: MatchConfig, opts: PlayOptions = {}): PreparedMatch {
  const normalized = normalizeConfig(config);
  const game = (opts.resolveGame ?? getGame)(normalized.gameId);
  // Content files named by the options: present and within the size limit before any parsing.
  checkContentFiles(normalized.gameId, normalized.options);
  const options = parseWith(`${game.id} options`, game.optionsSchema, normalized.options) as object;
  const players = game.numPlayers(options);
  if (normalized.agents.length > players) {
    throw new UserError(
      `agents: ${normalized.agents.length} agents (${normalized.agents.join(', ')}) for a ${players}-player game; allowed: 1 to ${players} agents (the list repeats to fill the seats)`,
    );
  }
  // An unknown agent kind or parameter fails now, not as a failed game.
  for (const spec of new Set(normalized.agents)) checkAgentSpec(spec, game, options);
  // A listener the game does not declare fails now too (one line naming the allowed ones).
  checkListenerNames('match config', game, normalized.listeners ?? []);
  const match = { config: normalized, game, options, players, agentKey: agentKey(normalized) };
  checkSetup(match);
  return match;
}

/**
 * Sets up game 0 once. Some configurations pass the options schema and only fail when a
 * game is built (a Rumble fixed list naming an unknown power, a Dark Hero map file that
 * is missing or disconnected); such a mistake must stop the run before it starts, as
 * one line, not come back as N failed games. Setup depends only on the options and a
 * seed, so if game 0 sets up, the configuration is sound.
 */
function checkSetup(match: PreparedMatch): void {
  try {
    match.game.setup(match.options, gameSeed(match.config, 0));
  } catch (err) {
    if (err instanceof UserError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new UserError(`${match.game.id} options: a game cannot be set up with them (${message}); allowed: options the game accepts (see \`crucible games\`)`);
  }
}

/** One step of a replay: who moved, what they did, and the state after. */
export interface ReplayStep {
  /** Decision number (0-based). */
  readonly step: number;
  readonly moves: readonly { readonly seat: number; readonly agent: string; readonly action: string }[];
  /** `describeState` of the state after the joint move. */
  readonly state: string;
}

type StepListener = (step: ReplayStep) => void;

function failedRecord(base: Omit<GameRecord, 'returns' | 'tags' | 'error'>, err: unknown): GameRecord {
  const message = err instanceof Error ? err.message : String(err);
  return { ...base, returns: [], tags: {}, error: message || 'error without a message' };
}

/**
 * Plays game `index` of a prepared match to the end. Agents see only their observation
 * and legal actions. A game that throws (engine or agent) becomes a record with
 * `error` and never stops the run.
 */
export function playPrepared(match: PreparedMatch, index: number, onStep?: StepListener, onStart?: (state: string) => void): GameRecord {
  const { config, game, options, players, agentKey: key } = match;
  const seed = gameSeed(config, index);
  const slots = seatSlots(config, index, players);
  const seats = slots.map((slot) => config.agents[slot]!);
  const base = config.paired ? { index, seed, seats, slots, length: 0, pair: pairOf(index) } : { index, seed, seats, slots, length: 0 };
  let state: unknown;
  try {
    const agents: Agent[] = seats.map((spec, seat) => createAgent(spec, game, agentRng(key, index, seat)));
    state = game.setup(options, seed);
    onStart?.(game.describeState(state));
    const leads = config.leadChanges && game.evaluate ? new LeadCounter() : null;
    // The game's listeners hear its events for the record's tags (the studies' data the engine keeps
    // out of its state): its own, and those the config names (a study's table asks for them).
    const listener = listenersFor(game, config.listeners);
    // The game is over when nobody is to move (the contract's equivalent of isTerminal).
    for (let step = 0; ; step++) {
      const movers = game.toMove(state);
      if (movers.length === 0) break;
      if (step >= MAX_DECISIONS) throw new Error(`game did not end within ${MAX_DECISIONS} decisions`);
      // A fresh joint move each step: a state may keep a reference to the moves it applied.
      const joint = new Array<unknown>(movers.length);
      for (let i = 0; i < movers.length; i++) {
        const player = movers[i]!;
        const legal = game.legalActions(state, player);
        joint[i] = agents[player]!.act({ game, options, obs: game.observe(state, player), player, legal });
      }
      if (onStep) {
        const before = state;
        const moves = movers.map((seat, i) => ({ seat, agent: seats[seat]!, action: game.describeAction(before, seat, joint[i]) }));
        state = applyListening(game, state, joint, listener);
        onStep({ step, moves, state: game.describeState(state) });
      } else {
        state = applyListening(game, state, joint, listener);
      }
      if (leads && game.toMove(state).length > 0) leads.observe(game.evaluate!(state));
    }
    const returns = Array.from(game.returns(state));
    const own = recordTags(game, state, listener);
    const tags: Tags = leads ? { ...own, leadChanges: leads.changes } : own;
    return { ...base, returns, length: game.moveCount(state), tags };
  } catch (err) {
    let length = 0;
    try {
      if (state !== undefined) length = game.moveCount(state);
    } catch {
      // The state itself may be what broke; the length is then unknown.
    }
    return failedRecord({ ...base, length }, err);
  }
}

/** Plays game `index` of `config` in this thread: the same record a worker produces. */
export function playGame(config: MatchConfig, index: number, opts: PlayOptions = {}): GameRecord {
  return playPrepared(prepareMatch(config, opts), index);
}

/**
 * Replays game `index` move by move (same seed, same agents, so the same moves),
 * calling `onStep` after each joint move. Returns the record the game produces.
 */
export function replayGame(
  config: MatchConfig,
  index: number,
  onStep: StepListener,
  opts: PlayOptions & { onStart?: (state: string) => void } = {},
): GameRecord {
  return playPrepared(prepareMatch(config, opts), index, onStep, opts.onStart);
}
