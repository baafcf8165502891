/**
 * Rumble determinism trace: a hash of every state, every mover's menu and every applied
 * move over a few thousand seeded random games (no powers, auctions with 2, 4 and 6
 * heroes, and the whole seed library dealt out). Speed work on the engine must leave
 * the printed hashes unchanged; a change to the rules or the menus changes them on
 * purpose (then take the new hashes as the baseline from that commit).
 *
 *   node --import tsx bench/rumble/trace.ts [--scale 1]
 *
 * Every fifth move is applied as a plain JSON copy (not the menu's own object), so the
 * validation path of `apply` is traced too, and every game is also replayed from
 * deep-frozen states (a transition that writes to its input throws).
 */
import { createHash, type Hash } from 'node:crypto';
import { deepFreeze, runTrace } from '../trace-loop.js';
import { Rng } from '../../src/core/rng.js';
import { applyListening, listenersFor, type GameListener } from '../../src/core/listeners.js';
import { rumble, rumbleOptions, SEED_POWERS, type RumbleAction, type RumbleState } from '../../src/games/rumble/index.js';

const scaleAt = process.argv.indexOf('--scale');
const SCALE = scaleAt >= 0 ? Number(process.argv[scaleAt + 1]) : 1;

/**
 * The game's content as JSON, field by field in a fixed order, without the options and the
 * compiled library (shared, not state): so a representation that adds fields of its own
 * (the turn flow's, issue #32) or reorders them hashes the same content the same. `lost`,
 * the Energy lost in the rounds so far, was a state field until the `energyLost` listener
 * took it out of the state (#32): the trace hashes the listener's running sum in its place,
 * so the baseline holds and the listener is checked against the old field at every state.
 */
function stateJson(s: RumbleState, lost: GameListener<RumbleState>): string {
  return JSON.stringify({
    steps: s.steps, pending: s.pending, bidLog: s.bidLog, lotLog: s.lotLog, paid: s.paid, held: s.held, returns: s.returns, end: s.end,
    phase: s.phase, round: s.round, rng: s.rng, heroes: s.heroes, auction: s.auction, lastAttacks: s.lastAttacks, lost: lost.tags(s)['energyLost'],
  });
}


function fullLibrary(players: number): Record<string, unknown> {
  const heroes = Array.from({ length: players }, () => ({ energy: 100, powers: [] as { id: string; strength: number }[] }));
  SEED_POWERS.forEach((p, i) => {
    if (!p.onWin) heroes[i % players]!.powers.push({ id: p.id, strength: 10 });
  });
  return { players, fixed: heroes };
}

const noPowers = (players: number) => ({ players, fixed: Array.from({ length: players }, () => ({ energy: 100, powers: [] })) });

const CONFIGS: { name: string; options: Record<string, unknown>; games: number }[] = [
  { name: '4 heroes, no powers', options: noPowers(4), games: 2000 },
  { name: '2 heroes, no powers', options: noPowers(2), games: 500 },
  { name: '6 heroes, no powers', options: noPowers(6), games: 300 },
  { name: '4 heroes, auction', options: { players: 4 }, games: 600 },
  { name: '2 heroes, auction', options: { players: 2 }, games: 400 },
  { name: '6 heroes, auction', options: { players: 6 }, games: 300 },
  { name: '4 heroes, all powers dealt', options: fullLibrary(4), games: 150 },
  { name: '2 heroes, all powers dealt', options: fullLibrary(2), games: 60 },
];

/** Plays one game, hashing states, menus and moves; `frozen` deep-freezes every state first. */
function playGame(opts: ReturnType<typeof rumbleOptions>, seed: number, h: Hash, frozen: boolean): string {
  const rng = new Rng(seed);
  let s = rumble.setup(opts, seed);
  const lost = listenersFor<RumbleState>(rumble, ['energyLost'])!;
  let step = 0;
  const trail = createHash('sha256');
  while (!rumble.isTerminal(s)) {
    if (frozen) deepFreeze(s);
    trail.update(stateJson(s, lost));
    const movers = rumble.toMove(s);
    trail.update(`m${movers.join(',')}`);
    const moves: RumbleAction[] = [];
    for (const p of movers) {
      const menu = rumble.legalActions(s, p);
      for (const a of menu) trail.update(`${rumble.actionKey!(a)};`);
      const pick = menu[rng.int(menu.length)]!;
      moves.push(step % 5 === 4 ? (JSON.parse(JSON.stringify(pick)) as RumbleAction) : pick);
    }
    s = applyListening(rumble, s, moves, lost);
    step++;
  }
  trail.update(stateJson(s, lost));
  trail.update(JSON.stringify(rumble.returns(s)));
  const digest = trail.digest('hex');
  h.update(digest);
  return digest;
}

runTrace(CONFIGS, (o) => rumbleOptions(o), playGame, SCALE, 28);
