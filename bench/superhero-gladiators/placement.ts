/**
 * Where does the tuned search place a hero, what does it think each placement is worth, and
 * what is each worth played out? (issue #27 item 2: a clear build edge must show where the
 * rules let it; with `arena.placement: anywhere` the second placer may stand next to a foe
 * who acts first on segment 1.)
 *
 *   node --import tsx bench/superhero-gladiators/placement.ts --options alv2.json [--seed edge] [--game 0]
 *     [--first 1] [--cells 2,7] [--n 16] [--spec mcts]
 *
 * Game `--game` of `crucible play superhero-gladiators --paired --seed S --options FILE`:
 * the first placer stands on cell `--first`; then (1) the search's root statistics of the
 * second placer's decision, per distance to the foe (visits, mean, `evaluate` after the
 * placement), and (2) for each of `--cells`, `--n` games played out from that placement
 * by `--spec` on both sides, each on fresh dice (a determinization) and fresh agent
 * streams: the placer's mean return, blows landed by each side, games at the turn cap.
 */
import { readFileSync } from 'node:fs';
import { prepareMatch } from '../../src/sim/play.js';
import { agentRng, gameSeed } from '../../src/sim/seeding.js';
import { createAgent } from '../../agents/index.js';
import type { MctsAgent } from '../../agents/mcts/search.js';
import { Rng } from '../../src/core/rng.js';
import { evaluate } from '../../src/games/superhero-gladiators/evaluate.js';
import type { ShgAction, ShgState } from '../../src/games/superhero-gladiators/state.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const spec = arg('spec', 'mcts');
const index = Number(arg('game', '0'));
const n = Number(arg('n', '16'));
const cells = arg('cells', '').split(',').filter(Boolean).map(Number);
const options = JSON.parse(readFileSync(arg('options', ''), 'utf8')) as Record<string, unknown>;
const seed = arg('seed', 'edge');
const match = prepareMatch({ gameId: 'superhero-gladiators', options, agents: [spec, spec], games: index + 2, seed, paired: true });
const { game, config } = match;
const first = Number(arg('first', '1'));
const placed = game.apply(game.setup(match.options, gameSeed(config, index)), [{ k: 'place', cell: first }]) as ShgState;
const grid = placed.setup.map.grid;
const placer = game.toMove(placed)[0]!;
console.log(JSON.stringify({ placer, hero: placed.setup.heroes[placed.placeOrder[1]!]!.name, initiative: placed.initiative, actsFirst: placed.initiative[0]! > placed.initiative[1]! ? 0 : 1 }));

// (1) The search's view of the placement decision.
const legal = game.legalActions(placed, placer) as ShgAction[];
const agent = createAgent(spec, game, agentRng(match.agentKey, index, placer)) as unknown as MctsAgent;
const root = agent.analyse({ game, options: match.options, obs: game.observe(placed, placer), player: placer, legal });
const byDistance = new Map<number, { cells: number; visits: number; mean: number; value: number }>();
for (const r of root.actions) {
  const cell = (r.action as ShgAction & { k: 'place' }).cell;
  const d = grid.distance(cell, first);
  const row = byDistance.get(d) ?? { cells: 0, visits: 0, mean: 0, value: 0 };
  row.cells++;
  row.visits += r.visits;
  row.mean += r.mean;
  row.value += evaluate(game.apply(placed, [r.action]) as ShgState)[placer]!;
  byDistance.set(d, row);
}
const best = root.actions.reduce((a, b) => (b.visits > a.visits ? b : a));
console.log(JSON.stringify({ chosen: best.action, distance: grid.distance((best.action as ShgAction & { k: 'place' }).cell, first) }));
for (const [d, r] of [...byDistance].sort((a, b) => a[0] - b[0])) console.log(JSON.stringify({ distance: d, cells: r.cells, visits: r.visits, meanOfMeans: Number((r.mean / r.cells).toFixed(3)), evaluate: Number((r.value / r.cells).toFixed(3)) }));

// (2) Each placement played out.
for (const cell of cells) {
  const rets: number[] = [];
  const blows = [0, 0];
  let capped = 0;
  for (let i = 0; i < n; i++) {
    let s = game.determinize(game.apply(placed, [{ k: 'place', cell }]), 0, Rng.fromSeed(`placement-${cell}-${i}`)) as ShgState;
    const players = [0, 1].map((seat) => createAgent(spec, game, Rng.fromSeed(`placement-agent-${cell}-${i}-${seat}`)));
    while (game.toMove(s).length > 0) {
      const seat = game.toMove(s)[0]!;
      const moves = game.legalActions(s, seat);
      s = game.apply(s, [players[seat]!.act({ game, options: match.options, obs: game.observe(s, seat), player: seat, legal: moves })]) as ShgState;
    }
    rets.push(game.returns(s)[placer]!);
    blows[0] += s.blows[placer]!;
    blows[1] += s.blows[1 - placer]!;
    if (s.endReason === 'turn-cap') capped++;
  }
  const mean = rets.reduce((a, b) => a + b, 0) / n;
  console.log(JSON.stringify({ cell, distance: grid.distance(cell, first), games: n, placerMean: Number(mean.toFixed(3)), won: rets.filter((r) => r > 0.5).length, drawn: rets.filter((r) => r === 0.5).length, lost: rets.filter((r) => r < 0.5).length, blowsByPlacer: blows[0], blowsByFoe: blows[1], atCap: capped }));
}
