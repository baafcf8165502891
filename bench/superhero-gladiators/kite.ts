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
 * - `wait`: never move, never attack unless the foe stands next to it (then strike);
 * - `flee`: never strike; every action, stand on the reachable cell farthest from the
 *   foe (dry land first) — the line of a side that loses the exchange and takes the
 *   cap's draw instead (can a stronger foe force the fight on it?).
 *
 *   node --import tsx bench/superhero-gladiators/kite.ts [--pairs 20] [--seed shg-kite] [--foe mcts]
 *     [--probe kite] [--team Amazon] [--foe-team Amazon] [--heroes FILE.json]
 *
 * `--foe probe:NAME` seats a second scripted probe as the foe. `--team` is the probe's
 * hero and `--foe-team` the foe's (default: the same) in every game, whichever seat the
 * probe has; `--heroes` names a JSON file holding a list of heroes (the `heroes` option).
 *
 * Output: the probe's share with a 95% t interval over pairs, pairs won / split / lost,
 * games won / drawn / lost, how games ended (knockout, turn cap) and who struck first.
 * Deterministic: a game's seed and each seat's agent stream derive from (seed, pair).
 */
import { readFileSync } from 'node:fs';
import { Rng, deriveSeed } from '../../src/core/rng.js';
import type { Agent, DecisionContext } from '../../src/core/agent.js';
import { superheroGladiators } from '../../src/games/superhero-gladiators/index.js';
import type { ShgAction, ShgState } from '../../src/games/superhero-gladiators/state.js';
import { PROBES, probeChoice, type Probe } from '../../src/games/superhero-gladiators/probes.js';
import { createAgent } from '../../agents/index.js';
import { unitShareInterval } from '../../src/analysis/stats/paired.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const pairs = Number(arg('pairs', '20'));
const seed = arg('seed', 'shg-kite');
const foeSpec = arg('foe', 'mcts');
const probe = arg('probe', 'kite') as Probe;
const team = arg('team', 'Amazon');
const foeTeam = arg('foe-team', team);
const heroesFile = arg('heroes', '');
if (!(PROBES as readonly string[]).includes(probe)) throw new Error(`--probe is ${probe}; allowed: ${PROBES.join(', ')}`);
const foeProbe = foeSpec.startsWith('probe:') ? (foeSpec.slice(6) as Probe) : null;
if (foeProbe && !(PROBES as readonly string[]).includes(foeProbe)) throw new Error(`--foe is ${foeSpec}; allowed: an agent spec or probe:${PROBES.join('|')}`);

const game = superheroGladiators;
const heroes = heroesFile ? (JSON.parse(readFileSync(heroesFile, 'utf8')) as unknown[]) : [];
/** The probe's hero on its seat's side, the foe's on the other. */
const optionsFor = (probeSeat: number) => game.optionsSchema.parse({ teams: probeSeat === 0 ? [[team], [foeTeam]] : [[foeTeam], [team]], heroes });

const probeAgent = (which: Probe): Agent => ({ spec: `probe:${which}`, act: (ctx: DecisionContext) => probeChoice(which, ctx.obs as ShgState, ctx.legal as ShgAction[]) });

interface Outcome {
  ret: number;
  reason: string;
  firstBlowByProbe: boolean | null;
  /** Segment (flow round) of the first blow, -1 when none landed. */
  firstBlowRound: number;
}

function play(pair: number, probeSeat: number): Outcome {
  const gseed = deriveSeed(seed, 'game', pair);
  const foe = foeProbe ? probeAgent(foeProbe) : createAgent(foeSpec, game, new Rng(deriveSeed(seed, 'agent', pair, probeSeat)));
  const me = probeAgent(probe);
  const options = optionsFor(probeSeat);
  let s = game.setup(options, gseed) as ShgState;
  let firstBlowByProbe: boolean | null = null;
  let firstBlowRound = -1;
  for (;;) {
    const movers = game.toMove(s);
    if (movers.length === 0) break;
    const seat = movers[0]!;
    const legal = game.legalActions(s, seat) as ShgAction[];
    const ctx = { game, options, obs: game.observe(s, seat), player: seat, legal };
    const a = (seat === probeSeat ? me : foe).act(ctx) as ShgAction;
    const before = s;
    s = game.apply(s, [a]) as ShgState;
    if (firstBlowByProbe === null && s.heroes.some((r, h) => r.oomph < before.heroes[h]!.oomph && a.k === 'attack')) {
      firstBlowByProbe = seat === probeSeat;
      firstBlowRound = before.round;
    }
  }
  return { ret: game.returns(s)[probeSeat]!, reason: s.endReason, firstBlowByProbe, firstBlowRound };
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
  process.stderr.write(`pair ${i + 1}/${pairs}: ${g.map((o) => `${o.ret} (${o.reason}${o.firstBlowRound >= 0 ? `, first blow on segment ${o.firstBlowRound}` : ''})`).join(', ')}\n`);
}
// Over pairs, cut to [0, 1]; the Wilson bound over pairs when every pair scored the same.
const ci = unitShareInterval(pairShares);
const f = (x: number) => x.toFixed(3);
const line = {
  probe,
  foe: foeSpec,
  team,
  foeTeam,
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
