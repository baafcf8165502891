/**
 * Rumble as a Crucible `Game`: the auction, then rounds of secret simultaneous
 * Allocation, an optional Reveal decision, and Resolution (resolution.ts).
 */
import { z } from 'zod';
import { sharedTags } from '../../core/facts.js';
import type { Game, Tags } from '../../core/game.js';
import { UserError } from '../../core/errors.js';
import { Dice } from '../../core/dice.js';
import { UNSEEN_STREAM, type Rng } from '../../core/rng.js';
import { parseWith } from '../../core/validate.js';
import { actionKey } from './action-key.js';
import { cachedAllocationMenu } from './allocation-menu.js';
import { bidMenu } from './bid-menu.js';
import { fromMenu } from './menu-brand.js';
import { movers, revealMovers } from './movers.js';
import { revealMenu } from './reveal-menu.js';
import { applyBids, bidders, drawLots, newAuction, newHero } from './auction.js';
import { applyAward, awardMenu, awardMovers } from './award.js';
import { checkAllocation, checkReveal, computeRevealNeeds, controlledHeroes, controls, revealNeeds } from './legality.js';
import { rumbleOptionDocs, rumbleOptionsSchema, type RumbleOptions } from './options.js';
import { checkConfiguration } from './content.js';
import { resolveRound } from './resolution.js';
import { startRound } from './round-start.js';
import { isPlainRound, resolvePlainRound } from './plain-round.js';
import { evaluate } from './evaluate.js';
import { rumbleEncoder } from './encoder.js';
import type { PowerLibrary } from './powers/library.js';
import { stateWith, type Allocation, type HeldPower, type Hero, type RevealChoice, type RumbleAction, type RumbleState } from './types.js';

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
  if (opts.fixed && fixedPowers) {
    const heroes: Hero[] = [];
    for (let p = 0; p < P; p++) heroes.push(newHero(opts.fixed[p]!.energy, p, fixedPowers[p]!));
    // One literal in `stateWith`'s field order: every state has one shape (a first state
    // built by spreading had another, and random play ran at half speed).
    return startRound({
      opts, lib, steps: 0, pending: null, bidLog: NONE, lotLog: NONE, paid, held: fixedPowers, returns: null, end: '',
      phase: 'alloc', round: 1, rng: dice.state, heroes, auction: null, lastAttacks: noAttacks, lost: 0,
    });
  }
  const lots = drawLots(opts, lib, dice);
  const heroes = Array.from({ length: P }, (_, p) => newHero(opts.startEnergy, p, NONE));
  const s: RumbleState = {
    opts, lib, steps: 0, pending: null, bidLog: NONE, lotLog: NONE, paid, held: NONE, returns: null, end: '',
    phase: 'auction', round: 0, rng: dice.state, heroes, auction: newAuction(lots), lastAttacks: noAttacks, lost: 0,
  };
  if (lots.length === 0) return startRound(stateWith(s, { phase: 'alloc', round: 1, auction: null }));
  return s;
}

function toMove(s: RumbleState): readonly number[] {
  switch (s.phase) {
    case 'auction':
      return bidders(s);
    case 'award':
      return awardMovers(s);
    case 'alloc':
      return movers(s);
    case 'reveal':
      return revealMovers(s);
    case 'over':
      return [];
  }
}

function apply(s: RumbleState, moves: readonly RumbleAction[]): RumbleState {
  const who = s.phase === 'alloc' ? allocMovers(s) : toMove(s);
  if (moves.length !== who.length) throw new UserError(`rumble: ${moves.length} moves given; allowed: exactly ${who.length} (players to move: ${who.join(', ')})`);
  if (s.phase === 'auction') return applyBids(s, moves);
  if (s.phase === 'award') return applyAward(s, moves);
  if (s.phase === 'alloc') {
    const H = s.heroes.length;
    const allocs: (Allocation | null)[] = new Array<Allocation | null>(H).fill(null);
    for (let i = 0; i < who.length; i++) {
      const player = who[i]!;
      const m = moves[i]!;
      const trusted = fromMenu(m, s, player);
      // A player's heroes in seat order (its hero, then Sidekicks), as controlledHeroes.
      let j = 0;
      for (let h = 0; h < H; h++) {
        if (!controls(s, player, h)) continue;
        const a = m.t === 'alloc' ? m.heroes[j] : undefined;
        if (a === undefined) throw badAlloc(s, player, m);
        if (!trusted) checkAllocation(s, h, a);
        allocs[h] = a;
        j++;
      }
      if (m.t !== 'alloc' || m.heroes.length !== j) throw badAlloc(s, player, m);
    }
    // A round without powers has no Reveal decision and skips the power bookkeeping.
    if (isPlainRound(s)) return resolvePlainRound(s, allocs);
    const needs = computeRevealNeeds(s, allocs);
    for (let h = 0; h < H; h++) if (needs[h]) return stateWith(s, { steps: s.steps + 1, phase: 'reveal', pending: allocs });
    return resolveRound(s, allocs, []);
  }
  if (s.phase === 'reveal') return resolveRound(s, s.pending!, revealChoices(s, who, moves));
  throw new UserError('rumble: the game is over; allowed: no more moves');
}

/** Each hero's validated Reveal choice (undefined for heroes whose player does not move). */
function revealChoices(s: RumbleState, who: readonly number[], moves: readonly RumbleAction[]): (RevealChoice | undefined)[] {
  const H = s.heroes.length;
  const allocs = s.pending!;
  const needs = revealNeeds(s, allocs);
  const reveals = new Array<RevealChoice | undefined>(H).fill(undefined);
  for (let i = 0; i < who.length; i++) {
    const player = who[i]!;
    const m = moves[i]!;
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
      reveals[h] = r;
    }
  }
  return reveals;
}

/** Players with a living hero, in order (`movers` without a list per player). */
function allocMovers(s: RumbleState): number[] {
  const out: number[] = [];
  for (let p = 0; p < s.opts.players; p++) {
    for (let h = 0; h < s.heroes.length; h++) {
      if (controls(s, p, h)) {
        out.push(p);
        break;
      }
    }
  }
  return out;
}

function badAlloc(s: RumbleState, player: number, m: RumbleAction): UserError {
  const n = controlledHeroes(s, player).length;
  return new UserError(`rumble move of player ${player}: field heroes is ${m.t === 'alloc' ? m.heroes.length : m.t}; allowed: an "alloc" with ${n} allocation(s), one per controlled hero`);
}

function legalActions(s: RumbleState, player: number): readonly RumbleAction[] {
  switch (s.phase) {
    case 'auction':
      return bidMenu(s, player);
    case 'award':
      return awardMenu(s, player);
    case 'alloc':
      return cachedAllocationMenu(s, player);
    case 'reveal':
      return revealMenu(s, player);
    case 'over':
      return [];
  }
}

/** Per-hero tags: `<name>_p<seat>`. */
const PER_HERO_TAG = /^(paid|bids|powers|strengths|energy)_p\d+$/;

/** Rumble's tags (checked by the contract tests), shared names from facts.ts plus per-hero columns. */
const tagsSchema = z
  .object({
    turns: sharedTags.turns,
    endReason: sharedTags.endReason,
    players: sharedTags.players,
    lots: z.array(z.string()).describe('power ids auctioned, in lot order'),
    energyLost: z.number().min(0).describe('Energy lost in the rounds, all heroes together (damage, Burn, Drain, house rules; not auction payments): 0 = nothing happened'),
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
    energyLost: s.lost,
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
  if (s.opts.auction.bidsRevealed) return stateWith(s, { rng: UNSEEN_STREAM });
  // Sealed bids stay secret: others' bids are hidden (their sums show in Energy).
  const n = s.lotLog.length;
  const bidLog = s.bidLog.map((b, i) => (Math.floor(i / Math.max(1, n)) === player ? b : -1));
  const a = s.auction;
  const auction = a && a.bids.length ? { ...a, bids: a.bids.map((b, i) => (Math.floor(i / a.lots.length) === player || a.ties[i % a.lots.length]!.length ? b : -1)) } : a;
  return stateWith(s, { bidLog, auction, rng: UNSEEN_STREAM });
}

function determinize(obs: RumbleState, _player: number, rng: Rng): RumbleState {
  // The random stream is resampled, so a searching agent cannot read future dice
  // (Lightning Strike, curses, seeded draws). Hidden bids never affect later rules: a
  // hidden value becomes 0.
  const fresh = rng.u32() | 0;
  if (obs.opts.auction.bidsRevealed) return stateWith(obs, { rng: fresh });
  const auction = obs.auction ? { ...obs.auction, bids: obs.auction.bids.map((b) => Math.max(0, b)) } : null;
  return stateWith(obs, { rng: fresh, bidLog: obs.bidLog.map((b) => Math.max(0, b)), auction });
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
  toMove,
  legalActions,
  apply,
  isTerminal: (s) => s.phase === 'over',
  returns: (s) => s.returns ?? new Array<number>(s.opts.players).fill(0),
  tags,
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
