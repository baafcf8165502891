/**
 * How Superhero Gladiators games between two agents end, beyond the win share: plays
 * exactly the games `crucible play superhero-gladiators --paired` plays (same game seeds,
 * seats and agent streams: src/sim/seeding.ts), and for each records who struck the
 * first blow that took Oomph, how many blows each agent landed, the Oomph shares at the
 * end and why the game ended (knockout, turn cap, all fainted).
 *
 *   node --import tsx bench/superhero-gladiators/outcomes.ts --agents 'A;B' --games 40 --seed S \
 *     [--options '{"teams":[["Amazon"],["Amazon"]]}'] [--from 0]
 *
 * Specs are separated by ';' (they contain commas). One line per pair on stderr; a JSON
 * summary on stdout: A's share with a 95% t interval over pairs, pairs won / split / lost,
 * games won / drawn / lost, endings, first blows, blows landed, and the number of games
 * in which no blow landed at all (a turn-cap draw with both sides untouched).
 */
import type { Agent } from '../../src/core/agent.js';
import { prepareMatch } from '../../src/sim/play.js';
import { agentRng, gameSeed, seatSlots } from '../../src/sim/seeding.js';
import { createAgent } from '../../agents/index.js';
import { unitShareInterval } from '../../src/analysis/stats/paired.js';
import type { ShgAction, ShgState } from '../../src/games/superhero-gladiators/state.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const agents = arg('agents', 'mcts;heuristic').split(';');
const games = Number(arg('games', '40'));
const from = Number(arg('from', '0'));
const seed = arg('seed', '1');
const options = JSON.parse(arg('options', '{"teams":[["Amazon"],["Amazon"]]}')) as Record<string, unknown>;
if (agents.length !== 2) throw new Error(`--agents names ${agents.length} specs; allowed: two, separated by ';'`);

const match = prepareMatch({ gameId: 'superhero-gladiators', options, agents, games, seed, paired: true });
const { game, config } = match;

interface GameStats {
  /** Return of slot 0 (agent A). */
  ret: number;
  reason: string;
  /** Slot that landed the first blow, or -1. */
  first: number;
  /** Blows that took Oomph, by slot. */
  blows: [number, number];
  /** Oomph share left at the end, by slot: the sum over the side's heroes of each one's share (2 = a team of two untouched). */
  shares: [number, number];
  /** Oomph each slot's heroes lost to something other than a foe's blow (water, escapes), by slot. */
  otherLoss: [number, number];
}

function playOne(index: number): GameStats {
  const slots = seatSlots(config, index, 2);
  const seats = slots.map((slot) => config.agents[slot]!);
  const players: Agent[] = seats.map((spec, seat) => createAgent(spec, game, agentRng(match.agentKey, index, seat)));
  let s = game.setup(match.options, gameSeed(config, index)) as ShgState;
  let first = -1;
  const blows: [number, number] = [0, 0];
  const otherLoss: [number, number] = [0, 0];
  for (;;) {
    const movers = game.toMove(s);
    if (movers.length === 0) break;
    const seat = movers[0]!;
    const legal = game.legalActions(s, seat) as ShgAction[];
    const a = players[seat]!.act({ game, options: match.options, obs: game.observe(s, seat), player: seat, legal }) as ShgAction;
    const before = s;
    s = game.apply(s, [a]) as ShgState;
    // a blow: the mover's attack took Oomph off a hero of the other side
    if (a.k === 'attack' && s.heroes.some((r, h) => s.setup.side[h] !== seat && r.oomph < before.heroes[h]!.oomph)) {
      const slot = slots[seat]!;
      blows[slot as 0 | 1]++;
      if (first < 0) first = slot;
    }
    s.heroes.forEach((r, h) => {
      const lost = before.heroes[h]!.oomph - r.oomph;
      const struck = a.k === 'attack' && s.setup.side[h] !== seat;
      if (lost > 0 && !struck) otherLoss[slots[s.setup.side[h]!]! as 0 | 1] += lost;
    });
  }
  const returns = game.returns(s);
  const shares: [number, number] = [0, 0];
  s.heroes.forEach((r, h) => {
    const slot = slots[s.setup.side[h]!]! as 0 | 1;
    shares[slot] += Math.max(0, r.oomph) / s.setup.heroes[h]!.oomphMax;
  });
  return { ret: returns[slots.indexOf(0)]!, reason: s.endReason, first, blows, shares, otherLoss };
}

const pairShares: number[] = [];
const t = { pw: 0, ps: 0, pl: 0, gw: 0, gd: 0, gl: 0, knockout: 0, cap: 0, allFainted: 0, firstA: 0, firstB: 0, noBlow: 0, blowsA: 0, blowsB: 0, otherA: 0, otherB: 0, gamesOtherA: 0, gamesOtherB: 0 };
const f = (x: number) => x.toFixed(3);
for (let p = from / 2; p < (from + games) / 2; p++) {
  const g = [playOne(2 * p), playOne(2 * p + 1)];
  const m = (g[0]!.ret + g[1]!.ret) / 2;
  pairShares.push(m);
  if (m > 0.5) t.pw++;
  else if (m < 0.5) t.pl++;
  else t.ps++;
  for (const o of g) {
    if (o.ret > 0.5) t.gw++;
    else if (o.ret < 0.5) t.gl++;
    else t.gd++;
    if (o.reason === 'knockout') t.knockout++;
    else if (o.reason === 'turn-cap') t.cap++;
    else t.allFainted++;
    if (o.first === 0) t.firstA++;
    else if (o.first === 1) t.firstB++;
    else t.noBlow++;
    t.blowsA += o.blows[0];
    t.blowsB += o.blows[1];
    t.otherA += o.otherLoss[0];
    t.otherB += o.otherLoss[1];
    if (o.otherLoss[0] > 0) t.gamesOtherA++;
    if (o.otherLoss[1] > 0) t.gamesOtherB++;
  }
  process.stderr.write(
    `pair ${p}: ${g.map((o) => `A ${o.ret} (${o.reason}, first blow ${o.first < 0 ? 'none' : o.first === 0 ? 'A' : 'B'}, blows ${o.blows.join('/')}, Oomph lost otherwise ${o.otherLoss.join('/')}, Oomph left ${o.shares.map(f).join('/')})`).join('; ')}\n`,
  );
}
// Over pairs, cut to [0, 1]; the Wilson bound over pairs when every pair scored the same.
const ci = unitShareInterval(pairShares);
console.log(
  JSON.stringify({
    agents,
    seed,
    options,
    games: pairShares.length * 2,
    share: f(ci.mean),
    ci: [f(ci.lo), f(ci.hi)],
    pairsWonSplitLost: [t.pw, t.ps, t.pl],
    gamesWonDrawnLost: [t.gw, t.gd, t.gl],
    endings: { knockout: t.knockout, turnCap: t.cap, allFainted: t.allFainted },
    firstBlow: { A: t.firstA, B: t.firstB, none: t.noBlow },
    blowsLanded: { A: t.blowsA, B: t.blowsB },
    oomphLostOtherwise: { A: t.otherA, B: t.otherB, gamesA: t.gamesOtherA, gamesB: t.gamesOtherB },
  }),
);
