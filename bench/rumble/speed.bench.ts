/**
 * Rumble: engine speed under random play (4 heroes, one core), auction + game, and
 * hero-rounds resolved per second with the whole power library in play (target
 * 100,000 per core), MCTS iterations, and runner scaling.
 */
import { getGame } from '../../src/games/index.js';
import { Rng } from '../../src/core/rng.js';
import { rumble, rumbleOptions, SEED_POWERS, type RumbleAction, type RumbleState } from '../../src/games/rumble/index.js';
import { fmt, measureMcts, measureRandomPlay, measureWorkers, report, reportScaling } from '../harness.js';

/** Every seed power dealt round-robin to 4 heroes (so ~12 each), at strength 10. */
export function fullLibraryOptions(): Record<string, unknown> {
  const heroes = [0, 1, 2, 3].map(() => ({ energy: 100, powers: [] as { id: string; strength: number }[] }));
  SEED_POWERS.forEach((p, i) => {
    if (!p.onWin) heroes[i % 4]!.powers.push({ id: p.id, strength: 10 });
  });
  return { players: 4, fixed: heroes };
}

/**
 * Hero-rounds resolved per second of CPU time. A corpus of (state, joint move) pairs
 * from random games is built first (untimed); then only `apply` on Allocation and
 * Reveal states is timed, by process CPU time so a busy machine does not skew it.
 */
export function measureResolution(seconds = 2, seed = 1): { heroRoundsPerSec: number; rounds: number } {
  const opts = rumbleOptions(fullLibraryOptions());
  const rng = new Rng(seed);
  const corpus: { s: RumbleState; moves: RumbleAction[]; heroRounds: number }[] = [];
  for (let g = 0; corpus.length < 2000; g++) {
    let s = rumble.setup(opts, g);
    while (!rumble.isTerminal(s)) {
      const moves = rumble.toMove(s).map((p) => rng.pick(rumble.legalActions(s, p)));
      const next = rumble.apply(s, moves);
      let alive = 0;
      for (const h of s.heroes) if (h.alive) alive++;
      // A round is resolved by the apply that leaves Allocation/Reveal for the next round.
      corpus.push({ s, moves, heroRounds: next.phase === 'reveal' ? 0 : alive });
      s = next;
    }
  }
  let heroRounds = 0;
  let rounds = 0;
  const start = process.cpuUsage();
  let used = 0;
  while (used < seconds * 1e6) {
    for (const c of corpus) {
      rumble.apply(c.s, c.moves);
      heroRounds += c.heroRounds;
      if (c.heroRounds) rounds++;
    }
    const u = process.cpuUsage(start);
    used = u.user + u.system;
  }
  return { heroRoundsPerSec: heroRounds / (used / 1e6), rounds };
}

/**
 * Whole random games with menus, 4 heroes: setup, the auction (random lots), every
 * round's menus built for every mover (`legalActions`) and a uniform pick applied, until
 * the end; hero-rounds (a living hero's round resolved) per second of CPU time. This is
 * what search pays per simulated round, menus included (`bash ../shared/bench-peers/run.sh`
 * compares the no-power version with a hand-written mutable loop).
 */
export function measureWholeGames(options: Record<string, unknown>, seconds = 2, seed = 1): { heroRoundsPerSec: number; games: number } {
  const opts = rumbleOptions(options);
  const rng = new Rng(seed);
  let heroRounds = 0;
  let games = 0;
  const start = process.cpuUsage();
  let used = 0;
  while (used < seconds * 1e6) {
    for (let g = 0; g < 20; g++, games++) {
      let s = rumble.setup(opts, rng.u32() | 0);
      while (!rumble.isTerminal(s)) {
        if (s.phase === 'alloc') for (const h of s.heroes) if (h.alive) heroRounds++;
        s = rumble.apply(s, rumble.toMove(s).map((p) => rng.pick(rumble.legalActions(s, p))));
      }
    }
    const u = process.cpuUsage(start);
    used = u.user + u.system;
  }
  return { heroRoundsPerSec: heroRounds / (used / 1e6), games };
}

export async function run(): Promise<void> {
  const game = getGame('rumble');

  const plain = measureRandomPlay(game, { players: 4, fixed: [0, 1, 2, 3].map(() => ({ energy: 100, powers: [] })) }, { seconds: 2 });
  report('random play, 4 heroes, no powers, one core', `${fmt(plain.gamesPerSec)} games/s`);
  report('applied actions, 4 heroes, no powers', `${fmt(plain.actionsPerSec)} actions/s`);

  const auction = measureRandomPlay(game, { players: 4 }, { seconds: 3 });
  report('random play, auction + game, 4 heroes', `${fmt(auction.gamesPerSec)} games/s`);
  report('applied actions, auction + game', `${fmt(auction.actionsPerSec)} actions/s`);
  report('mean game length, auction + game', `${fmt(auction.meanLength, 1)} joint moves`);

  const whole = measureWholeGames({ players: 4 }, 3);
  report('whole random games with menus, auction + rounds, 4 heroes', `${fmt(whole.heroRoundsPerSec)} hero-rounds/s (${fmt(whole.games)} games)`);
  const basic = measureWholeGames({ players: 4, fixed: [0, 1, 2, 3].map(() => ({ energy: 100, powers: [] })) }, 2);
  report('whole random games with menus, no powers, 4 heroes', `${fmt(basic.heroRoundsPerSec)} hero-rounds/s (${fmt(basic.games)} games)`);

  const res = measureResolution(3);
  report('hero-rounds resolved, full power library', `${fmt(res.heroRoundsPerSec)} /s (${fmt(res.rounds)} rounds)`, {
    ok: res.heroRoundsPerSec >= 100_000,
    text: '>= 100,000 per core',
  });

  const mcts = measureMcts(game, { players: 4 }, 'mcts:iterations=100', { seconds: 3 });
  report('MCTS iterations (regret matching, 4 heroes)', `${fmt(mcts.iterationsPerSec)} it/s`);

  const [one, two] = await measureWorkers({ gameId: 'rumble', options: { players: 4 }, agents: ['heuristic', 'random'], games: 400, seed: 'bench' }, [1, 2]);
  report('runner, 1 worker (heuristic v random)', `${fmt(one!.gamesPerSec)} games/s`);
  report('runner, 2 workers', `${fmt(two!.gamesPerSec)} games/s`);
  reportScaling(one!, two!);
}
