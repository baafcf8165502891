/**
 * What share of a power's prior should Rumble's `evaluate` count at the auction's end?
 * The search prices each bid (paid in full) against the powers it buys by `evaluate`'s
 * leaves after the auction, so that share decides how much it buys. Measured from play:
 * the tuned MCTS (`--spec`) bids in one seat, its `evaluate` counting `k` × prior per held
 * power before round 1 (a quarter after, as always), and the heuristic plays every round,
 * against three heuristics (4 heroes, the default auction, the seat rotating with the
 * game index). Each game is replayed with the heuristic bidding in that seat (same deal,
 * same seeds), so the difference of that seat's return is the bids' effect (95% t interval
 * over games) — the design of bench/rumble/bidding.ts, with `k` swept.
 *
 *   node --import tsx bench/rumble/auction-worth.ts [--n 300] [--seed bidcal] [--k 0.25,0.5,1,1.5,2]
 */
import { createAgent } from '../../agents/index.js';
import type { Agent } from '../../src/core/agent.js';
import { Rng, deriveSeed } from '../../src/core/rng.js';
import { rumble } from '../../src/games/rumble/index.js';
import { evaluateWith } from '../../src/games/rumble/evaluate.js';
import type { RumbleAction, RumbleState } from '../../src/games/rumble/types.js';
import { tInterval } from '../../src/analysis/stats/descriptive.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const n = Number(arg('n', '300'));
const seed = arg('seed', 'bidcal');
const ks = arg('k', '0.25,0.5,1,1.5,2').split(',').map(Number);
const spec = arg('spec', 'mcts:iterations=400,rollout=evaluate,plies=1,backup=paranoid,final=most');
const options = rumble.optionsSchema.parse({ players: 4 });
const prior = (s: RumbleState, id: string) => Math.max(0, s.lib.get(id).prior);

interface Outcome {
  readonly share: number;
  readonly powers: number;
  readonly paid: number;
  readonly capped: boolean;
}

/** Game `i`: seat i mod 4 bids with the search over `game` (or the heuristic: `game` null). */
function play(game: typeof rumble | null, i: number): Outcome {
  const gameSeed = deriveSeed(seed, 'game', i);
  const seat = i % 4;
  const agents: Agent[] = Array.from({ length: 4 }, (_, p) => createAgent('heuristic', rumble, new Rng(deriveSeed(seed, 'agent', i, p))));
  const bids = game ? createAgent(spec, game, new Rng(deriveSeed(seed, 'bidder', i))) : agents[seat]!;
  let state = rumble.setup(options, gameSeed) as RumbleState;
  while (!rumble.isTerminal(state)) {
    const joint = rumble.toMove(state).map((p) => {
      const legal = rumble.legalActions(state, p);
      if (legal.length === 1) return legal[0]!;
      const bidding = p === seat && state.phase === 'auction';
      const agent = bidding ? bids : agents[p]!;
      return agent.act({ game: bidding && game ? game : rumble, options, obs: rumble.observe(state, p), player: p, legal }) as RumbleAction;
    });
    state = rumble.apply(state, joint) as RumbleState;
  }
  const tags = rumble.tags!(state);
  const strengths = (tags[`strengths_p${seat}`] as number[] | undefined) ?? [];
  return { share: rumble.returns(state)[seat]!, powers: strengths.filter((x) => x > 0).length, paid: Number(tags[`paid_p${seat}`] ?? 0), capped: tags['endReason'] === 'cap' };
}

const mean = (xs: readonly Outcome[], f: (o: Outcome) => number) => xs.reduce((a, o) => a + f(o), 0) / xs.length;
const base = Array.from({ length: n }, (_, i) => play(null, i));
console.error(`heuristic bids: powers/game ${mean(base, (o) => o.powers).toFixed(2)}, paid ${mean(base, (o) => o.paid).toFixed(1)}, capped ${base.filter((o) => o.capped).length}/${n}`);
for (const k of ks) {
  const game = { ...rumble, evaluate: (s: RumbleState) => evaluateWith(s, prior, k) };
  const outs = Array.from({ length: n }, (_, i) => play(game, i));
  const d = tInterval(outs.map((o, i) => o.share - base[i]!.share));
  const line = { k, spec, seed, games: n, diff: d, share: mean(outs, (o) => o.share), powersPerGame: mean(outs, (o) => o.powers), paidPerGame: mean(outs, (o) => o.paid), capped: outs.filter((o) => o.capped).length };
  console.log(JSON.stringify(line));
  console.error(
    `k=${k}: bids' effect ${d.mean.toFixed(3)} [${d.lo.toFixed(3)}, ${d.hi.toFixed(3)}] n=${n}; share ${line.share.toFixed(3)}, powers/game ${line.powersPerGame.toFixed(2)}, paid ${line.paidPerGame.toFixed(1)}, capped ${line.capped}`,
  );
}
