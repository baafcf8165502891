/**
 * Agents by spec string — the one syntax the CLI and experiments share:
 *
 *   random                      uniformly random legal moves
 *   heuristic                   the game's hand-written heuristic (agents/heuristics)
 *   flatmc:playouts=50          flat Monte Carlo
 *   mcts:iterations=400,c=1.4   the MCTS family (UCT / IS-MCTS / DUCT / RM / max^n)
 *   mcts:prior=net:model=DIR    PUCT guided by a trained policy/value network
 *   mcts:prior=net:model=DIR,batch=16   … its leaves scored 16 at a time through tfjs (learned/batched-spec.ts)
 *   net:model=DIR               the network's policy alone
 *   net:model=DIR,bar=a+b       … never playing those cards (games with a barring filter, agents/barring.ts)
 *
 * `createAgent` validates every parameter with zod and throws a one-line UserError
 * naming the spec, the field, the value and what is allowed. An `mcts` spec is a search
 * (mcts/search.ts) plus evaluators (evaluators/): the evaluator parameters (rollout, depth,
 * prior, value, model, transfer, lambda) are parsed by evaluators/spec.ts, the rest here.
 */
import type { Agent, AgentFactory, AgentParams } from '../src/core/agent.js';
import { factsOf, type AnyGame } from '../src/core/game.js';
import { Rng } from '../src/core/rng.js';
import { UserError } from '../src/core/errors.js';
import { parseWith, z } from '../src/core/validate.js';
import { parseAgentSpec } from './spec.js';
import { createRandomAgent } from './random.js';
import { FlatMcAgent } from './flat-mc.js';
import { MctsAgent, type MctsConfig } from './mcts/search.js';
import { heuristicFor } from './heuristics/index.js';
import { modelFor, planEvaluators } from './evaluators/spec.js';
import { checkRolloutSupport } from './evaluators/rollout.js';
import { valueNames } from './evaluators/registry.js';
import { NetAgent } from './learned/net-agent.js';
import { BAR_DOC, barAgent, parseBar } from './barring.js';
import { checkKnown, type AgentKind, type AgentParamDoc } from './kind.js';
import { asksForBatch, BATCH_DOC, MAX_BATCH, prepareBatched } from './learned/batched-spec.js';

export { splitAgentList, parseAgentSpec } from './spec.js';
export type { AgentKind, AgentParamDoc } from './kind.js';
export { VALUE_EVALUATORS, type ValueEvaluatorKind } from './evaluators/registry.js';
export type { Evaluator, EvaluatorFactory, SearchSetting } from './evaluators/evaluator.js';

const count = z.coerce.number().int().min(1).max(100_000_000);
const steps = z.coerce.number().int().min(0).max(1_000_000);

const flatmcSchema = z.object({
  playouts: count.default(50),
  depth: steps.optional(),
});

/**
 * A model is trained under one set of rule options; `transfer=1` lets it play under others
 * of the same game and encoder (other gladiator types, house rules, table sizes) — what a
 * skill-sensitivity comparison needs. The encoder reads those options where they matter,
 * but the net never trained on them: its strength there is unmeasured, which is why it is
 * an explicit part of the spec (and so of every report naming the agents), never a default.
 */
const TRANSFER_DOC = "1: play under rule options the model was not trained on (same game and encoder; strength there unmeasured); 0: refuse them";

const mctsSchema = z.object({
  iterations: count.optional(),
  time: z.coerce.number().gt(0).max(3_600_000).optional(),
  c: z.coerce.number().min(0).max(100).optional(),
  rollout: z.enum(['random', 'evaluate', 'heuristic']).default('random'),
  depth: steps.optional(),
  sm: z.enum(['rm', 'duct', 'puct']).default('rm'),
  gamma: z.coerce.number().gt(0).max(1).default(0.1),
  prior: z.enum(['none', 'heuristic', 'net']).default('none'),
  value: z.string().default('rollout'), // one of valueNames(): the schema is completed per spec (mctsSchemaNow)
  model: z.string().min(1).optional(),
  transfer: z.enum(['0', '1']).default('0'),
  bias: z.coerce.number().min(0).max(100).default(1),
  turns: steps.optional(),
  plies: count.optional(),
  final: z.enum(['sample', 'most', 'mean']).default('sample'),
  opponents: z.enum(['search', 'heuristic']).default('search'),
  draws: z.coerce.number().int().min(1).max(64).default(1),
  backup: z.enum(['maxn', 'paranoid']).default('maxn'),
  lambda: z.coerce.number().min(0).max(1).optional(),
  bar: z.string().min(1).optional(),
  batch: z.coerce.number().int().min(1).max(MAX_BATCH).optional(),
});

/** The mcts schema with `value` limited to the evaluators registered now (agents/evaluators/registry.ts). */
function mctsSchemaNow() {
  return mctsSchema.extend({ value: z.enum(valueNames()).default('rollout') });
}

const FLATMC_PARAMS: readonly AgentParamDoc[] = [
  { name: 'playouts', default: '50', description: 'random playouts per legal action' },
  { name: 'depth', default: 'to the end', description: "random steps after the first move, then the game's evaluate scores the state" },
];

const MCTS_PARAMS: readonly AgentParamDoc[] = [
  { name: 'iterations', default: '400', description: 'search iterations per decision (the reproducible budget)' },
  { name: 'time', default: 'none', description: 'milliseconds per decision instead of (or capped by) iterations; results then depend on machine speed' },
  { name: 'c', default: '1.4 (prior=net: 1)', description: 'UCB exploration constant (returns are in [0, 1]); with prior=net the PUCT constant' },
  {
    name: 'rollout',
    default: 'random',
    description: "random: random playouts; evaluate: score leaves with the game's evaluate after `depth` random steps; heuristic: the game's heuristic agent plays the rollouts",
  },
  { name: 'depth', default: 'to the end (random, heuristic), 0 (evaluate)', description: "rollout steps before the game's evaluate cuts the rollout" },
  {
    name: 'sm',
    default: 'rm',
    description:
      'simultaneous-move nodes: rm (regret matching; its average strategy converges to equilibrium mixes), duct (decoupled UCT; stronger greedy play, mixes only for a well-tuned c) or puct (decoupled PUCT: each mover follows the policy head\'s prior over its own statistics, uniform without prior=net; rm and duct read a net\'s prior at one-mover nodes only)',
  },
  { name: 'gamma', default: '0.1', description: 'regret matching: share of uniform exploration' },
  {
    name: 'prior',
    default: 'none',
    description:
      "none; heuristic: at one-mover nodes the game's heuristic agent's choice is expanded first and gets a progressive bias; net (written prior=net:model=DIR or prior=net,model=DIR): PUCT with the trained network's policy as prior and its value head scoring the leaves (with an explicit rollout=…, leaves are scored by that rollout instead and the net is a prior only)",
  },
  {
    name: 'value',
    default: 'rollout',
    description:
      "rollout: leaves are scored as rollout= and depth= say; the name of a registered evaluator (agents/evaluators/registry.ts): it alone scores the leaves; net (written value=net:model=DIR or value=net,model=DIR): the trained network's value head scores the leaves (mixed with the rollout by lambda) while selection stays UCT with the prior= the spec names — the net as a judge of positions only, for searches whose own selection is stronger than PUCT over the net's policy",
  },
  { name: 'model', default: 'none', description: 'prior=net or value=net: the model folder written by `crucible train` (e.g. models/gladiator-duel)' },
  { name: 'transfer', default: '0', description: TRANSFER_DOC },
  { name: 'bias', default: '1', description: "weight W of the prior's progressive bias W / (visits + 1), added to its UCB value" },

  {
    name: 'turns',
    default: 'no horizon',
    description: "turns the tree looks past the decider's own (a turn ends when the player to move changes); states beyond are scored by the game's evaluate",
  },
  {
    name: 'plies',
    default: 'no limit',
    description: "the tree's depth in moves (a simultaneous joint move is one ply); states that deep are scored by the game's evaluate instead of expanded",
  },
  {
    name: 'final',
    default: 'sample',
    description: "the move at a simultaneous-move root: sample (from the mixed strategy), most (most played action), mean (best mean return)",
  },
  {
    name: 'opponents',
    default: 'search',
    description: "search: the other players are searched like the decider; heuristic: they play the game's heuristic's choice (asked per node and seat, see draws), so the tree branches only on the decider's moves",
  },
  {
    name: 'draws',
    default: '1',
    description: "opponents=heuristic: answers of the model kept per node and seat (asked on the first visits); every visit plays one at random, so a model with random guesses is seen as the spread it is",
  },
  {
    name: 'backup',
    default: 'maxn',
    description: "maxn: each player maximises its own return; paranoid: the others are searched as a coalition minimising the decider's return",
  },
  {
    name: 'lambda',
    default: 'none (the value head alone)',
    description:
      "prior=net or value=net: score each leaf by (1 - lambda) x the value head + lambda x a rollout (AlphaGo's mixed evaluation; the rollout as rollout= and depth= set it); 0: the value head alone, 1: the rollout alone",
  },
  { name: 'bar', default: 'none', description: `${BAR_DOC}. The search never plays them at its own decisions, in the tree and in rollouts; the other seats keep every action. A bare mcts with only bar keeps the game's tuned settings` },
  { name: 'batch', default: 'none (one leaf a network pass)', description: BATCH_DOC },
];

/**
 * "Strong by default": a bare `mcts` (no parameters) runs, on the games listed here, the
 * strongest settings measured for that game (agents/README.md, "Measured strength");
 * once any parameter is given, the rest take the generic defaults of MCTS_PARAMS.
 */
export const TUNED_MCTS: Readonly<Record<string, AgentParams>> = {
  'gladiator-duel': { iterations: '300', c: '0.2', rollout: 'evaluate', turns: '0', prior: 'heuristic', bias: '2' },
  'superhero-gladiators': { iterations: '800', rollout: 'evaluate', plies: '2', opponents: 'heuristic' },
  // Heuristic rollouts 10 decisions deep at 500 iterations: the same CPU a decision as the
  // earlier 30 deep at 200, and 0.547 [0.495, 0.598] over 150 seat-swapped pairs against it
  // (agents/README.md, "Measured strength on Ophidian 2350"); ~2.5x the iterations per CPU-second.
  ophidian: { iterations: '500', rollout: 'heuristic', depth: '10', prior: 'heuristic', bias: '1' },
  // The strength test's search (test/strength/rumble.strength.test.ts): it beats the generic
  // random-rollout search head to head and runs 3x its iterations per CPU-second (issue #30,
  // bench/rumble/default-ab.ts and bench/search-throughput.ts).
  rumble: { iterations: '400', rollout: 'evaluate', plies: '1', backup: 'paranoid', final: 'most' },
};

const netSchema = z.object({
  model: z.string().min(1),
  temperature: z.coerce.number().min(0).max(100).default(0),
  transfer: z.enum(['0', '1']).default('0'),
  bar: z.string().min(1).optional(),
});

const NET_PARAMS: readonly AgentParamDoc[] = [
  { name: 'model', default: '(required)', description: 'the model folder written by `crucible train` (e.g. models/gladiator-duel)' },
  { name: 'temperature', default: '0', description: '0: the most probable legal action; T > 0: sample the policy at temperature T' },
  { name: 'transfer', default: '0', description: TRANSFER_DOC },
  { name: 'bar', default: 'none', description: `${BAR_DOC}. The policy picks among the other legal actions` },
];

/** With `bar=…`, the factory of an agent that never plays those (checked now when the game is known). */
function withBar(where: string, bar: string | undefined, game: AnyGame | undefined, factory: AgentFactory): AgentFactory {
  if (bar === undefined) return factory;
  parseBar(where, bar, game);
  return barAgent(factory, where, bar);
}

/** `prior=net:model=DIR` is `prior=net,model=DIR` (the form the issue and README use); so is `value=net:model=DIR`. */
function splitNetPrior(where: string, params: AgentParams): AgentParams {
  let out = params;
  for (const name of ['prior', 'value'] as const) {
    const given = out[name];
    if (given === undefined || !given.startsWith('net:')) continue;
    const rest = given.slice(4);
    if (!rest.startsWith('model=') || rest.length === 6) throw new UserError(`${where}: ${name} is ${JSON.stringify(given)}; allowed: ${name}=net:model=DIR or ${name}=net,model=DIR`);
    if (out['model'] !== undefined) throw new UserError(`${where}: the model is given twice; allowed: one of ${name}=net:model=DIR and model=DIR`);
    out = { ...out, [name]: 'net', model: rest.slice(6) };
  }
  return out;
}

export const AGENT_KINDS: readonly AgentKind[] = [
  {
    kind: 'random',
    summary: 'uniformly random legal moves (the baseline)',
    example: 'random',
    params: [],
    prepare: (where, params) => {
      checkKnown(where, params, []);
      return createRandomAgent;
    },
  },
  {
    kind: 'heuristic',
    summary: "the game's hand-written agent (registered in agents/heuristics/index.ts); parameters, if any, are the heuristic's own",
    example: 'heuristic',
    params: [],
    prepare: (_where, params, game, spec) => {
      if (game) {
        // Build one now so a wrong parameter of the game's heuristic fails before any game, not as failed games.
        const factory = heuristicFor(game, spec);
        factory({ game, params, spec, rng: new Rng(0) });
        return factory;
      }
      return (args) => heuristicFor(args.game, args.spec)(args);
    },
  },
  {
    kind: 'flatmc',
    summary: "flat Monte Carlo: `playouts` random playouts per legal action, best mean return (`depth` cuts them with the game's evaluate)",
    example: 'flatmc:playouts=50',
    params: FLATMC_PARAMS,
    prepare: (where, params, game) => {
      checkKnown(where, params, FLATMC_PARAMS);
      const p = parseWith(where, flatmcSchema, params);
      const depth = p.depth ?? Infinity;
      if (game) checkRolloutSupport(where, game, depth);
      return ({ spec, rng }) => new FlatMcAgent(spec, rng, { playouts: p.playouts, depth });
    },
  },
  {
    kind: 'mcts',
    summary: `Monte Carlo tree search: UCT, IS-MCTS for hidden information, DUCT/RM/PUCT for simultaneous moves, max^n returns (agents/README.md, "mcts parameters"); a bare \`mcts\` runs a game's tuned settings where measured (${Object.keys(TUNED_MCTS).join(', ')}); \`mcts:prior=net:model=DIR\` is PUCT guided by a trained network (\`…,batch=16\`: its leaves scored 16 at a time in one tfjs call)`,
    example: 'mcts:iterations=400,c=1.4',
    params: MCTS_PARAMS,
    needsTf: (params) => asksForBatch(params),
    prepare: function prepareMcts(where, raw, game, spec, options?: object): AgentFactory {
      const given = splitNetPrior(where, raw);
      // `bar` restricts play without changing the search: `mcts:bar=x` is the tuned `mcts` barred.
      const bare = Object.keys(given).every((k) => k === 'bar');
      // A bare `mcts` is resolved per game (TUNED_MCTS): wait until the game is known.
      if (bare && !game) return (args) => prepareMcts(where, given, args.game, spec)(args);
      const tuned = bare && game ? TUNED_MCTS[game.id] : undefined;
      const params = tuned ? { ...tuned, ...given } : given;
      checkKnown(where, params, MCTS_PARAMS);
      const p = parseWith(where, mctsSchemaNow(), params);
      // batch=B is the leaf-batched PUCT, a search of its own (agents/learned/batched-spec.ts).
      if (p.batch !== undefined) return prepareBatched(where, { ...p, batch: p.batch }, params, game, options);
      // The evaluator parameters (rollout, depth, prior, value, model, transfer, lambda) are
      // the evaluators' own (agents/evaluators/spec.ts); the rest are the search's.
      const evaluators = planEvaluators(where, p, params, spec, game, options);
      if (game && evaluators.rolls && p.turns !== undefined) checkRolloutSupport(where, game, 0, `turns=${p.turns}`);
      if (game && evaluators.rolls && p.plies !== undefined) checkRolloutSupport(where, game, 0, `plies=${p.plies}`);
      // Paranoid search treats the others as one coalition minimising the decider's share:
      // that reading needs one player's gain to be the others' loss.
      if (game && p.backup === 'paranoid' && factsOf(game).utility === 'general-sum')
        throw new UserError(`${where}: backup is "paranoid" but ${game.id} is general-sum (allies share rewards; everyone can lose); allowed: backup=maxn for this game`);
      // opponents=heuristic (also with prior=net: PUCT on the decider's own nodes, the others
      // answer with the heuristic, the opponent model of Superhero Gladiators' tuned spec).
      const opponentAgent = (g: AnyGame) => (p.opponents === 'heuristic' ? heuristicFor(g, spec) : undefined);
      if (game) opponentAgent(game); // fail now if the game has no heuristic
      const search = {
        iterations: p.iterations ?? (p.time !== undefined ? Infinity : 400),
        timeMs: p.time ?? 0,
        c: p.c ?? (evaluators.puct ? 1 : 1.4),
        sm: p.sm,
        gamma: p.gamma,
        bias: p.bias,
        turns: p.turns ?? Infinity,
        plies: p.plies ?? Infinity,
        draws: p.draws,
        final: p.final,
        backup: p.backup,
      };
      return withBar(where, p.bar, game, (args) => {
        const config: MctsConfig = { ...search, ...evaluators.build(args.game), opponentAgent: opponentAgent(args.game) };
        return new MctsAgent(args.spec, args.rng, config);
      });
    },
  },
  {
    kind: 'net',
    summary: "a trained policy/value network's policy alone, no search (`crucible train` makes the model; `temperature` 0 plays the most probable move, T > 0 samples)",
    example: 'net:model=models/gladiator-duel',
    params: NET_PARAMS,
    prepare: (where, params, game, _spec, options) => {
      checkKnown(where, params, NET_PARAMS);
      const p = parseWith(where, netSchema, params);
      const transfer = p.transfer === '1';
      const loaded = game ? modelFor(where, p.model, game, transfer) : undefined;
      if (loaded && options) loaded.checkOptions(options);
      return withBar(where, p.bar, game, (args) => {
        const { model, checkOptions } = loaded ?? modelFor(where, p.model, args.game, transfer);
        return new NetAgent(args.spec, args.rng, model.net, p.temperature, checkOptions);
      });
    },
  },
];

/** The kinds that take `bar=…` (restricted play, on games with a barring filter: agents/barring.ts); the Ophidian heuristic has its own. */
export const BARRING_KINDS: readonly string[] = AGENT_KINDS.filter((k) => k.params.some((d) => d.name === 'bar')).map((k) => k.kind);

function kindOf(where: string, kind: string): AgentKind {
  const found = AGENT_KINDS.find((k) => k.kind === kind);
  if (!found) {
    throw new UserError(`${where}: unknown agent kind ${JSON.stringify(kind)}; allowed: ${AGENT_KINDS.map((k) => k.kind).join(', ')}`);
  }
  return found;
}

/**
 * Checks a spec without building an agent (for CLI arguments and study definitions).
 * With `game`, also checks what depends on it (a heuristic exists, `evaluate` exists, a
 * model was trained for it); with `options` too, that a model was trained under them.
 */
export function checkAgentSpec(spec: string, game?: AnyGame, options?: object): void {
  const parsed = parseAgentSpec(spec);
  const where = `agent spec ${JSON.stringify(parsed.spec)}`;
  kindOf(where, parsed.kind).prepare(where, parsed.params, game, parsed.spec, options);
}

/**
 * True when one of the specs runs on tfjs (`mcts:…,batch=B`): a process or thread must then
 * `await initTf()` before building it (src/sim/runtime.ts does, for every run), and its
 * moves depend on the backend. An unparsable spec says false here and fails its own check.
 */
export function agentsNeedTf(specs: readonly string[]): boolean {
  return specs.some((spec) => {
    try {
      const parsed = parseAgentSpec(spec);
      return AGENT_KINDS.find((k) => k.kind === parsed.kind)?.needsTf?.(parsed.params) ?? false;
    } catch {
      return false;
    }
  });
}

/** Builds the agent a spec names, for one seat of `game`, drawing on `rng`. */
export function createAgent(spec: string, game: AnyGame, rng: Rng): Agent {
  const parsed = parseAgentSpec(spec);
  const where = `agent spec ${JSON.stringify(parsed.spec)}`;
  const factory = kindOf(where, parsed.kind).prepare(where, parsed.params, game, parsed.spec);
  return factory({ game, params: parsed.params, spec: parsed.spec, rng });
}
