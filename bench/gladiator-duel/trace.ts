/**
 * Gladiator duel determinism trace: a hash of every state (field by field), menu, move and
 * described move of a few thousand seeded random games over the variants (the four types
 * against each other, fixed strengths, the net and strike house rules, mob thumbs rolled,
 * double six as an ordinary strike, a small arena), plus the observation, a determinization
 * and the heuristic's choice every few steps. A change that must not change play (speed
 * work, the core random API) leaves the printed hashes unchanged; a rule change moves them
 * on purpose (then take the new ones as the baseline from that commit).
 *
 *   node --import tsx bench/gladiator-duel/trace.ts [--scale 1] [--flow]
 *
 * `--flow` traces the port of the game onto the core turn flow (flow-port.ts) instead of the
 * engine's own loop: the same hashes mean it plays identically.
 *
 * Every fourth game is replayed from deep-frozen states (a transition that writes to its
 * input throws).
 */
import { createHash, type Hash } from 'node:crypto';
import { deepFreeze, runTrace } from '../trace-loop.js';
import { Rng } from '../../src/core/rng.js';
import { parseWith } from '../../src/core/validate.js';
import { gladiatorDuel, gladiatorDuelHeuristic } from '../../src/games/gladiator-duel/index.js';
import { gladiatorDuelFlow, type FlowDuelState } from './flow-port.js';
import type { DuelOptions } from '../../src/games/gladiator-duel/options.js';
import type { DuelState, Gladiator } from '../../src/games/gladiator-duel/state.js';

const scaleAt = process.argv.indexOf('--scale');
const SCALE = scaleAt >= 0 ? Number(process.argv[scaleAt + 1]) : 1;
const FLOW = process.argv.includes('--flow');
const g = (FLOW ? gladiatorDuelFlow : gladiatorDuel) as unknown as typeof gladiatorDuel;

const gl = (x: Gladiator) => [x.type, x.cell, x.facing, x.strength, x.startStrength, x.shield, x.armed, x.ensnared, x.offBalance];

/**
 * The state's content as JSON, field by field (the shared rule tables left out). A flow-port
 * state keeps the move count in `steps`, and the seat that moved last in `order[turn]` once
 * the fight is over (the flow's `current` is then -1).
 */
function stateJson(s: DuelState): string {
  const f = FLOW ? (s as unknown as FlowDuelState) : null;
  const current = f ? f.order[f.turn]! : s.current;
  const moves = f ? f.steps : s.moves;
  return JSON.stringify([gl(s.g0), gl(s.g1), current, s.ap, s.struck, s.casts, s.turn, s.rng, s.result, s.end, moves, s.firstMover, s.spared]);
}


const CONFIGS: { name: string; options: Record<string, unknown>; games: number }[] = [
  { name: 'medium v medium', options: {}, games: 1500 },
  { name: 'retiarius v light', options: { gladiators: [{ type: 'retiarius' }, { type: 'light' }] }, games: 600 },
  { name: 'heavy v retiarius', options: { gladiators: [{ type: 'heavy' }, { type: 'retiarius' }] }, games: 600 },
  { name: 'light v heavy, fixed', options: { gladiators: [{ type: 'light', strength: 9 }, { type: 'heavy', strength: 12 }], firstMover: 1 }, games: 300 },
  {
    name: 'retiarius pair, house rules',
    options: {
      gladiators: [{ type: 'retiarius' }, { type: 'retiarius' }],
      net: { recovered: false, castsPerTurn: 2, gapTarget: 4 },
      offBalanceTiming: 'now',
      ensnaredCanStrike: false,
      strikeArc: 'front',
      mobThumbs: 'roll',
      doubleSix: 'normal',
    },
    games: 400,
  },
  { name: 'small arena, mob roll', options: { arena: { cols: 7, rows: 5, startDistance: 2 }, mobThumbs: 'roll', turnCap: 30 }, games: 400 },
];

/** Plays one game, hashing states, menus, moves and some observations; `frozen` deep-freezes every state first. */
function playGame(opts: DuelOptions, seed: number, h: Hash, frozen: boolean): string {
  const rng = new Rng(seed);
  const heuristic = gladiatorDuelHeuristic({ spec: 'heuristic', params: {}, rng: new Rng(seed ^ 0x3c6ef372), game: g });
  let s = g.setup(opts, seed);
  let step = 0;
  const trail = createHash('sha256');
  while (!g.isTerminal(s)) {
    if (frozen) deepFreeze(s);
    trail.update(stateJson(s));
    const p = g.toMove(s)[0]!;
    const menu = g.legalActions(s, p);
    trail.update(`[${menu.join(',')}]`);
    const move = menu[rng.int(menu.length)]!;
    if (step % 7 === 3) {
      // What p sees, a state sampled from it and the heuristic's choice (separate streams: the game's choices stay the same).
      const obs = g.observe(s, p);
      trail.update(`o${stateJson(obs)}`);
      trail.update(`d${stateJson(g.determinize(obs, p, new Rng(seed ^ step)))}`);
      trail.update(`h${String(heuristic.act({ game: g, options: opts, obs, player: p, legal: g.legalActions(obs, p) }))}`);
      trail.update(`e${g.evaluate!(s).join(',')}`);
    }
    trail.update(g.describeAction(s, p, move));
    s = g.apply(s, [move]);
    step++;
  }
  trail.update(stateJson(s));
  trail.update(JSON.stringify(g.returns(s)));
  trail.update(JSON.stringify(g.tags(s)));
  const digest = trail.digest('hex');
  h.update(digest);
  return digest;
}

runTrace(CONFIGS, (o) => parseWith('gladiator-duel options', g.optionsSchema, o) as DuelOptions, playGame, SCALE, 30);
