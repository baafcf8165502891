/**
 * Dark Hero determinism trace: a hash of every state, every mover's menu and every applied
 * move over a few thousand seeded random games across the variants (table sizes, map
 * layouts, the draw-a-card map, Fluctuating Society, the Concentration variant, house
 * rules). Speed work on the engine must leave the printed hashes unchanged; a change to
 * the rules or the menus changes them on purpose (then take the new hashes as the baseline
 * from that commit).
 *
 *   node --import tsx bench/dark-hero/trace.ts [--scale 1]
 *
 * Every game is also replayed from deep-frozen states every fourth game (a transition that
 * writes to its input throws), and the observation and determinization of a few states per
 * game are hashed too (they share the state's arrays, so a cheaper representation must
 * keep them the same).
 */
import { createHash, type Hash } from 'node:crypto';
import { deepFreeze, runTrace } from '../trace-loop.js';
import { Rng } from '../../src/core/rng.js';
import { parseWith } from '../../src/core/validate.js';
import { darkHero, type DarkHeroOptions, type DarkHeroState } from '../../src/games/dark-hero/index.js';

const scaleAt = process.argv.indexOf('--scale');
const SCALE = scaleAt >= 0 ? Number(process.argv[scaleAt + 1]) : 1;

/**
 * The state's content as JSON, field by field (not the object itself, so that a cheaper
 * representation of the same content — typed arrays, cached derived data — hashes the
 * same); the shared setup (options, board) is left out.
 */
function stateJson(s: DarkHeroState): string {
  const list = (a: ArrayLike<number>) => Array.from(a);
  const z = s.zones;
  return JSON.stringify([
    s.phase, s.round, list(s.order), s.turn, s.current, s.stack, s.steps, s.rng,
    s.attacker, s.attackerAce, s.meter, s.bent, s.bentRoll, s.startMeter, s.drift,
    list(s.cards), z.kinds, z.cards.map(list), z.known.map(list), z.unseen && list(z.unseen),
    list(s.resources), list(s.aces), list(s.pos), list(s.prev), list(s.tiedSpade), s.tactics, s.hiding,
  ]);
}


const CONFIGS: { name: string; options: Record<string, unknown>; games: number }[] = [
  { name: '4 heroes, seed map', options: { players: 4 }, games: 1500 },
  { name: '2 heroes, seed map', options: { players: 2 }, games: 400 },
  { name: '10 heroes, seed map', options: { players: 10 }, games: 150 },
  { name: '4 heroes, random map', options: { players: 4, map: { layout: 'random' } }, games: 300 },
  { name: '5 heroes, asymmetric map', options: { players: 5, map: { layout: 'asymmetric' } }, games: 300 },
  { name: '4 heroes, draw-a-card', options: { players: 4, map: { layout: 'draw' } }, games: 300 },
  { name: '7 heroes, draw-a-card', options: { players: 7, map: { layout: 'draw' } }, games: 80 },
  { name: '4 heroes, fluctuating', options: { players: 4, drift: 'fluctuating' }, games: 300 },
  { name: '4 heroes, concentration', options: { players: 4, concentration: true }, games: 300 },
  { name: '3 heroes, concentration, draw', options: { players: 3, concentration: true, map: { layout: 'draw' } }, games: 100 },
  {
    name: 'builds, house rules',
    options: {
      heroes: [
        { goal: 'safe', fighting: 3 },
        { goal: 'free', fighting: 1, infiltrating: 1, resources: 2 },
        { goal: 'free', aces: 3 },
        { goal: 'safe', resources: 6 },
        { goal: 'free', infiltrating: 2, aces: 1 },
      ],
      turns: 16,
      start: 'ideal',
      aceCost: 2,
      aceBonus: 2,
      cardBase: 1,
      bentShifts: false,
      finalDraw: false,
    },
    games: 300,
  },
  {
    name: 'custom map, 3 heroes',
    options: { players: 3, map: { layout: 'custom', custom: { cards: 7, edges: [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 0], [1, 4]], starts: [0, 2, 5] } } },
    games: 300,
  },
];

/** Plays one game, hashing states, menus, moves and some observations; `frozen` deep-freezes every state first. */
function playGame(opts: DarkHeroOptions, seed: number, h: Hash, frozen: boolean): string {
  const rng = new Rng(seed);
  let s = darkHero.setup(opts, seed);
  let step = 0;
  const trail = createHash('sha256');
  while (!darkHero.isTerminal(s)) {
    if (frozen) deepFreeze(s);
    trail.update(stateJson(s));
    const movers = darkHero.toMove(s);
    trail.update(`m${movers.join(',')}`);
    const moves: number[] = [];
    for (const p of movers) {
      const menu = darkHero.legalActions(s, p);
      trail.update(`[${menu.join(',')}]`);
      moves.push(menu[rng.int(menu.length)]!);
      if (step % 17 === 5) {
        // What p sees and a state sampled from it (drawn from a separate stream: the game's choices stay the same).
        const obs = darkHero.observe(s, p);
        trail.update(`o${stateJson(obs)}`);
        trail.update(`d${stateJson(darkHero.determinize(obs, p, new Rng(seed ^ step)))}`);
      }
    }
    s = darkHero.apply(s, moves);
    step++;
  }
  trail.update(stateJson(s));
  trail.update(JSON.stringify(darkHero.returns(s)));
  trail.update(JSON.stringify(darkHero.tags!(s)));
  const digest = trail.digest('hex');
  h.update(digest);
  return digest;
}

runTrace(CONFIGS, (o) => parseWith('dark-hero options', darkHero.optionsSchema, o) as DarkHeroOptions, playGame, SCALE, 32);
