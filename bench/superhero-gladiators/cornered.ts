/**
 * Why can a fleeing Ironclad not get away? (issue #27: the forcing-line probe forces a blow
 * on `heuristic:probe=flee` in every Ironclad mirror and in no Amazon mirror.) In a mirror
 * both heroes act on the same segments in a fixed order (PER, DEX, then the setup d20), so
 * chaser and fleer alternate and the chaser — who has no move-and-strike under the default
 * reading — can strike only when its foe's last action left it adjacent: when the fleeing
 * hero, adjacent to the chaser, had no reachable hex out of reach (it is cornered). This plays
 * the probe's games (`heuristic:probe=fight` chasing `heuristic:probe=flee`, game i on the
 * study's seeds) and counts, at every action of the fleeing hero that starts next to the
 * chaser, whether any reachable hex is 2+ away, how far it can move in one action, and where
 * it stands when cornered (on the arena's outer ring; next to a building, water or pit), and
 * whether it was entangled then (held by a foe's entangle: it cannot move, not hemmed in).
 *
 *   node --import tsx bench/superhero-gladiators/cornered.ts [--heroes Ironclad,Amazon] [--games 20] [--seed 1]
 */
import { prepareMatch } from '../../src/sim/play.js';
import { agentRng, gameSeed } from '../../src/sim/seeding.js';
import { createAgent } from '../../agents/index.js';
import { OPEN } from '../../src/games/superhero-gladiators/arena.js';
import type { ShgAction, ShgState } from '../../src/games/superhero-gladiators/state.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const heroes = arg('heroes', 'Ironclad,Amazon').split(',');
const games = Number(arg('games', '20'));
const seed = arg('seed', '1');

for (const hero of heroes) {
  const match = prepareMatch({ gameId: 'superhero-gladiators', options: { teams: [[hero], [hero]] }, agents: ['heuristic:probe=fight', 'heuristic:probe=flee'], games, seed, rotate: false });
  const { game, config } = match;
  let adjacentStarts = 0;
  let cornered = 0;
  let corneredOnRing = 0;
  let corneredByTerrain = 0;
  let corneredInTheOpen = 0;
  let corneredEntangled = 0;
  let strikes = 0;
  let maxStep = 0;
  let forcedGames = 0;
  const firstBlowTurn: number[] = [];
  for (let i = 0; i < games; i++) {
    let s = game.setup(match.options, gameSeed(config, i)) as ShgState;
    const players = [0, 1].map((seat) => createAgent(config.agents[seat]!, game, agentRng(match.agentKey, i, seat)));
    let fleerActed = false;
    let forced = false;
    while (game.toMove(s).length > 0) {
      const seat = game.toMove(s)[0]!;
      const legal = game.legalActions(s, seat) as ShgAction[];
      const grid = s.setup.map.grid;
      if (legal[0]!.k !== 'place' && seat === 1 && legal.some((a) => a.k === 'move' || a.k === 'pass')) {
        const me = s.order[s.turn]!;
        const here = s.heroes[me]!.cell;
        const there = s.heroes[1 - me]!.cell;
        for (const a of legal) if (a.k === 'move') maxStep = Math.max(maxStep, grid.distance(here, a.to));
        if (grid.distance(here, there) === 1) {
          adjacentStarts++;
          const away = legal.some((a) => a.k === 'move' && grid.distance(a.to, there) >= 2);
          if (!away) {
            cornered++;
            // An entangled hero cannot move at all (it may only try to escape): held, not hemmed in.
            if (s.heroes[me]!.entangled) corneredEntangled++;
            const ring = Array.from({ length: 6 }, (_, d) => grid.neighbor[here * 6 + d]!);
            if (ring.some((c) => c < 0)) corneredOnRing++;
            if (ring.some((c) => c >= 0 && s.setup.map.terrain[c] !== OPEN)) corneredByTerrain++;
            if (ring.every((c) => c >= 0 && s.setup.map.terrain[c] === OPEN)) corneredInTheOpen++;
          }
        }
        fleerActed = true;
      }
      const blowsBefore = s.blows[0]!;
      const action = players[seat]!.act({ game, options: match.options, obs: game.observe(s, seat), player: seat, legal });
      s = game.apply(s, [action]) as ShgState;
      if (seat === 0 && s.blows[0]! > blowsBefore && fleerActed) {
        strikes++;
        if (!forced) firstBlowTurn.push(Math.ceil(s.round / 6));
        forced = true;
      }
    }
    if (forced) forcedGames++;
  }
  console.log(
    JSON.stringify({
      hero,
      games,
      gamesWithAForcedBlow: forcedGames,
      forcedBlows: strikes,
      fleerMostHexesInOneAction: maxStep,
      fleerActionsStartingAdjacent: adjacentStarts,
      corneredNoHexOutOfReach: cornered,
      corneredOnTheArenaEdge: corneredOnRing,
      corneredNextToBuildingWaterOrPit: corneredByTerrain,
      corneredInTheOpen,
      corneredWhileEntangled: corneredEntangled,
      firstForcedBlowTurns: firstBlowTurn,
    }),
  );
}
