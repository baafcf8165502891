/**
 * Why does net-guided PUCT lose to the tuned Ophidian search? A look at the one thing the
 * two searches do differently when their leaves are scored alike (by the same heuristic
 * rollouts): how they pick the moves to look at. At decisions from heuristic-vs-heuristic
 * games (seeds the training never used), this prints
 *   - how peaked the shipped net's prior is (its largest prior, entropy, legal moves), and
 *     how often its most probable move is the heuristic's;
 *   - how often the tuned search (bare `mcts`: UCT, heuristic rollouts 10 deep (30 until 28 Nov 2026), the
 *     heuristic's progressive bias) plays something other than the heuristic's move, and
 *     the prior the net gives to the move the tuned search plays there — the move PUCT
 *     would have to find with a c·P·√N/(1+n) bonus proportional to that prior.
 * (agents/README.md, "Measured strength: Ophidian".)
 *
 *   npx tsx bench/ophidian/learned-prior.ts [games=6] [every=3] [model=models/ophidian]
 * (every: look at one decision in `every`, to keep the tuned searches' cost down.)
 */
import { getGame } from '../../src/games/index.js';
import { createAgent } from '../../agents/index.js';
import { loadModel } from '../../agents/learned/model-files.js';
import { NetEvaluator } from '../../agents/learned/evaluator.js';
import { Rng } from '../../src/core/rng.js';

const game = getGame('ophidian');
const options = game.optionsSchema.parse({});
// The model to read: argv[4] (default: the shipped one).
const MODEL = process.argv[4] ?? 'models/ophidian';
const ev = new NetEvaluator(game, loadModel(MODEL, game, 'prior').net);
const G = Number(process.argv[2] ?? 6);
const EVERY = Number(process.argv[3] ?? 3);

let decisions = 0;
let legalSum = 0;
let topSum = 0;
let entropySum = 0;
let netIsHeuristic = 0;
let searchDeviates = 0;
/** Over the decisions where the tuned search leaves the heuristic's move. */
let priorOfSearchMove = 0;
let priorOfHeuristicMove = 0;
let netFindsSearchMove = 0;
const deviationPriors: number[] = [];

for (let g = 0; g < G; g++) {
  const rng = new Rng(555000 + g);
  const agents = [createAgent('heuristic', game, rng.fork()), createAgent('heuristic', game, rng.fork())];
  const tuned = createAgent('mcts', game, rng.fork());
  let s = game.setup(options, 880000 + g);
  let step = 0;
  while (!game.isTerminal(s)) {
    const p = game.toMove(s)[0]!;
    const legal = game.legalActions(s, p);
    const obs = game.observe(s, p);
    const move = agents[p]!.act({ game, options, obs, player: p, legal });
    if (legal.length > 1 && step++ % EVERY === 0) {
      ev.evaluate(s, p, legal);
      const priors = Array.from(ev.priors.subarray(0, legal.length));
      const keys = legal.map((a) => game.actionKey(a));
      let top = 0;
      for (let i = 1; i < priors.length; i++) if (priors[i]! > priors[top]!) top = i;
      const h = keys.indexOf(game.actionKey(move));
      decisions++;
      legalSum += legal.length;
      topSum += priors[top]!;
      entropySum -= priors.reduce((e, q) => (q > 0 ? e + q * Math.log(q) : e), 0);
      if (top === h) netIsHeuristic++;
      const t = keys.indexOf(game.actionKey(tuned.act({ game, options, obs, player: p, legal })));
      if (t !== h) {
        searchDeviates++;
        priorOfSearchMove += priors[t]!;
        priorOfHeuristicMove += priors[h]!;
        deviationPriors.push(priors[t]!);
        if (t === top) netFindsSearchMove++;
      }
    }
    s = game.apply(s, [move]);
  }
}
const pct = (x: number, n: number) => `${((100 * x) / n).toFixed(1)}%`;
deviationPriors.sort((a, b) => a - b);
const median = deviationPriors.length ? deviationPriors[Math.floor(deviationPriors.length / 2)]! : NaN;
console.log(`${G} heuristic games, ${decisions} decisions looked at (one in ${EVERY} with two or more legal moves)`);
console.log(`legal moves: mean ${(legalSum / decisions).toFixed(1)}; net prior: largest ${(topSum / decisions).toFixed(3)} on average, entropy ${(entropySum / decisions).toFixed(3)} nats`);
console.log(`net's most probable move = heuristic's move: ${pct(netIsHeuristic, decisions)}`);
console.log(`tuned search plays another move than the heuristic: ${searchDeviates} of ${decisions} (${pct(searchDeviates, decisions)})`);
console.log(
  `  there, the net's prior on the tuned search's move: mean ${(priorOfSearchMove / searchDeviates).toFixed(3)}, median ${median.toFixed(3)}` +
    ` (on the heuristic's move: mean ${(priorOfHeuristicMove / searchDeviates).toFixed(3)}); the net's most probable move is the search's: ${pct(netFindsSearchMove, searchDeviates)}`,
);
