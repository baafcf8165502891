/**
 * Rumble as a Crucible `Game`: the auction, then rounds of secret simultaneous
 * Allocation, an optional Reveal decision, and Resolution (resolution.ts).
 */
import { z } from 'zod';
import { sharedTags } from '../../core/facts.js';
import type { Game, Tags } from '../../core/game.js';
import { UserError } from '../../core/errors.js';
import { Dice } from '../../core/dice.js';
import { freshStream } from '../../core/random.js';
import { UNSEEN_STREAM, type Rng } from '../../core/rng.js';
import { parseWith } from '../../core/validate.js';
import { actionKey } from './action-key.js';
import { cachedAllocationMenu } from './allocation-menu.js';
import { cachedBidMenu } from './bid-menu.js';
import { fromMenu } from './menu-brand.js';
import { movers, revealMovers } from './movers.js';
import { defineFlow, END_TURN, fixedOrder, GAME_OVER_NAME, type Draft } from '../../core/flow.js';
import { cachedRevealMenu } from './reveal-menu.js';
import { applyBids, bidders, checkBid, drawLots, newAuction, newHero } from './auction.js';
import { applyAward, awardMenu, awardMovers, checkAward } from './award.js';
import { checkAllocation, checkReveal, computeRevealNeeds, controlledHeroes, controls, revealNeeds } from './legality.js';
import { rumbleOptionDocs, rumbleOptionsSchema, type RumbleOptions } from './options.js';
import { checkConfiguration } from './content.js';
import { resolveRound } from './resolution.js';
import { rumbleListeners } from './listener.js';
import { startRound } from './round-start.js';
import { isPlainRound, resolvePlainRound } from './plain-round.js';
import { evaluate } from './evaluate.js';
import { keptTransitions } from './kept-transitions.js';
import { rumbleEncoder } from './encoder.js';
import type { PowerLibrary } from './powers/library.js';
import { copyState, type Allocation, type HeldPower, type Hero, type RevealChoice, type RumbleAction, type RumbleState } from './types.js';

/**
 * What `setup` reads from one options object, checked and built once: the library and,
 * for `fixed` heroes, their power lists. Options are immutable once parsed, and held
 * powers are immutable values, so every game of a study shares them (checking the
 * configuration and building the lists anew was a tenth of a short random game).
 */
interface SetupTemplate {
  readonly lib: PowerLibrary;
  /** `fixed` heroes' power lists (shared by every game: states never change a list in place). */
  readonly fixedPowers: readonly (readonly HeldPower[])[] | null;
  /** Zeros per player, and per pair of heroes (last round's attacks before round 1). */
  readonly paid: readonly number[];
  readonly noAttacks: readonly number[];
}
const templates = new WeakMap<RumbleOptions, SetupTemplate>();
const NONE: readonly never[] = Object.freeze([]);

function setupTemplate(opts: RumbleOptions): SetupTemplate {
  let t = templates.get(opts);
  if (t) return t;
  const lib = checkConfiguration(opts);
  const P = opts.players;
  if (opts.fixed && opts.fixed.length !== P) throw new UserError(`rumble options: field fixed has ${opts.fixed.length} heroes; allowed: exactly players (${P})`);
  const fixedPowers =
    opts.fixed?.map((f) =>
      f.powers.map((x): HeldPower => {
        lib.get(x.id);
        return { id: x.id, strength: x.strength, params: x.params ?? {}, uses: 0, acc: 0, fired: 0 };
      }),
    ) ?? null;
  t = { lib, fixedPowers, paid: new Array<number>(P).fill(0), noAttacks: new Array<number>(P * P).fill(0) };
  templates.set(opts, t);
  return t;
}

function setup(opts: RumbleOptions, seed: number): RumbleState {
  const { lib, fixedPowers, paid, noAttacks } = setupTemplate(opts);
  const P = opts.players;
  const dice = new Dice(seed);
  const flow = rumbleFlow.initial();
  if (opts.fixed && fixedPowers) {
    const heroes: Hero[] = [];
    for (let p = 0; p < P; p++) heroes.push(newHero(opts.fixed[p]!.energy, p, fixedPowers[p]!));
    // One literal in `copyState`'s field order: every state has one shape (a first state
    // built by spreading had another, and random play ran at half speed). No auction: the
    // flow starts at round 1.
    return rumbleFlow.begin({
      opts, lib, steps: flow.steps, pending: null, bidLog: NONE, lotLog: NONE, paid, held: fixedPowers, returns: null, end: '',
      phase: GAME_OVER_NAME, round: flow.round, rng: dice.state, heroes, auction: null, lastAttacks: noAttacks,
      order: flow.order, turn: flow.turn, current: flow.current, stack: flow.stack,
    }, 1);
  }
  const lots = drawLots(opts, lib, dice);
  const heroes = Array.from({ length: P }, (_, p) => newHero(opts.startEnergy, p, NONE));
  return rumbleFlow.begin({
    opts, lib, steps: flow.steps, pending: null, bidLog: NONE, lotLog: NONE, paid, held: NONE, returns: null, end: '',
    phase: GAME_OVER_NAME, round: flow.round, rng: dice.state, heroes, auction: lots.length === 0 ? null : newAuction(lots), lastAttacks: noAttacks,
    order: flow.order, turn: flow.turn, current: flow.current, stack: flow.stack,
  }, lots.length === 0 ? 1 : 0);
}

/** The flow's check of one player's Allocation: one per controlled hero, each legal (menu moves are trusted by their brand). */
function checkAllocationMove(s: RumbleState, player: number, m: RumbleAction): void {
  const H = s.heroes.length;
  const trusted = fromMenu(m, s, player);
  // A player's heroes in seat order (its hero, then Sidekicks), as controlledHeroes.
  let j = 0;
  for (let h = 0; h < H; h++) {
    if (!controls(s, player, h)) continue;
    const a = m.t === 'alloc' ? m.heroes[j] : undefined;
    if (a === undefined) throw badAlloc(s, player, m);
    if (!trusted) checkAllocation(s, h, a);
    j++;
  }
  if (m.t !== 'alloc' || m.heroes.length !== j) throw badAlloc(s, player, m);
}

/**
 * The joint Allocation (checked): a round without powers resolves at once; a round in which
 * some hero has a Reveal decision waits for it (`pending`, phase 'reveal'); else Resolution.
 */
function resolveAllocations(d: Draft<RumbleState>, players: readonly number[], moves: readonly RumbleAction[]): void {
  const s = d as RumbleState;
  const H = s.heroes.length;
  const allocs: (Allocation | null)[] = new Array<Allocation | null>(H).fill(null);
  if (H === s.opts.players) {
    // No Sidekick in play: each player controls its own hero alone.
    for (let i = 0; i < players.length; i++) allocs[players[i]!] = (moves[i] as Extract<RumbleAction, { t: 'alloc' }>).heroes[0]!;
  } else {
    for (let i = 0; i < players.length; i++) {
      const player = players[i]!;
      const m = moves[i] as Extract<RumbleAction, { t: 'alloc' }>;
      let j = 0;
      for (let h = 0; h < H; h++) if (controls(s, player, h)) allocs[h] = m.heroes[j++]!;
    }
  }
  // A round without powers has no Reveal decision and skips the power bookkeeping.
  if (isPlainRound(s)) return resolvePlainRound(d, allocs);
  const needs = computeRevealNeeds(s, allocs);
  for (let h = 0; h < H; h++) {
    if (needs[h]) {
      d.pending = allocs;
      return;
    }
  }
  resolveRound(d, allocs, []);
}

/** The flow's check of one player's Reveal move: one choice per controlled hero, each legal. */
function checkRevealMove(s: RumbleState, player: number, m: RumbleAction): void {
  const H = s.heroes.length;
  const allocs = s.pending!;
  const needs = revealNeeds(s, allocs);
  let count = 0;
  for (let h = 0; h < H; h++) if (controls(s, player, h)) count++;
  if (m.t !== 'reveal' || m.heroes.length !== count)
    throw new UserError(`rumble move of player ${player}: field heroes is ${m.t === 'reveal' ? m.heroes.length : m.t}; allowed: a "reveal" with ${count} choice(s), one per controlled hero`);
  // The player's heroes in seat order (its hero, then Sidekicks), as controlledHeroes.
  let j = 0;
  for (let h = 0; h < H; h++) {
    if (!controls(s, player, h)) continue;
    const r = m.heroes[j++]!;
    if (!needs[h] && Object.keys(r).length) throw new UserError(`rumble reveal of hero ${h}: field (value) is ${JSON.stringify(r)}; allowed: {} (nothing to decide)`);
    checkReveal(s, allocs, h, r);
  }
}

/** The joint Reveal (checked): each hero's choice (undefined for heroes whose player does not move), then Resolution. */
function resolveReveals(d: Draft<RumbleState>, players: readonly number[], moves: readonly RumbleAction[]): void {
  const s = d as RumbleState;
  const H = s.heroes.length;
  const reveals = new Array<RevealChoice | undefined>(H).fill(undefined);
  for (let i = 0; i < players.length; i++) {
    const player = players[i]!;
    const m = moves[i] as Extract<RumbleAction, { t: 'reveal' }>;
    let j = 0;
    for (let h = 0; h < H; h++) if (controls(s, player, h)) reveals[h] = m.heroes[j++]!;
  }
  resolveRound(d, s.pending!, reveals);
}

function badAlloc(s: RumbleState, player: number, m: RumbleAction): UserError {
  const n = controlledHeroes(s, player).length;
  return new UserError(`rumble move of player ${player}: field heroes is ${m.t === 'alloc' ? m.heroes.length : m.t}; allowed: an "alloc" with ${n} allocation(s), one per controlled hero`);
}

/**
 * Rumble's turn flow (core/flow.ts): every phase is simultaneous (boardgame.io's
 * `activePlayers` stages), one table turn per round. Round 0 is the auction (open for
 * rebids while lots are tied) and, if a winner has a choice, the award step; every later
 * round is Allocation (round-start powers on entering), then Reveal when some hero has a
 * Reveal decision. The game ends when a winner is decided (`returns`). Every phase has a
 * `check`: its menu lists a few of the legal moves, and `apply` accepts any legal one.
 */
export const rumbleFlow = defineFlow<RumbleState, RumbleAction>({
  game: 'rumble',
  key: actionKey,
  turnOrder: fixedOrder(() => 1),
  first: (s) => (s.round === 0 ? 'auction' : 'alloc'),
  phases: {
    auction: {
      movers: bidders,
      moves: cachedBidMenu,
      check: checkBid,
      resolve: applyBids,
      skipIf: (s) => s.auction === null,
      // Tied lots are bid again: the phase stays open until the auction is settled.
      endIf: (s) => s.auction === null || s.auction.award !== undefined,
      next: (s) => (s.auction !== null ? 'award' : END_TURN),
    },
    award: { movers: awardMovers, moves: awardMenu, check: checkAward, resolve: applyAward },
    alloc: {
      movers,
      moves: cachedAllocationMenu,
      check: checkAllocationMove,
      resolve: resolveAllocations,
      onBegin: startRound,
      next: (s) => (s.pending !== null ? 'reveal' : END_TURN),
    },
    reveal: { movers: revealMovers, moves: cachedRevealMenu, check: checkRevealMove, resolve: resolveReveals },
  },
  endIf: (s) => s.returns !== null,
  // `phase` holds the name: code outside the engine reads s.phase === 'alloc'.
  namedPhases: true,
  copy: copyState,
});
/** Per-hero tags: `<name>_p<seat>`. */
const PER_HERO_TAG = /^(paid|bids|powers|strengths|energy)_p\d+$/;

/** Rumble's tags (checked by the contract tests), shared names from facts.ts plus per-hero columns. */
const tagsSchema = z
  .object({
    turns: sharedTags.turns,
    endReason: sharedTags.endReason,
    players: sharedTags.players,
    lots: z.array(z.string()).describe('power ids auctioned, in lot order'),
    energyLost: z.number().min(0).optional().describe('listener `energyLost`: Energy lost in the rounds, all heroes together (damage, Burn, Drain, house rules; not auction payments): 0 = nothing happened'),
  })
  .catchall(z.union([z.number(), z.array(z.union([z.string(), z.number()]))]))
  .superRefine((t, ctx) => {
    for (const key of Object.keys(t)) {
      if (!['turns', 'endReason', 'players', 'lots', 'energyLost'].includes(key) && !PER_HERO_TAG.test(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'unknown Rumble tag' });
    }
  });
void tagsSchema.shape; // zod defines .shape lazily; read it before a test deep-freezes the game

function tags(s: RumbleState): Tags {
  const P = s.opts.players;
  const t: Record<string, string | number | boolean | readonly (string | number)[] | null> = {
    turns: s.round,
    endReason: s.end,
    lots: s.lotLog,
    players: s.heroes.length,
  };
  const n = s.lotLog.length;
  for (let p = 0; p < P; p++) {
    t[`paid_p${p}`] = s.paid[p]!;
    t[`bids_p${p}`] = s.bidLog.slice(p * n, (p + 1) * n);
    t[`powers_p${p}`] = (s.held[p] ?? []).map((h) => h.id);
    t[`strengths_p${p}`] = (s.held[p] ?? []).map((h) => h.strength);
    t[`energy_p${p}`] = s.heroes[p]!.energy;
  }
  return t;
}

function observe(s: RumbleState, player: number): RumbleState {
  // Nobody knows the future draws: the observation shows no stream (determinize draws one).
  const o = copyState(s);
  o.rng = UNSEEN_STREAM;
  if (s.opts.auction.bidsRevealed) return o;
  // Sealed bids stay secret: others' bids are hidden (their sums show in Energy).
  const n = s.lotLog.length;
  const bidLog = s.bidLog.map((b, i) => (Math.floor(i / Math.max(1, n)) === player ? b : -1));
  const a = s.auction;
  const auction = a && a.bids.length ? { ...a, bids: a.bids.map((b, i) => (Math.floor(i / a.lots.length) === player || a.ties[i % a.lots.length]!.length ? b : -1)) } : a;
  o.bidLog = bidLog;
  o.auction = auction;
  return o;
}

function determinize(obs: RumbleState, _player: number, rng: Rng): RumbleState {
  // The random stream is resampled, so a searching agent cannot read future dice
  // (Lightning Strike, curses, seeded draws). Hidden bids never affect later rules: a
  // hidden value becomes 0.
  const d = copyState(obs);
  d.rng = freshStream(rng);
  if (obs.opts.auction.bidsRevealed) return d;
  d.auction = obs.auction ? { ...obs.auction, bids: obs.auction.bids.map((b) => Math.max(0, b)) } : null;
  d.bidLog = obs.bidLog.map((b) => Math.max(0, b));
  return d;
}

function describeAction(s: RumbleState, player: number, a: RumbleAction): string {
  switch (a.t) {
    case 'bid':
      return `P${player} bids ${s.auction?.lots.map((id, i) => `${s.lib.get(id).name}=${a.bids[i]}`).join(', ')}`;
    case 'alloc':
      return a.heroes
        .map((h, j) => {
          const hero = controlledHeroes(s, player)[j];
          const atk = h.attack.map((v, t) => (v ? `H${t}:${v}` : '')).filter(Boolean).join(' ');
          const uses = (h.uses ?? []).map((u) => s.lib.get(s.heroes[hero ?? player]!.powers[u.power]!.id).name).join(', ');
          return `H${hero} attack[${atk}] def ${h.defense}${h.reserve ? ` keep ${h.reserve}` : ''}${uses ? ` uses ${uses}` : ''}`;
        })
        .join('; ');
    case 'reveal':
      return `P${player} reveal ${JSON.stringify(a.heroes)}`;
    case 'award': {
      const ps = s.heroes[player]?.powers ?? [];
      const name = (k: number) => s.lib.get(ps[k]?.id ?? '').name;
      const parts: string[] = [];
      if (a.curses?.some((r) => r >= 0)) parts.push(`curses to ${a.curses.map((r) => (r >= 0 ? `H${r}` : 'default')).join(', ')}`);
      if (a.expert) parts.push(`Expert Training ${a.expert.map((e) => (e ? `${e.double ? 'doubles' : 'halves'} ${name(e.power)}.${e.param}` : 'changes nothing')).join(', ')}`);
      if (a.discard?.length) parts.push(`discards ${a.discard.map(name).join(', ')}`);
      return `P${player} after the auction: ${parts.length ? parts.join('; ') : 'defaults'}`;
    }
    case 'pass':
      return `P${player} passes`;
  }
}

function describeState(s: RumbleState): string {
  const heroes = s.heroes
    .map((h, i) => `H${i}(P${h.controller}) ${h.alive ? h.energy : 'out'} [${h.powers.map((p) => `${s.lib.get(p.id).name}@${p.strength}`).join(', ')}]`)
    .join('\n');
  return `Rumble round ${s.round}, phase ${s.phase}${s.auction ? `, lots ${s.auction.lots.map((id) => s.lib.get(id).name).join(', ')}` : ''}\n${heroes}`;
}


export const rumble: Game<RumbleState, RumbleAction, RumbleState, RumbleOptions> = {
  id: 'rumble',
  name: 'Rumble',
  perfectInformation: false,
  simultaneous: true,
  facts: { utility: 'zero-sum', chance: 'sampled', information: 'imperfect', simultaneous: true, players: { min: 2, max: 8 } },
  tagsSchema,
  optionsSchema: rumbleOptionsSchema,
  optionDocs: rumbleOptionDocs,
  numPlayers: (o) => o.players,
  setup,
  toMove: rumbleFlow.toMove,
  legalActions: rumbleFlow.legalActions,
  apply: rumbleFlow.apply,
  // Searches and random play: a joint move's next state kept per decision when the step drew nothing (kept-transitions.ts).
  applyUnchecked: keptTransitions(rumbleFlow.applyUnchecked),
  isTerminal: rumbleFlow.isOver,
  returns: (s) => s.returns ?? new Array<number>(s.opts.players).fill(0),
  tags,
  // The studies' count of Energy lost by events, not in the state (listener.ts).
  listeners: rumbleListeners,
  moveCount: (s) => s.steps,
  observe,
  determinize,
  actionKey,
  describeAction,
  describeState,
  evaluate,
  encoder: rumbleEncoder,
};

/** Validates raw options (filling defaults) for `rumble.setup`. */
export function rumbleOptions(raw: unknown = {}): RumbleOptions {
  const opts = parseWith('rumble options', rumbleOptionsSchema, raw ?? {});
  checkConfiguration(opts);
  return opts;
}
