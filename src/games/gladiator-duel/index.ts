/**
 * Gladiator duel (Gary Comardo, SAGA #67): two gladiators on a walled hex arena spend
 * rolled action points to step, pivot, strike and cast nets until one is decked,
 * helpless or dead. See README.md for the rules, options and interpretations.
 */
import { z } from 'zod';
import { sharedTags } from '../../core/facts.js';
import type { Game, Tags } from '../../core/game.js';
import { freshStream } from '../../core/random.js';
import { UNSEEN_STREAM } from '../../core/rng.js';
import { actionsOfMask, type DuelAction } from './actions.js';
import { describeAction, describeState } from './describe.js';
import { duelEncoder } from './encoder.js';
import { evaluatePosition } from './evaluate.js';
import { GLADIATOR_TYPES, optionDocs, optionsSchema, type DuelOptions } from './options.js';
import { applyAction, legalMask } from './rules.js';
import { DRAW, END_NAMES, ONGOING, duelWith, setupState, type DuelState } from './state.js';

// Local copies of hot imported functions (transpiled imports are read through getters).
const legalMaskOf = legalMask;
const listOfMask = actionsOfMask;
const applyOne = applyAction;
const STILL_ON = ONGOING;

const TO_MOVE: readonly (readonly number[])[] = Object.freeze([Object.freeze([0]), Object.freeze([1])]);
const NOBODY: readonly number[] = Object.freeze([]);
const RETURNS: readonly (readonly number[])[] = Object.freeze([
  Object.freeze([1, 0]),
  Object.freeze([0, 1]),
  Object.freeze([0.5, 0.5]),
]);

/** The tags every finished duel carries (checked by the contract tests), shared names from facts.ts. */
const tagsSchema = z
  .object({
    type0: z.enum(GLADIATOR_TYPES).describe('type of the seat-0 gladiator'),
    type1: z.enum(GLADIATOR_TYPES).describe('type of the seat-1 gladiator'),
    strength0: z.number().int().min(1).describe('starting strength of seat 0'),
    strength1: z.number().int().min(1).describe('starting strength of seat 1'),
    endReason: z.enum(END_NAMES).describe('why the game ended (a shared tag name: a string in every game)'),
    winnerType: z.enum(GLADIATOR_TYPES).nullable().describe('type of the winner; null for a draw'),
    firstMover: z.union([z.literal(0), z.literal(1)]).describe('seat that took the first turn'),
    turns: sharedTags.turns,
    spared: z.boolean().nullable().describe('mob thumbs for a helpless or decked loser (mobThumbs "roll"); null when not rolled'),
  })
  .strict();
void tagsSchema.shape; // zod defines .shape lazily; read it before a test deep-freezes the game

// Its heuristic player (the `heuristic` agent kind; agents/heuristics registers it).
export { gladiatorDuelHeuristic } from './heuristic.js';

export const gladiatorDuel: Game<DuelState, DuelAction, DuelState, DuelOptions> = {
  id: 'gladiator-duel',
  name: 'Gladiator duel (SAGA #67)',
  perfectInformation: true,
  simultaneous: false,
  facts: { utility: 'zero-sum', chance: 'sampled', information: 'perfect', simultaneous: false, players: { min: 2, max: 2 } },
  tagsSchema,
  optionsSchema,
  optionDocs,

  numPlayers: () => 2,
  setup: setupState,
  toMove: (s) => (s.result === STILL_ON ? TO_MOVE[s.current]! : NOBODY),
  legalActions: (s, player) => (player === s.current ? listOfMask(legalMaskOf(s)) : NOBODY),
  apply: (s, moves) => applyOne(s, moves[0]!),
  isTerminal: (s) => s.result !== STILL_ON,
  returns: (s) => (s.result === ONGOING ? RETURNS[DRAW]! : RETURNS[s.result]!),
  tags(s): Tags {
    return {
      type0: GLADIATOR_TYPES[s.g0.type]!,
      type1: GLADIATOR_TYPES[s.g1.type]!,
      strength0: s.g0.startStrength,
      strength1: s.g1.startStrength,
      endReason: END_NAMES[s.end]!,
      winnerType: s.result === 0 || s.result === 1 ? GLADIATOR_TYPES[(s.result === 0 ? s.g0 : s.g1).type]! : null,
      firstMover: s.firstMover,
      turns: s.turn,
      spared: s.spared < 0 ? null : s.spared === 1,
    };
  },
  moveCount: (s) => s.moves,

  // Everything is visible except the future: the observation shows no dice stream, and
  // determinize draws a fresh one, so search agents plan against fresh dice instead of
  // reading the next rolls from the state.
  observe: (s) => duelWith(s, { rng: UNSEEN_STREAM }),
  determinize: (obs, _player, rng) => duelWith(obs, { rng: freshStream(rng) }),

  actionKey: (a) => a,
  describeAction,
  describeState,

  // The next exchange in expectation, as a damage race (evaluate.ts).
  evaluate: evaluatePosition,
  encoder: duelEncoder,
};
