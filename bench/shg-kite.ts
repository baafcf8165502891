/**
 * Probe of the Superhero Gladiators target's ceiling: can ANY player beat the tuned
 * search (bare `mcts`) in a close-combat mirror, and how?
 *
 * The turn cap (20 turns) is won on Oomph share, so a fight between two heroes with only
 * close attacks has a structure a strong player can use: the hero who steps next to the
 * foe spends its action on the step and takes the first blow, and the hero who is ahead
 * on Oomph can walk away and hold the lead to the cap. This script pits a scripted
 * player that plays exactly that line against a given agent, on paired seeds:
 *
 * - `kite`: when level or behind, close in and fight (step or jump next to the foe,
 *   then strike with the best close attack); the moment it is ahead on Oomph share,
 *   disengage — heal if hurt and out of the foe's reach, else move to the reachable
 *   cell farthest from the foe — and hold the lead to the cap;
 * - `heal`: `kite`, and when behind by no more than its healing uses can restore, it
 *   disengages too, heals back to level out of reach and only then closes in again;
 * - `fight`: the same without disengaging (close in and strike to the end);
 * - `wait`: never move, never attack unless the foe stands next to it (then strike).
 *
 *   node --import tsx bench/shg-kite.ts [--pairs 20] [--seed shg-kite] [--foe mcts]
 *     [--probe kite] [--team Amazon]
 *
 * Output: the probe's share with a 95% t interval over pairs, pairs won / split / lost,
 * games won / drawn / lost, how games ended (knockout, turn cap) and who struck first.
 * Deterministic: a game's seed and each seat's agent stream derive from (seed, pair).
 */
import { Rng, deriveSeed } from '../src/core/rng.js';
import type { Agent, DecisionContext } from '../src/core/agent.js';
import { superheroGladiators } from '../src/games/superhero-gladiators/index.js';
import { powerAt, type ShgAction, type ShgState } from '../src/games/superhero-gladiators/state.js';
import { createAgent } from '../agents/index.js';
import { unitShareInterval } from '../src/analysis/stats/paired.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const pairs = Number(arg('pairs', '20'));
const seed = arg('seed', 'shg-kite');
const foeSpec = arg('foe', 'mcts');
const probe = arg('probe', 'kite') as 'kite' | 'heal' | 'fight' | 'wait';
const team = arg('team', 'Amazon');
if (!['kite', 'heal', 'fight', 'wait'].includes(probe)) throw new Error(`--probe is ${probe}; allowed: kite, heal, fight, wait`);

const game = superheroGladiators;
const options = game.optionsSchema.parse({ teams: [[team], [team]] });

/** Share of its Oomph maximum hero h has left. */
const share = (s: ShgState, h: number) => Math.max(0, s.heroes[h]!.oomph) / s.setup.heroes[h]!.oomphMax;

/** The probe's choice for the hero it moves now (1v1: one hero a side). */
function probeAct(s: ShgState, legal: readonly ShgAction[]): ShgAction {
  const grid = s.setup.map.grid;
  if (legal.some((a) => a.k === 'absorb')) return legal.find((a) => a.k === 'absorb' && a.yes) ?? legal[0]!;
  if (legal.some((a) => a.k === 'copy')) return legal[0]!;
  const me = s.order[s.turn]!;
  const foe = s.heroes.findIndex((_, h) => s.setup.side[h] !== s.setup.side[me]);
  if (legal[0]!.k === 'place') {
    // stand as near the middle as the start zone allows
    const mid = grid.size >> 1;
    return [...legal].sort((a, b) => grid.distance((a as { cell: number }).cell, mid) - grid.distance((b as { cell: number }).cell, mid))[0]!;
  }
  const here = s.heroes[me]!.cell;
  const there = s.heroes[foe]!.cell;
  const d = grid.distance(here, there);
  const strikes = legal.filter((a) => a.k === 'attack' && a.gizmo === -1 && a.target === foe);
  const bestStrike = strikes.sort((a, b) => Number((b as { p: number }).p >= 0) - Number((a as { p: number }).p >= 0))[0];
  const moves = legal.filter((a): a is ShgAction & { k: 'move' } => a.k === 'move');
  const heal = legal.find((a) => a.k === 'use' && powerAt(s, me, a.p)?.type === 'healing');
  const pass = legal.find((a) => a.k === 'pass')!;
  const ahead = share(s, me) > share(s, foe) + 1e-9;
  if (probe === 'wait') return d === 1 && bestStrike ? bestStrike : pass;
  const healPower = heal ? powerAt(s, me, (heal as { p: number }).p)! : null;
  const healsLeft = heal ? s.heroes[me]!.uses[(heal as { p: number }).p]! : 0;
  const deficit = s.heroes[foe]!.oomph - s.heroes[me]!.oomph; // same hero in a mirror
  const canMendGap = probe === 'heal' && !ahead && deficit > 0 && healPower !== null && healsLeft * healPower.level >= deficit;
  if ((ahead && (probe === 'kite' || probe === 'heal')) || canMendGap) {
    // a foe that can jump 4 hexes and then needs to stand next to us reaches 5 hexes
    if (heal && d > 5) return heal;
    let best: ShgAction = pass;
    let far = d;
    for (const m of moves) {
      const dm = grid.distance(m.to, there);
      if (dm > far) {
        far = dm;
        best = m;
      }
    }
    return best;
  }
  if (d === 1 && bestStrike) return bestStrike;
  // close in: a move next to the foe if one is reachable, else the nearest cell
  let best: ShgAction = pass;
  let near = d;
  for (const m of moves) {
    const dm = grid.distance(m.to, there);
    if (dm < near) {
      near = dm;
      best = m;
    }
  }
  return best;
}

const probeAgent: Agent = { spec: `probe:${probe}`, act: (ctx: DecisionContext) => probeAct(ctx.obs as ShgState, ctx.legal as ShgAction[]) };

interface Outcome {
  ret: number;
  reason: string;
  firstBlowByProbe: boolean | null;
}

function play(pair: number, probeSeat: number): Outcome {
  const gseed = deriveSeed(seed, 'game', pair);
  const foe = createAgent(foeSpec, game, new Rng(deriveSeed(seed, 'agent', pair, probeSeat)));
  let s = game.setup(options, gseed) as ShgState;
  let firstBlowByProbe: boolean | null = null;
  for (;;) {
    const movers = game.toMove(s);
    if (movers.length === 0) break;
    const seat = movers[0]!;
    const legal = game.legalActions(s, seat) as ShgAction[];
    const ctx = { game, options, obs: game.observe(s, seat), player: seat, legal };
    const a = (seat === probeSeat ? probeAgent : foe).act(ctx) as ShgAction;
    const before = s;
    s = game.apply(s, [a]) as ShgState;
    if (firstBlowByProbe === null && s.heroes.some((r, h) => r.oomph < before.heroes[h]!.oomph && a.k === 'attack')) firstBlowByProbe = seat === probeSeat;
  }
  return { ret: game.returns(s)[probeSeat]!, reason: s.endReason, firstBlowByProbe };
}

const pairShares: number[] = [];
const tally = { pw: 0, ps: 0, pl: 0, gw: 0, gd: 0, gl: 0, ko: 0, cap: 0, firstProbe: 0, firstFoe: 0, noBlow: 0 };
for (let i = 0; i < pairs; i++) {
  const g = [play(i, 0), play(i, 1)];
  const m = (g[0]!.ret + g[1]!.ret) / 2;
  pairShares.push(m);
  if (m > 0.5) tally.pw++;
  else if (m < 0.5) tally.pl++;
  else tally.ps++;
  for (const o of g) {
    if (o.ret > 0.5) tally.gw++;
    else if (o.ret < 0.5) tally.gl++;
    else tally.gd++;
    if (o.reason === 'knockout') tally.ko++;
    else tally.cap++;
    if (o.firstBlowByProbe === null) tally.noBlow++;
    else if (o.firstBlowByProbe) tally.firstProbe++;
    else tally.firstFoe++;
  }
  process.stderr.write(`pair ${i + 1}/${pairs}: ${g.map((o) => `${o.ret} (${o.reason})`).join(', ')}\n`);
}
// Over pairs, cut to [0, 1]; the Wilson bound over pairs when every pair scored the same.
const ci = unitShareInterval(pairShares);
const f = (x: number) => x.toFixed(3);
const line = {
  probe,
  foe: foeSpec,
  team,
  seed,
  pairs,
  share: f(ci.mean),
  ci: [f(ci.lo), f(ci.hi)],
  pairsWonSplitLost: [tally.pw, tally.ps, tally.pl],
  gamesWonDrawnLost: [tally.gw, tally.gd, tally.gl],
  knockouts: tally.ko,
  atCap: tally.cap,
  firstBlow: { probe: tally.firstProbe, foe: tally.firstFoe, none: tally.noBlow },
};
console.log(JSON.stringify(line));
