/**
 * Toy game: Challenge — the smallest game on core's turn flow, response windows and zones
 * (src/core/flow.ts, src/core/zones.ts). Read it beside the "Adding a game" checklist in
 * src/core/README.md.
 *
 * Cards 1..cards are shuffled into a face-down deck; each player is dealt 2 cards into a
 * hand only it can see. On your turn you draw a card (if the deck has any) and play one
 * card face up. Then every other player, from your left, is asked once: pass, or challenge
 * with a higher card from its hand. The first to challenge plays that card face up and
 * scores 1, and nobody else is asked; if all pass, you score 1. After `rounds` rounds (or
 * when no cards are left) the highest score wins; a tie splits the win.
 *
 * Known answers: with `cards: 4, players: 2` seat 1 holding the 4 always answers a 3 with
 * a challenge it cannot lose; a challenge with a card lower than the played one is never
 * offered.
 */
import type { Game, Tags } from '../../core/game.js';
import type { GameFacts } from '../../core/facts.js';
import { optionDocsFromSchema, sharedTags } from '../../core/facts.js';
import { Dice } from '../../core/dice.js';
import { freshStream } from '../../core/random.js';
import { UNSEEN_STREAM, type Rng } from '../../core/rng.js';
import { z } from '../../core/validate.js';
import { defineFlow, fixedOrder, orderByStat, othersFrom, setAt, type Draft, type FlowFields } from '../../core/flow.js';
import {
  EVERYONE,
  cardAt,
  createZones,
  determinizeZones,
  fillZone,
  moveCard,
  observeZones,
  seatBit,
  shuffleZone,
  zoneSize,
  type Zones,
} from '../../core/zones.js';

export const challengeOptionsSchema = z
  .object({
    players: z.number().int().min(2).max(6).default(3).meta({ description: 'number of players', sweep: { min: 2, max: 6, step: 1 } }),
    cards: z.number().int().min(4).max(60).default(12).meta({ description: 'cards in the deck, numbered 1..cards (at least 2 per player)', sweep: { min: 6, max: 30, step: 6 } }),
    rounds: z.number().int().min(1).max(30).default(4).meta({ description: 'rounds played (every player takes one turn a round)', sweep: { min: 1, max: 10, step: 1 } }),
    order: z.enum(['seat', 'trailing']).default('seat').meta({ description: 'turn order each round: seat order, or the lowest score first (ties by seat)' }),
  })
  .strict()
  .refine((o) => o.cards >= 2 * o.players, { message: 'at least 2 cards per player', path: ['cards'] });

export type ChallengeOptions = z.infer<typeof challengeOptionsSchema>;

/** Zone numbers: the deck, the face-up table, then one hand per seat. */
const DECK = 0;
const TABLE = 1;
const hand = (seat: number): number => 2 + seat;

export interface ChallengeState extends FlowFields {
  readonly options: ChallengeOptions;
  readonly zones: Zones;
  readonly scores: readonly number[];
  /** In-state random stream (the deal). */
  readonly rng: number;
}

/** A player's possible actions: a card value to play / to challenge with, or 0 to pass. */
export type ChallengeAction = number;

const PASS = 0;

function handOf(s: ChallengeState, seat: number): readonly number[] {
  return s.zones.cards[hand(seat)]!;
}

/** The flow: one phase ("play") and one window ("challenge", the others once each). */
const flow = defineFlow<ChallengeState, ChallengeAction>({
  game: 'toy-challenge',
  turnOrder: {
    round: (s) =>
      s.options.order === 'seat'
        ? fixedOrder<ChallengeState>((x) => x.options.players).round(s)
        : orderByStat<ChallengeState>((x) => x.options.players, (x, p) => -x.scores[p]!).round(s),
  },
  first: 'play',
  phases: {
    play: {
      // Drawing is no decision: it happens as the phase begins.
      onBegin(d) {
        if (zoneSize(d.zones, DECK) > 0) d.zones = moveCard(d.zones, DECK, -1, hand(d.current), { reveal: seatBit(d.current) });
      },
      skipIf: (s) => handOf(s, s.current).length === 0,
      moves: (s, p) => [...new Set(handOf(s, p))].sort((a, b) => a - b),
      play(d, p, card) {
        d.zones = moveCard(d.zones, hand(p), handOf(d as ChallengeState, p).indexOf(card), TABLE, { reveal: EVERYONE });
        flow.openWindow(d, 'challenge', othersFrom(p, d.options.players), card);
      },
      next: '@end-turn',
    },
  },
  windows: {
    challenge: {
      moves: (s, p, played) => [PASS, ...[...new Set(handOf(s, p))].filter((c) => c > played).sort((a, b) => a - b)],
      play(d, p, card) {
        if (card === PASS) return false;
        d.zones = moveCard(d.zones, hand(p), handOf(d as ChallengeState, p).indexOf(card), TABLE, { reveal: EVERYONE });
        d.scores = setAt(d.scores, p, d.scores[p]! + 1);
        return true; // taken: nobody else is asked
      },
      onClose(d, answeredBy) {
        if (answeredBy < 0) d.scores = setAt(d.scores, d.current, d.scores[d.current]! + 1);
      },
    },
  },
  endIf: (s) => s.round >= s.options.rounds || noCardsLeft(s),
  copy: (s) => ({ ...s }) as Draft<ChallengeState>,
});

function noCardsLeft(s: ChallengeState): boolean {
  if (zoneSize(s.zones, DECK) > 0) return false;
  for (let p = 0; p < s.options.players; p++) if (handOf(s, p).length > 0) return false;
  return true;
}

function setup(options: ChallengeOptions, seed: number): ChallengeState {
  const dice = new Dice(seed);
  let zones = createZones(['stack', 'stack', ...Array.from({ length: options.players }, () => 'stack' as const)]);
  zones = shuffleZone(fillZone(zones, DECK, Array.from({ length: options.cards }, (_, i) => i + 1)), DECK, dice);
  for (let k = 0; k < 2; k++) for (let p = 0; p < options.players; p++) zones = moveCard(zones, DECK, -1, hand(p), { reveal: seatBit(p) });
  return flow.begin({ ...flow.initial(), options, zones, scores: new Array<number>(options.players).fill(0), rng: dice.state });
}

function returns(s: ChallengeState): readonly number[] {
  const best = Math.max(...s.scores);
  const winners = s.scores.filter((x) => x === best).length;
  return s.scores.map((x) => (x === best ? 1 / winners : 0));
}

const tagsSchema = z
  .object({
    endReason: sharedTags.endReason,
    players: sharedTags.players,
    turns: sharedTags.turns,
    scores: z.array(z.number().int().min(0)).describe('points per seat'),
  })
  .strict();

// zod defines `.shape` lazily on first read, which fails once a test deep-freezes the game
// object: read it now.
void tagsSchema.shape;
void challengeOptionsSchema.shape;

const facts: GameFacts = { utility: 'zero-sum', chance: 'sampled', information: 'imperfect', simultaneous: false, players: { min: 2, max: 6 } };

export const challenge: Game<ChallengeState, ChallengeAction, ChallengeState, ChallengeOptions> = {
  id: 'toy-challenge',
  name: 'Challenge (toy: flow, response window, zones)',
  perfectInformation: false,
  simultaneous: false,
  facts,
  tagsSchema,
  optionsSchema: challengeOptionsSchema,
  optionDocs: optionDocsFromSchema(challengeOptionsSchema),
  numPlayers: (o) => o.players,
  setup,
  toMove: flow.toMove,
  legalActions: flow.legalActions,
  apply: flow.apply,
  applyUnchecked: flow.applyUnchecked,
  isTerminal: flow.isOver,
  returns,
  tags: (s): Tags => ({ endReason: s.round >= s.options.rounds ? 'rounds' : 'cards', players: s.options.players, turns: s.round, scores: s.scores }),
  moveCount: (s) => s.steps,
  // Hands are seen by their owner, the deck by nobody, the table by all.
  observe: (s, p) => ({ ...s, zones: observeZones(s.zones, p), rng: UNSEEN_STREAM }),
  // Re-deal what p cannot see (other hands, the deck) and give a fresh stream.
  determinize: (obs, _p, rng: Rng) => ({ ...obs, zones: determinizeZones(obs.zones, rng), rng: freshStream(rng) }),
  actionKey: (a) => a,
  describeAction: (s, p, a) => {
    const d = flow.decision(s);
    if (d?.window) return a === PASS ? `seat ${p} passes` : `seat ${p} challenges with ${a}`;
    return `seat ${p} plays ${a}`;
  },
  describeState: (s) =>
    `round ${s.round + 1}/${s.options.rounds}, ${flow.phaseName(s)}, scores ${s.scores.join(':')}, table ${s.zones.cards[TABLE]!.join(' ')}${
      zoneSize(s.zones, TABLE) > 0 ? ` (top ${cardAt(s.zones, TABLE)})` : ''
    }`,
};

export { flow as challengeFlow };
