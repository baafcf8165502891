/**
 * Dark Hero, Light Hero, Super Hero (Sandy Antunes, 2002) as a Crucible `Game`.
 * 2–20 heroes move over a face-down card map and push the Society Meter toward Free or
 * Safe. Not zero-sum: heroes sharing a goal share its reward. See README.md.
 */
import type { Game, Tags } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import { darkHeroEncoder } from './encoder.js';
import { buildCode, optionDocs, optionsSchema, type DarkHeroOptions } from './options.js';
import { apply, applyUnchecked, decisionOf, determinize, evaluate, legalActions, observe, returns, setup, toMove } from './rules.js';
import { z } from 'zod';
import { sharedTags } from '../../core/facts.js';
import { GAME_OVER } from '../../core/flow.js';
import {
  CLUB_ASK,
  CLUB_DEFEND,
  CONTEST,
  CONVERT,
  FACE_DOWN,
  METER_NAMES,
  MOVE,
  NEUTRAL,
  PHASE_NAMES,
  PLACE,
  SHIFT,
  SPEND,
  SUIT_NAMES,
  hidingOf,
  tacticsOf,
  VETO,
  type DarkHeroState,
} from './state.js';

export type { DarkHeroState } from './state.js';
// The builds a study sweeps (experiments/dark-hero/builds.ts): code outside this folder
// imports the game through this file only (test/layers.test.ts).
export { allBuilds, buildCode } from './options.js';
export type { DarkHeroOptions } from './options.js';

function cardName(state: DarkHeroState, slot: number): string {
  const c = state.cards[slot]!;
  if (c === FACE_DOWN) return `card ${slot} (face down)`;
  if (c === NEUTRAL) return `card ${slot} (Neutral)`;
  return `card ${slot} (${SUIT_NAMES[c]})`;
}

function describeAction(state: DarkHeroState, player: number, action: number): string {
  switch (decisionOf(state)) {
    case PLACE:
      return `place a card at slot ${action}`;
    case SPEND:
      return action === 0 ? 'spend nothing' : `spend ${tacticsOf(action)} on Tactics, ${hidingOf(action)} on Hiding`;
    case MOVE:
      return action === state.pos[player] ? `stay on ${cardName(state, action)}` : `move to ${cardName(state, action)}`;
    case CONTEST:
      return ['decline the contest', 'attempt the contest', 'attempt the contest with an Ace'][action]!;
    case SHIFT:
      return ['move Society toward Chaos', 'leave Society where it is', 'move Society toward Fascist'][action]!;
    case CLUB_ASK:
      return ['do not attack', `attack hero ${state.current}`, `attack hero ${state.current} with an Ace`][action]!;
    case CLUB_DEFEND:
      return action ? 'defend with an Ace' : 'defend without an Ace';
    case CONVERT:
      return action ? `convert ${action * state.setup.options.aceCost} Resources into ${action} Ace(s)` : 'keep Resources';
    case VETO:
      return action ? 'pay 1 Resource to stop the drift' : 'let Society drift';
    default:
      return String(action);
  }
}

function describeState(state: DarkHeroState): string {
  const heroes = state.setup.options.heroes
    .map((h, i) => `${h.name}[${h.goal}] @${state.pos[i]} R${state.resources[i]} A${state.aces[i]}`)
    .join('; ');
  return `round ${Math.min(state.round + 1, state.setup.options.turns)}/${state.setup.options.turns} ${PHASE_NAMES[decisionOf(state)]} meter ${state.meter} (${METER_NAMES[state.meter]}) bent ${state.bent} | ${heroes}`;
}

function tags(state: DarkHeroState): Tags {
  const o = state.setup.options;
  return {
    endReason: 'turns',
    players: o.heroes.length,
    goals: o.heroes.map((h) => h.goal),
    builds: o.heroes.map((h) => buildCode(h)),
    bentRoll: state.bentRoll,
    startMeter: state.startMeter,
    finalMeter: state.meter,
    layout: o.map.layout,
    turns: o.turns,
    drift: o.drift,
  };
}

/** End-of-game tags (shared names from core/facts.ts: endReason, players, turns). */
const tagsSchema = z
  .object({
    endReason: sharedTags.endReason,
    players: sharedTags.players,
    turns: sharedTags.turns,
    goals: z.array(z.enum(['free', 'safe'])).describe('goal per seat'),
    builds: z.array(z.string()).describe('build code per seat, e.g. "F1 I1 R2"'),
    bentRoll: z.number().int().min(1).max(4).describe('the d4 that set the first Bent'),
    startMeter: z.number().int().min(1).max(7).describe('Society Meter at the start'),
    finalMeter: z.number().int().min(1).max(7).describe('Society Meter at the end'),
    layout: z.string().describe('map layout'),
    drift: z.enum(['bent', 'fluctuating']).describe('end-of-round drift rule'),
  })
  .strict();
void tagsSchema.shape; // zod defines .shape lazily; read it before a test deep-freezes the game

// Its heuristic player (the `heuristic` agent kind; agents/heuristics registers it).
export { darkHeroHeuristic } from './heuristic.js';

export const darkHero: Game<DarkHeroState, number, DarkHeroState, DarkHeroOptions> = {
  id: 'dark-hero',
  name: 'Dark Hero, Light Hero, Super Hero',
  perfectInformation: false,
  simultaneous: false,
  // Not zero-sum: allies share a goal's reward and an extreme meter makes everyone lose.
  facts: { utility: 'general-sum', chance: 'sampled', information: 'imperfect', simultaneous: false, players: { min: 2, max: 20 } },
  tagsSchema,
  optionsSchema,
  optionDocs,
  numPlayers: (o) => o.heroes.length,
  setup,
  toMove,
  legalActions,
  apply,
  applyUnchecked,
  isTerminal: (s) => s.phase === GAME_OVER,
  returns,
  tags,
  moveCount: (s) => s.steps,
  observe,
  determinize: (obs: DarkHeroState, _player: number, rng: Rng) => determinize(obs, rng),
  actionKey: (a) => a,
  describeAction,
  describeState,
  evaluate,
  encoder: darkHeroEncoder,
};
