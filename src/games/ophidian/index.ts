/**
 * Ophidian 2350 as a `Game` (src/core/game.ts): setup (3.1), observation and
 * determinization through zones, returns and tags (2 to 6 players, 7.0). The rules are in rules.ts.
 */
import { Dice } from '../../core/dice.js';
import { optionDocsFromSchema, sharedTags, type GameFacts } from '../../core/facts.js';
import type { Game, Tags } from '../../core/game.js';
import { freshStream } from '../../core/random.js';
import { UNSEEN_STREAM, type Rng } from '../../core/rng.js';
import { z } from '../../core/validate.js';
import { determinizeZonesByGroup, NOBODY, seatBit, ZonesObserver, type ZoneKind, type Zones } from '../../core/zones.js';
import type { GladiatorCard, StrategyCard } from './cards/types.js';
import { flow, RULES, SETUP, withHidden, type OphAction } from './rules.js';
import { SAMPLE_DECKS } from './sample.js';
import { contentUsedBy, decksOf, matchContent, type MatchContent } from './content.js';
import { evaluateOphidian } from './evaluate.js';
import { ophidianEncoder } from './encoder.js';
import { ophidianBar } from './bar.js';
import { ophidianListeners } from './listener.js';
import { ARSENAL, HAND, LOC, zoneOf, zoneOwner, type OphidianState, type Table } from './state.js';

const DECK_IDS = SAMPLE_DECKS.map((d) => d.id) as [string, ...string[]];

/** The ready decks of seats 0, 1, … when `decks` is not given (the Example Game's two first). */
// Its heuristic player (the `heuristic` agent kind; agents/heuristics registers it).
export { ophidianHeuristic } from './heuristic.js';

// What studies use of the game (experiments/ophidian/): content read from a user's card and
// deck files, and team construction. Code outside this folder imports the game through this
// file only (test/layers.test.ts).
export { contentFromTexts, type MatchContent } from './content.js';
export { DISCIPLINES, type StrategyCard } from './cards/types.js';
export { defaultArsenal, legalTeams } from './construction.js';

export const DEFAULT_DECKS = ['abe', 'betty', 'war-machine', 'mind-gate', 'plague-temple', 'war-cybernetics-1'] as const;

export const ophidianOptionsSchema = z
  .object({
    players: z
      .number()
      .int()
      .min(2)
      .max(6)
      .default(2)
      .meta({ description: 'players at the table (7.0 Multi-Player for 3 or more: the Flow goes left, each player affects only its left and right neighbours)', sweep: { min: 2, max: 6, step: 1 } }),
    decks: z
      .array(z.string().min(1))
      .min(2)
      .max(6)
      .optional()
      .meta({ description: `each player's ready deck, one per player: a sample deck (${DECK_IDS.join(', ')}) or one of deckFile; default ${DEFAULT_DECKS.join(', ')} (as many as players)` }),
    cardFile: z.string().min(1).optional().meta({ description: 'your own card file (YAML/JSON, the format of cards/sample.yaml): new cards join the sample set; a sample id replaces that card' }),
    deckFile: z.string().min(1).optional().meta({ description: 'your own deck file (YAML/JSON, the format of decks.yaml): its decks may be named in `decks`' }),
    deathMatch: z
      .boolean()
      .default(false)
      .meta({ description: 'Death Match rules (4.2): only Annihilation and Crowd Riot win, no Reinforcements; a draw after Wave 8' }),
    repetition: z
      .enum(['pass', 'allowed'])
      .optional() // absent means 'pass' (no default written into the options, so runs and models keyed on the options before it stay valid)
      .meta({ description: "'pass' when absent: an action that brings back a position the Wave already had (free (+) moves in a cycle): 'pass' counts it as a pass so every Wave ends (the engine's interpretation), 'allowed' plays the text as printed (such a cycle may never end; the runner's decision cap then reports a failed game)" }),
    zoneLimit: z
      .enum(['per-player', 'arena'])
      .optional() // absent means 'per-player' (as `repetition`: runs keyed on the options before it stay valid)
      .meta({ description: "'per-player' when absent: 2.2's four-Zone limit (\"You can only have four Zone cards in the Arena ... you must scrap one of your other ... Zones\") counts the player's own Zones, so a fifth of yours makes you scrap one of yours; 'arena' counts every Zone in the Arena (with none of yours among four, no Zone of yours can enter)" }),
    waveEnd: z
      .enum(['effects-first', 'victory-first'])
      .optional() // absent means 'effects-first'
      .meta({ description: "'effects-first' when absent: after Wave 4 (and each elimination Wave) the \"After a Wave ends\" effects and Responses resolve, then most VP wins (3.0: \"Wave Four, Check for Victory\"); 'victory-first' checks the Point Victory before them" }),
  })
  .strict()
  .superRefine((o, ctx) => {
    if (o.decks !== undefined && o.decks.length !== o.players)
      ctx.addIssue({ code: 'custom', path: ['decks'], message: `one deck per player: ${o.players} players need ${o.players} decks` });
  });
export type OphidianOptions = z.infer<typeof ophidianOptionsSchema>;

/** The decks of a match: the options' list, or the defaults for its player count. */
export const decksOption = (o: OphidianOptions): readonly string[] => o.decks ?? DEFAULT_DECKS.slice(0, o.players);
void ophidianOptionsSchema.shape;

const tables = new Map<string, Table>();
/** Every zone of the match is a stack (Arsenal, hand, Scrapheap, Pyre per player), per player count. */
const STACKS: readonly (readonly ZoneKind[])[] = Array.from({ length: 7 }, (_, n) => Object.freeze(Array.from({ length: n * 4 }, (): ZoneKind => 'stack')));

/** The match's fixed table (instances, owners, teams), shared by every state of the match. */
export function tableFor(deckIds: readonly string[], content: MatchContent = matchContent({})): Table {
  const key = `${content.key}|${deckIds.join('|')}`;
  const hit = tables.get(key);
  if (hit) return hit;
  const decks = decksOf(content, deckIds);
  const card: (GladiatorCard | StrategyCard)[] = [];
  const owner: number[] = [];
  const team: number[][] = [];
  const reinforcement: number[] = [];
  decks.forEach((d, p) => {
    team.push(d.team.map((g) => (card.push(g), owner.push(p), card.length - 1)));
    if (d.reinforcement) {
      card.push(d.reinforcement);
      owner.push(p);
      reinforcement.push(card.length - 1);
    } else reinforcement.push(-1);
    for (const c of d.arsenal) {
      card.push(c);
      owner.push(p);
    }
  });
  const abilities = (c: GladiatorCard | StrategyCard) => (c.kind === 'gladiator' ? c.levels.flatMap((l) => l.abilities) : c.abilities);
  const modders = card.map((c, i) => (abilities(c).some((a) => a.modifiers.length > 0) ? i : -1)).filter((i) => i >= 0);
  const triggered = card.map((c, i) => (abilities(c).some((a) => a.trigger && a.flow === 'continuous') ? i : -1)).filter((i) => i >= 0);
  const t: Table = { players: decks.length, decks, card, owner, team, reinforcement, modders, triggered };
  tables.set(key, t);
  return t;
}

/**
 * n copies of v in a packed array (V8's `new Array(n).fill(v)` stays a *holey* array, and so does
 * every copy of it: each read of the per-instance arrays, the hottest data of a match, then checks
 * for holes).
 */
function filled<T>(n: number, v: T): T[] {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(v);
  return out;
}

function setup(options: OphidianOptions, seed: number): OphidianState {
  const t = tableFor(decksOption(options), matchContent(options));
  const n = t.players;
  const dice = new Dice(seed);
  const loc = filled(t.card.length, LOC.out as number);
  // Every player's four piles (zoneOf), dealt directly: the zones core's shuffleZone then
  // 9 moveCard draws would build (the same cards, order and knowledge), without copying
  // every zone list at each of the 18 draws (setup was 5% of a random match).
  const cards: number[][] = Array.from({ length: n * 4 }, () => []);
  const known: number[][] = Array.from({ length: n * 4 }, () => []);
  const draw = RULES.handSize + RULES.bonus;
  for (let p = 0; p < n; p++) {
    const arsenal: number[] = [];
    for (let c = 0; c < t.card.length; c++) if (t.owner[c] === p && t.card[c]!.kind === 'strategy') arsenal.push(c);
    // Shuffle (the opponent's cut adds nothing to a fair shuffle; nobody knows any place), then draw
    // 7 + 2 bonus from the top (3.1): each card drawn is known to its player only.
    const deck = dice.shuffled(arsenal);
    if (deck.length < draw) throw new Error(`ophidian: seat ${p}'s Arsenal has ${deck.length} cards; the opening hand needs ${draw}`);
    const hand: number[] = [];
    for (let k = 0; k < draw; k++) hand.push(deck.pop()!);
    cards[zoneOf(p, ARSENAL)] = deck;
    known[zoneOf(p, ARSENAL)] = deck.map(() => NOBODY);
    cards[zoneOf(p, HAND)] = hand;
    known[zoneOf(p, HAND)] = hand.map(() => seatBit(p));
    for (const g of t.team[p]!) loc[g] = LOC.support; // placed by the Maneuver decisions
  }
  const zones: Zones = { kinds: STACKS[n]!, cards, known, unseen: null };
  // Decide Flow: each player rolls a d6; ties roll again (3.1).
  let best = Array.from({ length: n }, (_, p) => p);
  while (best.length > 1) {
    const rolls = best.map(() => dice.d(6));
    const top = Math.max(...rolls);
    best = best.filter((_, i) => rolls[i] === top);
  }
  // Every field written out, the flow's too (a spread first and ~45 fields added after it made
  // V8 add them one hidden-class transition at a time: a visible share of a random match).
  const f = flow.initial();
  const s: OphidianState = {
    phase: f.phase, round: f.round, order: f.order, turn: f.turn, current: f.current, stack: f.stack, steps: f.steps,
    t,
    zones,
    rng: dice.state,
    loc,
    wounds: filled(t.card.length, 0),
    isSet: filled(t.card.length, false),
    host: filled(t.card.length, -1),
    lvl: filled(t.card.length, 0),
    cp: filled(n, RULES.baseCp + 1 as number),
    cheer: filled(n, 0),
    vp: filled(n, 0),
    wave: 1,
    flowHolder: best[0]!,
    passes: 0,
    lost: false,
    plusJustMade: false,
    cheerTrader: -1,
    attack: [],
    chain: [],
    chainUsed: [],
    continuousUsed: [],
    events: [],
    uniqueUsed: [],
    paying: '',
    payDelta: 0,
    deathMatch: options.deathMatch,
    repetition: options.repetition !== 'allowed',
    zonesPerPlayer: options.zoneLimit !== 'arena',
    pointsAfterWaveEnd: options.waveEnd !== 'victory-first',
    loop: [],
    pending: null,
    breather: SETUP,
    maneuver: [],
    winner: -1,
    drawn: [],
    alive: filled(n, true),
    pool: [],
    endReason: '',
    firstFlow: best[0]!,
  };
  return flow.begin(s);
}

const tagsSchema = z
  .object({
    endReason: sharedTags.endReason,
    players: sharedTags.players,
    turns: sharedTags.turns,
    vp: z.array(z.number().int().min(0)).describe('Victory Points per seat at the end'),
    cheer: z.array(z.number().int().min(0)).describe('Cheer per seat at the end'),
    decks: z.array(z.string()).describe('ready deck per seat'),
    firstFlow: z.number().int().min(0).describe('the seat that won the d6 for the first Flow (3.1)'),
    waves: z.array(z.number().int().min(0)).optional().describe('with the `waves` listener: each finished Wave in turn, at its Breather: VP per seat, then Cheer per seat (players x 2 numbers a Wave)'),
    played: z.array(z.string()).optional().describe('with the `played` listener: Strategy cards played: "card-id:times by seat 0:times by seat 1", one entry per card played at least once'),
  })
  .strict();
void tagsSchema.shape;

const facts: GameFacts = { utility: 'zero-sum', chance: 'sampled', information: 'imperfect', simultaneous: false, players: { min: 2, max: 6 } };

function name(s: OphidianState, c: number): string {
  return s.t.card[c]?.name ?? `#${c}`;
}

/** One action in words (logs, replays). */
function describe(s: OphidianState, p: number, a: string): string {
  const parts = a.split(':');
  const c = Number(parts[1]);
  switch (parts[0]) {
    case 'play': return `seat ${p} plays ${name(s, c)}${parts[2]?.startsWith('t') ? ` on ${parts[2].slice(1).split(',').map((x) => name(s, Number(x))).join(' and ')}` : ''}`;
    case 'atk': return `seat ${p}: ${name(s, c)} Attacks ${name(s, Number(parts[2]))}`;
    case 'adv': return `seat ${p} Advances ${name(s, c)}`;
    case 'ret': return `seat ${p} Retreats ${name(s, c)}`;
    case 'ab': return `seat ${p} uses ${name(s, c)}'s ${s.t.card[c]!.kind === 'gladiator' ? 'ability' : 'ability'} #${parts[2]}`;
    default: return `seat ${p}: ${a}`;
  }
}

/**
 * What each seat saw last (core's `ZonesObserver`): a search's heuristic rollouts observe state
 * after state (30 a rollout) and most moves leave the piles alone; observing the Arsenals anew
 * each time (a copy and a sort of every hidden card) was a third of a rollout's cost.
 */
const observer = new ZonesObserver();

export const ophidian: Game<OphidianState, OphAction, OphidianState, OphidianOptions> = {
  id: 'ophidian',
  name: 'Ophidian 2350',
  perfectInformation: false,
  simultaneous: false,
  facts,
  tagsSchema,
  optionsSchema: ophidianOptionsSchema,
  optionDocs: optionDocsFromSchema(ophidianOptionsSchema),
  // The seated decks and the user's entries of the cards they hold (a replaced sample card included).
  contentUsed: (o) => contentUsedBy(o, decksOption(o)),
  numPlayers: (o) => o.players,
  setup,
  toMove: flow.toMove,
  legalActions: flow.legalActions,
  apply: flow.apply,
  applyUnchecked: flow.applyUnchecked,
  isTerminal: flow.isOver,
  // A win is 1 for the winner; a draw is shared equally by the seats in it.
  returns: (s) => Array.from({ length: s.t.players }, (_, p) => (s.winner >= 0 ? (p === s.winner ? 1 : 0) : s.drawn.includes(p) ? 1 / s.drawn.length : 0)),
  tags: (s): Tags => ({ endReason: s.endReason, players: s.t.players, turns: s.wave, vp: s.vp, cheer: s.cheer, decks: s.t.decks.map((d) => d.id), firstFlow: s.firstFlow }),
  moveCount: (s) => s.steps,
  // Progress towards Points and Crowd Riot as win shares (evaluate.ts): search cut-offs.
  evaluate: evaluateOphidian,
  // Tensor view for learned agents (encoder.ts): what the player sees, moves by what they do.
  encoder: ophidianEncoder,
  // Restricted play (bar.ts): `bar=a+b` agents never play those Strategy cards.
  bar: ophidianBar,
  // The studies' data (each Wave's score, the cards played) by events, not in the state, gathered
  // by listeners the studies' tables attach by name (listener.ts).
  listeners: ophidianListeners,
  // Hands are seen by their owner, the Arsenal order by nobody, everything in play by all; the
  // dice stream by nobody (from it every future roll — a Hex, a One-two Punch — could be read:
  // issue #26), so an observation holds UNSEEN_STREAM and a determinization draws a fresh one.
  observe: (s, p) => withHidden(s, observer.observe(s.zones, p), UNSEEN_STREAM),
  // Each player's Arsenal and hand hold only their own cards (every deck is its owner's),
  // so an unseen card is re-dealt only among its owner's hidden places — never into the other
  // player's hand or Arsenal, which would be a world nobody at the table thinks possible.
  determinize: (obs, _p, rng: Rng) => withHidden(obs, determinizeZonesByGroup(obs.zones, rng, zoneOwner, (c) => obs.t.owner[c]!), freshStream(rng)),
  actionKey: (a) => a,
  describeAction: (s, p, a) => {
    const parts = a.split(':');
    // Multi-player: the neighbour named as "the opponent" (legal.ts `:o<seat>`).
    const foe = parts.find((x, i) => i > 1 && /^o\d+$/.test(x));
    if (foe) return `${describe(s, p, parts.filter((x) => x !== foe).join(':'))} (the opponent: seat ${foe.slice(1)})`;
    return describe(s, p, a);
  },
  describeState: (s) => `Wave ${s.wave}, Flow seat ${s.flowHolder}, CP ${s.cp.join(':')}, VP ${s.vp.join(':')}, Cheer ${s.cheer.join(':')}${s.winner !== -1 ? `, over (${s.endReason})` : ''}`,
};
