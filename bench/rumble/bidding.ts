/**
 * Does an agent bid better than the Rumble heuristic? Its bids alone are put to the test:
 * one seat bids with `--bidder` at the auction and plays every round with the heuristic,
 * against three heuristics (4 heroes, the default auction, the seat rotating with the
 * game index). Each game is replayed with the heuristic bidding in that seat too (same
 * deal, same seeds), so the difference of that seat's return is the bids' effect alone,
 * with a 95% t interval over games. Also: powers bought and Energy paid per game, and the
 * seat's share when it bought a power, for both bidders, and — the unbiased version of "wins
 * more with the powers it buys" — on the deals where it bought, its result minus the
 * heuristic bidder's on those same deals (paired t interval). Games that reached the round
 * cap are counted for both.
 *
 *   node --import tsx bench/rumble/bidding.ts [--n 200] [--seed bid] --bidders 'a;b'
 */
import { createAgent } from '../../agents/index.js';
import type { Agent } from '../../src/core/agent.js';
import { Rng, deriveSeed } from '../../src/core/rng.js';
import { rumble } from '../../src/games/rumble/index.js';
import type { RumbleAction, RumbleState } from '../../src/games/rumble/types.js';
import { tInterval } from '../../src/analysis/stats/descriptive.js';
import { wilson } from '../../src/core/wilson.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const n = Number(arg('n', '200'));
const seed = arg('seed', 'bid');
const bidders = arg('bidders', 'heuristic').split(';');
const options = rumble.optionsSchema.parse({ players: 4 });
const fmt = (x: number) => x.toFixed(3);

interface Outcome {
  readonly share: number;
  readonly powers: number;
  readonly paid: number;
  /** The game reached the round cap (decided by Energy there). */
  readonly capped: boolean;
}

/** Game `i`: seat i mod 4 bids with `bidder` (heuristic play after), the others are heuristics. */
function play(bidder: string, i: number): Outcome {
  const gameSeed = deriveSeed(seed, 'game', i);
  const seat = i % 4;
  const agents: Agent[] = Array.from({ length: 4 }, (_, p) => createAgent('heuristic', rumble, new Rng(deriveSeed(seed, 'agent', i, p))));
  const bids = createAgent(bidder, rumble, new Rng(deriveSeed(seed, 'bidder', i)));
  let state = rumble.setup(options, gameSeed) as RumbleState;
  while (!rumble.isTerminal(state)) {
    const joint = rumble.toMove(state).map((p) => {
      const legal = rumble.legalActions(state, p);
      if (legal.length === 1) return legal[0]!;
      const agent = p === seat && state.phase === 'auction' ? bids : agents[p]!;
      return agent.act({ game: rumble, options, obs: rumble.observe(state, p), player: p, legal }) as RumbleAction;
    });
    state = rumble.apply(state, joint) as RumbleState;
  }
  const tags = rumble.tags!(state);
  const strengths = (tags[`strengths_p${seat}`] as number[] | undefined) ?? [];
  return { share: rumble.returns(state)[seat]!, powers: strengths.filter((x) => x > 0).length, paid: Number(tags[`paid_p${seat}`] ?? 0), capped: tags['endReason'] === 'cap' };
}

function summary(outs: readonly Outcome[]) {
  const bought = outs.filter((o) => o.powers > 0);
  const w = wilson(
    bought.reduce((a, o) => a + o.share, 0),
    bought.length,
  );
  return {
    share: outs.reduce((a, o) => a + o.share, 0) / outs.length,
    powersPerGame: outs.reduce((a, o) => a + o.powers, 0) / outs.length,
    paidPerGame: outs.reduce((a, o) => a + o.paid, 0) / outs.length,
    capped: outs.filter((o) => o.capped).length,
    withPower: { p: w.p, lo: w.lo, hi: w.hi, n: bought.length },
  };
}

const base = Array.from({ length: n }, (_, i) => play('heuristic', i));
for (const bidder of bidders) {
  const outs = Array.from({ length: n }, (_, i) => play(bidder, i));
  const diff = tInterval(outs.map((o, i) => o.share - base[i]!.share));
  // "Wins more with the powers it buys", without selection bias: on the deals where this
  // bidder bought a power, its seat's result minus the heuristic bidder's on the same deals
  // (the deal decides whether it buys, so both arms are compared on the same subset).
  const boughtIdx = outs.map((o, i) => (o.powers > 0 ? i : -1)).filter((i) => i >= 0);
  const whenBought = boughtIdx.length > 1 ? tInterval(boughtIdx.map((i) => outs[i]!.share - base[i]!.share)) : undefined;
  const heurWhenBought = boughtIdx.reduce((a, i) => a + base[i]!.share, 0) / Math.max(1, boughtIdx.length);
  const a = summary(outs);
  const h = summary(base);
  const all = wilson(
    outs.reduce((s, o) => s + o.share, 0),
    n,
  );
  console.log(JSON.stringify({ bidder, seed, games: n, share: all, diff, whenBought: { n: boughtIdx.length, heuristicShare: heurWhenBought, diff: whenBought }, agent: a, heuristic: h }));
  console.error(
    `${bidder} bids, heuristic plays, vs 3 heuristics: share ${fmt(all.p)} [${fmt(all.lo)}, ${fmt(all.hi)}] n=${n}; minus the heuristic bidding in that seat (same deals): ${fmt(diff.mean)} [${fmt(diff.lo)}, ${fmt(diff.hi)}] | powers/game ${fmt(a.powersPerGame)} (heuristic ${fmt(h.powersPerGame)}), paid ${a.paidPerGame.toFixed(1)} (${h.paidPerGame.toFixed(1)}), capped ${a.capped} (${h.capped}), share with a power ${fmt(a.withPower.p)} [${fmt(a.withPower.lo)}, ${fmt(a.withPower.hi)}] n=${a.withPower.n} (heuristic ${fmt(h.withPower.p)} [${fmt(h.withPower.lo)}, ${fmt(h.withPower.hi)}] n=${h.withPower.n}); on the ${boughtIdx.length} deals where it bought: its share ${fmt(a.withPower.p)} vs the heuristic bidder's ${fmt(heurWhenBought)} on the same deals, difference ${whenBought ? `${fmt(whenBought.mean)} [${fmt(whenBought.lo)}, ${fmt(whenBought.hi)}]` : 'n/a'}`,
  );
}
