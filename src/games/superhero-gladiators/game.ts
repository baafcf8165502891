/**
 * Superhero Gladiators as a Crucible game, on the shared turn flow (src/core/flow.ts):
 * a round of the flow is one segment; its turn order lists the heroes entitled to act
 * (segment boxes, conscious), highest PER first, then DEX, then a d20 rolled at setup;
 * each hero's seat (its side) decides for it. Round 0 places the heroes, lowest PER
 * first. Two response windows: "absorb the damage your defenses blocked?" and "copy a
 * power of the foe your close attack hurt?".
 */
import { z } from 'zod';
import { Dice } from '../../core/dice.js';
import { freshStream } from '../../core/random.js';
import { UNSEEN_STREAM } from '../../core/rng.js';
import { sharedTags } from '../../core/facts.js';
import type { Game } from '../../core/game.js';
import { defineFlow, END_TURN, type Draft, type FlowFields } from '../../core/flow.js';
import { UserError } from '../../core/errors.js';
import { parseWith } from '../../core/validate.js';
import { DEFAULT_MAP, parseMap, randomMap, startZone } from './arena.js';
import { buildHero, type Hero } from './builder.js';
import type { HeroSpec } from './hero.js';
import { SAMPLE_HEROES } from './samples.js';
export { SAMPLE_HEROES };
import { optionDocs, optionsSchema, type ShgOptions } from './options.js';
import { powerNumbersWith } from './power-numbers.js';
import { actionsOf, conscious, copyChoices, mayActOn, placeActions, playAbsorb, playAction, playCopy, playStrike, pushInside, strikeActions } from './rules.js';
import { segmentOf, turnOf, type HeroRun, type Setup, type ShgAction, type ShgState } from './state.js';
import { describeAction, describeState } from './describe.js';
import { evaluate } from './evaluate.js';
import { shgEncoder } from './encoder.js';
import { shgListeners } from './listener.js';


// ---------------------------------------------------------------------------------
// Setup (static facts cached per option set, so equal setups share one object)

const setupCache = new Map<string, Setup>();

function makeSetup(o: ShgOptions, seed: number): Setup {
  const key = JSON.stringify(o) + (o.arena.map === 'random' ? `#${seed}` : '');
  const hit = setupCache.get(key);
  if (hit) return hit;
  const library = new Map<string, HeroSpec>();
  for (const h of SAMPLE_HEROES) library.set(h.name, h);
  for (const h of o.heroes) library.set(h.name, h);
  const numbers = powerNumbersWith(o.powerNumbers);
  const heroes: Hero[] = [];
  const side: number[] = [];
  o.teams.forEach((team, t) =>
    team.forEach((name, i) => {
      const spec = library.get(name);
      if (!spec) throw new UserError(`superhero-gladiators options: teams[${t}][${i}] is ${JSON.stringify(name)}; allowed: ${[...library.keys()].join(', ')}`);
      heroes.push(buildHero(spec, o.build, 'superhero-gladiators options', numbers));
      side.push(t);
    }),
  );
  const rows = o.arena.map === 'custom' ? o.arena.rows : o.arena.map === 'random' ? randomMap(o.arena.cols, o.arena.height, seed ^ 0x5eed) : DEFAULT_MAP;
  const map = parseMap(rows);
  const zones = o.arena.placement === 'start-zones' ? o.teams.map((_, t) => startZone(map, t, o.teams.length, o.arena.startDepth)) : [];
  zones.forEach((z, t) => {
    if (z.length < o.teams[t]!.length) throw new UserError(`superhero-gladiators options: arena has ${z.length} open start hexes for side ${t}; allowed: at least ${o.teams[t]!.length} (one per hero)`);
  });
  const setup: Setup = { options: o, map, heroes, side, sides: o.teams.length, zones, numbers };
  if (setupCache.size > 256) setupCache.clear();
  setupCache.set(key, setup);
  return setup;
}

export function parseOptions(input: unknown): ShgOptions {
  return parseWith('superhero-gladiators options', optionsSchema, input ?? {});
}

// ---------------------------------------------------------------------------------
// End of the game

/** Bit per side with a conscious hero. */
function standingMask(s: ShgState): number {
  let mask = 0;
  for (let h = 0; h < s.heroes.length; h++) if (conscious(s, h)) mask |= 1 << s.setup.side[h]!;
  return mask;
}

function sidesStanding(s: ShgState): number {
  let n = 0;
  for (let m = standingMask(s); m; m &= m - 1) n++;
  return n;
}

/** Remembers who stands after an action, unless nobody does (then the last heroes fainted together). */
function noteStanding(d: Draft<ShgState>): void {
  const mask = standingMask(d);
  if (mask !== 0 && mask !== d.standing) d.standing = mask;
}

/** Each side's share of its Oomph maximum still standing. */
export function oomphShares(s: ShgState): number[] {
  const left = new Array<number>(s.setup.sides).fill(0);
  const max = new Array<number>(s.setup.sides).fill(0);
  s.heroes.forEach((r, h) => {
    left[s.setup.side[h]!] += Math.max(0, r.oomph);
    max[s.setup.side[h]!] += s.setup.heroes[h]!.oomphMax;
  });
  return left.map((l, i) => l / max[i]!);
}

function finalResult(s: ShgState): { result: number[]; reason: string } {
  const n = s.setup.sides;
  const alive = new Set<number>();
  for (let h = 0; h < s.heroes.length; h++) if (conscious(s, h)) alive.add(s.setup.side[h]!);
  if (alive.size === 1) {
    const w = [...alive][0]!;
    return { result: Array.from({ length: n }, (_, i) => (i === w ? 1 : 0)), reason: 'knockout' };
  }
  if (alive.size === 0) {
    // The last heroes fainted together: the win is split among the sides that stood until
    // then; a side knocked out earlier gets nothing.
    const last = Array.from({ length: n }, (_, i) => (s.standing >> i) & 1);
    const k = last.reduce((a, b) => a + b, 0);
    return { result: last.map((x) => x / k), reason: 'all-fainted' };
  }
  if (s.setup.options.capTiebreak === 'draw') {
    return { result: Array.from({ length: n }, (_, i) => (alive.has(i) ? 1 / alive.size : 0)), reason: 'turn-cap' };
  }
  const shares = oomphShares(s);
  const best = Math.max(...shares);
  const winners = shares.map((x, i) => (Math.abs(x - best) < 1e-12 ? i : -1)).filter((i) => i >= 0);
  return { result: Array.from({ length: n }, (_, i) => (winners.includes(i) ? 1 / winners.length : 0)), reason: 'turn-cap' };
}

/**
 * House rule `crowdPenalty` (P, 0 = off), at the end of each turn: every conscious hero of
 * a side that landed no blow in that turn loses P Oomph (and may faint).
 */
function crowdPenalty(d: Draft<ShgState>): void {
  const p = d.setup.options.crowdPenalty;
  if (p <= 0) return;
  const quiet = d.blowRound.map((r) => r <= d.round - 6);
  d.heroes = d.heroes.map((r, h) => (r.oomph > 0 && r.cell >= 0 && quiet[d.setup.side[h]!] ? { ...r, oomph: Math.max(0, r.oomph - p) } : r));
  noteStanding(d);
}

// ---------------------------------------------------------------------------------
// The turn flow

const actor = (s: ShgState) => s.order[s.turn]!;

const flow = defineFlow<ShgState, ShgAction>({
  game: 'superhero-gladiators',
  key: (a) => actionKey(a),
  turnOrder: {
    round(s) {
      if (s.round === 0) return s.placeOrder;
      const seg = segmentOf(s.round) - 1;
      const out: number[] = [];
      for (let h = 0; h < s.heroes.length; h++) if (conscious(s, h) && mayActOn(s, h, seg)) out.push(h);
      const heroes = s.setup.heroes;
      if (s.setup.options.rules.actingOrder === 'dex') return out.sort((a, b) => heroes[b]!.DEX - heroes[a]!.DEX || heroes[b]!.PER - heroes[a]!.PER || s.initiative[b]! - s.initiative[a]! || a - b);
      return out.sort((a, b) => heroes[b]!.PER - heroes[a]!.PER || heroes[b]!.DEX - heroes[a]!.DEX || s.initiative[b]! - s.initiative[a]! || a - b);
    },
  },
  seatOf: (s, hero) => s.setup.side[hero]!,
  emptyRoundsPass: true,
  first: 'place',
  phases: {
    place: {
      moves: (s) => placeActions(s, actor(s)),
      play(d, _player, a) {
        playAction(d, actor(d), a);
      },
      skipIf: (s) => s.round > 0,
      next: (s) => (s.round === 0 ? END_TURN : 'act'),
    },
    act: {
      moves: (s) => actionsOf(s, actor(s)),
      play(d, _player, a) {
        const h = actor(d);
        const from = d.heroes[h]!.cell;
        const pending = playAction(d, h, a);
        noteStanding(d);
        for (const [name, seat, data] of pending.windows) flow.openWindow(d, name, [seat], data);
        // The charge reading: a move that ended next to a foe may strike it in the same action.
        const moved = a.k === 'move' && d.heroes[h]!.cell !== from && conscious(d, h);
        d.charging = d.setup.options.charge && moved && strikeActions(d, h).length > 1 ? h : -1;
      },
      next: (s) => (s.charging >= 0 ? 'strike' : END_TURN),
      // A hero that fainted, or whose limbs (giving it this segment) stopped working, before its turn does not act.
      skipIf: (s) => s.round === 0 || !conscious(s, actor(s)) || !mayActOn(s, actor(s), segmentOf(s.round) - 1),
    },
    strike: {
      moves: (s) => strikeActions(s, actor(s)),
      play(d, _player, a) {
        d.charging = -1;
        const pending = playStrike(d, actor(d), a);
        noteStanding(d);
        for (const [name, seat, data] of pending.windows) flow.openWindow(d, name, [seat], data);
      },
      skipIf: (s) => s.charging < 0,
    },
  },
  windows: {
    absorb: {
      moves: () => ABSORB_CHOICES,
      play(d, _player, a, data) {
        if (a.k === 'absorb') playAbsorb(d, data, a.yes);
        return true;
      },
    },
    copy: {
      moves: (s, _player, t) => [{ k: 'copy', slot: -1 }, ...copyChoices(s, actor(s), t).map((slot) => ({ k: 'copy', slot }) as const)],
      play(d, _player, a, t) {
        if (a.k === 'copy') playCopy(d, actor(d), t, a.slot);
        return true;
      },
    },
  },
  onRoundEnd(d) {
    if (d.clouds.length && d.clouds.some((c) => c.until <= d.round)) d.clouds = d.clouds.filter((c) => c.until > d.round);
    if (d.round > 0 && d.round % 6 === 0) {
      crowdPenalty(d);
      pushInside(d, d.round + 1);
    }
  },
  endIf: (s) => (s.round > 0 && sidesStanding(s) <= 1) || s.round > s.setup.options.turnCap * 6,
  onEnd(d) {
    const { result, reason } = finalResult(d);
    d.result = result;
    d.endReason = reason;
  },
  copy: (s): Draft<ShgState> => ({
    phase: s.phase,
    round: s.round,
    order: s.order,
    turn: s.turn,
    current: s.current,
    stack: s.stack,
    steps: s.steps,
    setup: s.setup,
    heroes: s.heroes,
    walls: s.walls,
    clouds: s.clouds,
    rng: s.rng,
    placeOrder: s.placeOrder,
    initiative: s.initiative,
    blows: s.blows,
    blowRound: s.blowRound,
    charging: s.charging,
    standing: s.standing,
    result: s.result,
    endReason: s.endReason,
  }),
});

const tagsSchema = z
  .object({
    endReason: sharedTags.endReason,
    turns: sharedTags.turns,
    players: sharedTags.players,
    segments: z.number().int().min(0).describe('segments played (rounds of the flow after placement)'),
    winner: z.number().int().min(-1).describe('winning side, -1 when the win is split'),
    teams: z.array(z.string()).describe('hero names of each side, joined by +'),
    firstPlacer: z.number().int().min(0).describe('side of the hero placed first (the lowest PER)'),
    capped: z.boolean().describe('the turn cap (an engine option; the text has none) ended the game'),
    blowsLanded: z.number().int().min(0).describe('blows landed in the game: attacks that took Oomph off a foe hero (0 = nobody was ever hurt by a foe)'),
    blowsBySide: z.array(z.number().int().min(0)).describe('blows landed by each side'),
    blowsAfterOpening: z.array(z.number().int().min(0)).optional().describe('listener `blows`: blows landed by each side on a foe hero that had already had an action in the fight'),
  })
  .strict();

const ABSORB_CHOICES: readonly ShgAction[] = [
  { k: 'absorb', yes: true },
  { k: 'absorb', yes: false },
];

function setup(o: ShgOptions, seed: number): ShgState {
  const st = makeSetup(o, seed);
  const dice = new Dice(seed | 0);
  const place = st.heroes.map(() => dice.d(20));
  const initiative = st.heroes.map(() => dice.d(20));
  const placeOrder = st.heroes
    .map((_, i) => i)
    .sort((a, b) => {
      const x = st.heroes[a]!;
      const y = st.heroes[b]!;
      const roll = o.rules.placeTieRoll === 'lower-first' ? place[a]! - place[b]! : place[b]! - place[a]!;
      return x.PER - y.PER || x.STR - y.STR || x.SIZ - y.SIZ || roll || a - b;
    });
  const heroes: HeroRun[] = st.heroes.map((h) => ({
    cell: -1,
    oomph: h.oomphMax,
    uses: [...h.powers.map((p) => p.uses), 0],
    onUntil: new Array<number>(h.powers.length + 1).fill(-1),
    entangled: 0,
    desolidUntil: -1,
    lost: 0,
    copy: null,
  }));
  const base: ShgState = {
    ...(flow.initial() as FlowFields),
    setup: st,
    heroes,
    walls: [],
    clouds: [],
    rng: dice.state,
    placeOrder,
    initiative,
    blows: new Array<number>(st.sides).fill(0),
    blowRound: new Array<number>(st.sides).fill(-1),
    charging: -1,
    standing: (1 << st.sides) - 1,
    result: null,
    endReason: '',
  };
  return flow.begin(base);
}

/** Move keys by slot and cell, made once: a search keys every legal move at every node it visits. */
const moveKeys: string[][] = [];

function actionKey(a: ShgAction): string {
  switch (a.k) {
    case 'pass':
    case 'escape':
      return a.k;
    case 'place':
      return `place:${a.cell}`;
    case 'move': {
      // (Only small whole numbers are cached: an action read from a file may hold anything.)
      if (!(a.p >= -1 && a.p < 64 && a.to >= 0 && a.to < 4096 && (a.p | 0) === a.p && (a.to | 0) === a.to)) return `move:${a.p}:${a.to}`;
      const row = (moveKeys[a.p + 1] ??= []);
      return (row[a.to] ??= `move:${a.p}:${a.to}`);
    }
    case 'attack':
      return `attack:${a.p}:${a.target}:${a.gizmo}`;
    case 'wall':
      return `wall:${a.p}:${a.wall}`;
    case 'use':
      return `use:${a.p}:${a.dir}`;
    case 'absorb':
      return a.yes ? 'absorb' : 'no-absorb';
    case 'copy':
      return `copy:${a.slot}`;
  }
}

export const superheroGladiators: Game<ShgState, ShgAction, ShgState, ShgOptions> = {
  id: 'superhero-gladiators',
  name: 'Superhero Gladiators',
  perfectInformation: true,
  simultaneous: false,
  facts: { utility: 'zero-sum', chance: 'sampled', information: 'perfect', simultaneous: false, players: { min: 2, max: 4 } },
  tagsSchema,
  optionsSchema,
  optionDocs,
  numPlayers: (o) => o.teams.length,
  setup,
  toMove: (s) => flow.toMove(s),
  legalActions: (s, p) => flow.legalActions(s, p),
  apply: (s, moves) => flow.apply(s, moves),
  applyUnchecked: (s, moves) => flow.applyUnchecked(s, moves),
  isTerminal: (s) => flow.isOver(s),
  returns: (s) => {
    if (!s.result) throw new Error('superhero-gladiators: returns of a game that is not over');
    return s.result;
  },
  tags: (s) => ({
    endReason: s.endReason,
    turns: turnOf(s.round),
    segments: Math.max(0, s.round),
    players: s.setup.sides,
    winner: s.result ? s.result.findIndex((r) => r === 1) : -1,
    teams: s.setup.options.teams.map((t) => t.join('+')),
    firstPlacer: s.setup.side[s.placeOrder[0]!]!,
    capped: s.endReason === 'turn-cap',
    blowsLanded: s.blows.reduce((a, b) => a + b, 0),
    blowsBySide: [...s.blows],
  }),
  moveCount: (s) => s.steps,
  // The stalemate study's data (blows after the opening) by events, not in the state (listener.ts).
  listeners: shgListeners,
  // Everything is visible except the future d20s: no stream in the observation, a fresh one in a determinization.
  observe: (s) => ({ ...s, rng: UNSEEN_STREAM }),
  determinize: (obs, _p, rng) => ({ ...obs, rng: freshStream(rng) }),
  actionKey,
  describeAction,
  describeState,
  evaluate,
  encoder: shgEncoder({ absorb: flow.windowIndex('absorb'), copy: flow.windowIndex('copy') }, flow),
};

export { flow as shgFlow };
