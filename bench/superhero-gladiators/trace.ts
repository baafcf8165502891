/**
 * Superhero Gladiators determinism trace: a hash of every state (field by field; the shared
 * setup left out), every mover's menu and every applied move over seeded games — random play
 * on the sample heroes, on random legal builds (every power type), 3 and 4 sides, house rules
 * and a changed power number — plus, every few steps, what the other readers of a power make
 * of the state: the heuristic's choice, `evaluate`, the encoder's observation and every legal
 * action's index. Speed or refactoring work on the engine must leave the printed hashes
 * unchanged; a rule change moves them on purpose (take the new hashes as the baseline from
 * that commit, bench/README.md).
 *
 *   node --import tsx bench/superhero-gladiators/trace.ts [--scale 1]
 *
 * Every fourth game is replayed on deep-frozen states (a transition that writes to its input
 * throws).
 */
import { createHash, type Hash } from 'node:crypto';
import { deepFreeze, runTrace } from '../trace-loop.js';
import { Rng } from '../../src/core/rng.js';
import { superheroGladiators as game, parseOptions, BuildGenerator, DEFAULT_BUILD_SPACE, superheroGladiatorsHeuristic, type ShgOptions, type ShgState, type ShgAction } from '../../src/games/superhero-gladiators/index.js';

const scaleAt = process.argv.indexOf('--scale');
const SCALE = scaleAt >= 0 ? Number(process.argv[scaleAt + 1]) : 1;

/** The state's content as JSON, field by field (the shared setup left out). */
function stateJson(s: ShgState): string {
  return JSON.stringify([
    s.phase, s.round, s.order, s.turn, s.current, s.stack, s.rng,
    s.heroes.map((r) => [r.cell, r.oomph, r.uses.map((u) => (u === Infinity ? -1 : u)), r.onUntil, r.entangled, r.desolidUntil, r.lost, r.copy]),
    s.walls, s.clouds, s.placeOrder, s.initiative, s.blows, s.blowRound, s.charging, s.standing, s.result, s.endReason,
  ]);
}


/** Random legal builds with every power type in play (drawn once, from a fixed seed). */
function randomBuilds(n: number, seed: number) {
  const gen = new BuildGenerator(DEFAULT_BUILD_SPACE);
  const rng = new Rng(seed);
  return Array.from({ length: n }, (_, i) => gen.next(rng, `R${i + 1}`).spec);
}
const builds = randomBuilds(8, 7);
const names = (from: number, count: number) => builds.slice(from, from + count).map((h) => [h.name]);

const CONFIGS: { name: string; options: Record<string, unknown>; games: number }[] = [
  { name: 'Lightning Lass v Ironclad', options: { turnCap: 6 }, games: 120 },
  { name: 'Webspinner v Amazon', options: { teams: [['Webspinner'], ['Amazon']], turnCap: 6 }, games: 120 },
  { name: 'Mimic+Speedster v Shade+Sea Serpent', options: { teams: [['Mimic', 'Speedster'], ['Shade', 'Sea Serpent']], turnCap: 4 }, games: 60 },
  { name: '3 sides, samples', options: { teams: [['Mole King'], ['Ironclad'], ['Mimic']], turnCap: 4 }, games: 60 },
  { name: 'random builds 1v1', options: { heroes: builds, teams: names(0, 2), turnCap: 6 }, games: 100 },
  { name: 'random builds 1v1 (b)', options: { heroes: builds, teams: names(2, 2), turnCap: 6 }, games: 100 },
  { name: 'random builds 4 sides', options: { heroes: builds, teams: names(4, 4), turnCap: 4 }, games: 60 },
  {
    name: 'house rules, numbers',
    options: {
      teams: [['Amazon', 'Webspinner'], ['Speedster', 'Mole King']],
      turnCap: 4,
      charge: true,
      crowdPenalty: 2,
      rules: { defenses: 'subtract', combatLimbsOnDefence: 'free', desolidifyPhases: 'own-actions' },
      powerNumbers: { 'close-attack': { damage: { mul: ['level', 4] } }, flight: { rate: { mul: ['rate', 'level', 3] } } },
    },
    games: 60,
  },
];

const heuristic = superheroGladiatorsHeuristic({ game: game as never, params: {}, spec: 'heuristic', rng: new Rng(1) });

/** Plays one game at random, hashing states, menus, moves and the other readers every few steps. */
function playGame(opts: ShgOptions, seed: number, h: Hash, frozen: boolean): string {
  const rng = new Rng(seed);
  let s = game.setup(opts, seed);
  const trail = createHash('sha256');
  const encoder = game.encoder!;
  const obs = new Float32Array(encoder.observationSize);
  let step = 0;
  while (!game.isTerminal(s)) {
    if (frozen) deepFreeze(s);
    trail.update(stateJson(s));
    const movers = game.toMove(s);
    const moves: ShgAction[] = [];
    for (const p of movers) {
      const menu = game.legalActions(s, p);
      trail.update(JSON.stringify(menu));
      moves.push(menu[rng.int(menu.length)]!);
      if (step % 5 === 2) {
        trail.update(JSON.stringify(heuristic.act({ game: game as never, options: opts, obs: game.observe(s, p), player: p, legal: menu } as never)));
        trail.update(JSON.stringify(game.evaluate!(s)));
        encoder.encode(game.observe(s, p), p, obs);
        trail.update(Buffer.from(obs.buffer));
        trail.update(menu.map((a) => encoder.actionIndex(a, s, p)).join(','));
      }
    }
    s = game.apply(s, moves);
    step++;
  }
  trail.update(stateJson(s));
  trail.update(JSON.stringify(game.returns(s)));
  const digest = trail.digest('hex');
  h.update(digest);
  return digest;
}

runTrace(CONFIGS, (o) => parseOptions(o), playGame, SCALE, 40);
