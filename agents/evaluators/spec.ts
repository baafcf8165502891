/**
 * From an `mcts` spec's evaluator parameters to the search's evaluators: which evaluator
 * values the leaves and which (if any) guides selection. Each parameter belongs to one
 * evaluator and is checked by that evaluator's own parser below, so a parameter given to
 * an evaluator the spec does not build is one clear refusal there:
 *
 * | evaluator | parameters |
 * |---|---|
 * | rollout (rollout.ts) | `rollout` (random, evaluate, heuristic), `depth` |
 * | heuristic (heuristic.ts) | `prior=heuristic` (with the search's `bias`), `rollout=heuristic` |
 * | network (network.ts) | `prior=net`, `value=net`, `model`, `transfer` |
 * | mix (mix.ts) | `lambda` (the network's value head with a rollout) |
 * | registered (registry.ts) | `value=NAME` alone |
 *
 * The rest of the spec is the search's (agents/index.ts). Messages and defaults are the
 * ones the spec always had (agents/README.md, "mcts parameters").
 */
import type { AgentParams } from '../../src/core/agent.js';
import type { AnyGame } from '../../src/core/game.js';
import { UserError } from '../../src/core/errors.js';
import { heuristicFor } from '../heuristics/index.js';
import { checkModelOptions, loadModel, type LoadedModel } from '../learned/model-files.js';
import type { EvaluatorFactory, Guide } from './evaluator.js';
import { heuristicPrior, heuristicRollouts } from './heuristic.js';
import { mixEvaluator } from './mix.js';
import { networkEvaluator } from './network.js';
import { checkRolloutSupport, rolloutEvaluator } from './rollout.js';
import { VALUE_EVALUATORS, type ValueEvaluatorKind } from './registry.js';

/** The evaluator parameters of an `mcts` spec, parsed (defaults applied). */
export interface EvaluatorParams {
  readonly rollout: 'random' | 'evaluate' | 'heuristic';
  readonly depth?: number;
  readonly prior: 'none' | 'heuristic' | 'net';
  /** `rollout`, `net`, or a registered evaluator's name (registry.ts). */
  readonly value: string;
  readonly model?: string;
  readonly transfer: '0' | '1';
  readonly lambda?: number;
}

/** What the search is given: its leaf evaluator and guide, for one game. */
export interface SearchEvaluators {
  readonly leaves: EvaluatorFactory;
  readonly guide?: Guide;
}

export interface EvaluatorPlan {
  /** The network's policy guides selection (PUCT; the search's `c` then defaults to 1). */
  readonly puct: boolean;
  /** A rollout evaluator values (some of) the leaves, so a search horizon or depth limit cuts to the game's `evaluate`. */
  readonly rolls: boolean;
  build(game: AnyGame): SearchEvaluators;
}

/** Loads a model for `game` and returns a check of the match options against it (none with transfer). */
export function modelFor(where: string, dir: string, game: AnyGame, transfer = false): { model: LoadedModel; checkOptions: (options: object) => void } {
  const model = loadModel(dir, game, where);
  return { model, checkOptions: transfer ? () => {} : (options) => checkModelOptions(model, options, where, game) };
}

/**
 * The network evaluator's parameters: whether it guides (`prior=net`), values (`value=net`),
 * or is absent — then `model` and `transfer` belong to nothing.
 */
function networkRole(where: string, p: EvaluatorParams): { guided: boolean; valued: boolean } {
  const guided = p.prior === 'net';
  const valued = p.value === 'net';
  if (guided && valued) throw new UserError(`${where}: value is net but prior is net, which already scores leaves with the value head; allowed: prior=net, or value=net with prior=none or prior=heuristic`);
  const usesNet = guided || valued;
  if (usesNet && p.model === undefined) throw new UserError(`${where}: ${guided ? 'prior' : 'value'}=net needs a model; allowed: ${guided ? 'prior' : 'value'}=net:model=DIR (a folder written by \`crucible train\`)`);
  if (!usesNet && p.model !== undefined) throw new UserError(`${where}: model is given but prior is ${p.prior} and value is ${p.value}; allowed: model only with prior=net or value=net`);
  if (!usesNet && p.transfer === '1') throw new UserError(`${where}: transfer is given but prior is ${p.prior} and value is ${p.value}; allowed: transfer only with prior=net or value=net`);
  return { guided, valued };
}

/** The mix's parameter: `lambda` mixes the value head with a rollout, so it needs the network. */
function mixWeight(where: string, p: EvaluatorParams, usesNet: boolean): number | undefined {
  if (!usesNet && p.lambda !== undefined) throw new UserError(`${where}: lambda is ${p.lambda} but prior is ${p.prior} and value is ${p.value}; allowed: lambda only with prior=net or value=net (it mixes the value head with the rollout)`);
  return p.lambda;
}

/**
 * The rollout evaluator's parameters where the value head scores the leaves alone
 * (`netLeaves` without a mix): an explicit `rollout` (value=net) or `depth` would be
 * silently ignored, so they are refused.
 */
function checkUnusedRollout(where: string, p: EvaluatorParams, given: AgentParams, guided: boolean, valued: boolean): void {
  if (valued && given['rollout'] !== undefined) {
    throw new UserError(`${where}: value=net scores leaves with the network's value head alone, so rollout=${p.rollout} does not apply; allowed: value=net without rollout, or with lambda to mix the two`);
  }
  if (p.depth !== undefined) {
    throw new UserError(`${where}: ${guided ? 'prior' : 'value'}=net scores leaves with the network's value head, so depth does not apply; allowed: ${guided ? 'prior=net without depth, or with rollout=… to score leaves by rollouts instead' : 'value=net without depth, or with lambda to mix in a rollout'}`);
  }
}

/** The guide: the network's policy by PUCT (`prior=net`), the heuristic's choice by progressive bias (`prior=heuristic`), or none. */
function guideOf(p: EvaluatorParams, game: AnyGame, spec: string, network: EvaluatorFactory | undefined, atLeaves: boolean): Guide | undefined {
  if (network) return { prior: network, rule: 'puct', atLeaves };
  if (p.prior === 'heuristic') return { prior: heuristicPrior(heuristicFor(game, spec)), rule: 'bias', atLeaves: false };
  return undefined;
}

/**
 * Checks the evaluator parameters (`given`: the spec's raw ones, to tell an explicit
 * `rollout=` from its default) and returns what builds the evaluators for a game; with
 * `game`, also what needs it (the game's evaluate and heuristic, the model for the game
 * and, with `options`, that it was trained under them).
 */
export function planEvaluators(where: string, p: EvaluatorParams, given: AgentParams, spec: string, game?: AnyGame, options?: object): EvaluatorPlan {
  const registered = VALUE_EVALUATORS.find((k) => k.name === p.value);
  if (registered) return planRegistered(where, registered, p, given, spec, game, options);
  const { guided, valued } = networkRole(where, p);
  const usesNet = guided || valued;
  const lambda = mixWeight(where, p, usesNet);
  const mixed = lambda !== undefined;
  // prior=net scores leaves with the value head unless a rollout is asked for explicitly
  // (then the net is a prior only and leaves are scored as without it), or with both
  // when lambda is given: (1 - lambda)·value + lambda·the rollout rollout= and depth= set.
  const netLeaves = valued || (guided && (given['rollout'] === undefined || mixed));
  if (netLeaves && !mixed) checkUnusedRollout(where, p, given, guided, valued);
  const depth = p.depth ?? (p.rollout === 'evaluate' ? 0 : Infinity);
  const rolls = !netLeaves || mixed;
  if (game && rolls) checkRolloutSupport(where, game, depth);
  const transfer = p.transfer === '1';
  const loaded = game && usesNet ? modelFor(where, p.model!, game, transfer) : undefined;
  if (loaded && options) loaded.checkOptions(options);
  // Fail now if the game has no heuristic.
  if (game && p.rollout === 'heuristic' && rolls) heuristicFor(game, spec);
  if (game && p.prior === 'heuristic') heuristicFor(game, spec);
  return {
    puct: guided,
    rolls,
    build(g) {
      const net = usesNet ? (loaded ?? modelFor(where, p.model!, g, transfer)) : undefined;
      const network = net ? networkEvaluator(net.model.net, net.checkOptions) : undefined;
      const rollouts = rolls ? rolloutEvaluator(depth, p.rollout === 'heuristic' ? heuristicRollouts(heuristicFor(g, spec)) : undefined) : undefined;
      // λ = 0 plays no rollout and λ = 1 runs no value head: each end is exactly the search with one evaluator (tested).
      const leaves = !netLeaves ? rollouts! : !mixed || lambda === 0 ? network! : lambda === 1 ? rollouts! : mixEvaluator([{ evaluator: network!, weight: 1 - lambda }, { evaluator: rollouts!, weight: lambda }]);
      return { leaves, guide: guideOf(p, g, spec, guided ? network : undefined, netLeaves && lambda !== 1) };
    },
  };
}

/**
 * `value=NAME` of a registered evaluator: it alone scores the leaves (so `rollout`, `depth`
 * and `lambda` are refused), while `prior=heuristic` or `prior=net` may still guide.
 */
function planRegistered(where: string, kind: ValueEvaluatorKind, p: EvaluatorParams, given: AgentParams, spec: string, game?: AnyGame, options?: object): EvaluatorPlan {
  for (const name of ['rollout', 'depth', 'lambda'] as const) {
    if (given[name] !== undefined) throw new UserError(`${where}: value=${kind.name} scores leaves alone, so ${name}=${given[name]} does not apply; allowed: value=${kind.name} without ${name}, or value=rollout`);
  }
  const guided = p.prior === 'net';
  if (guided !== (p.model !== undefined)) throw new UserError(`${where}: ${guided ? 'prior=net needs a model' : `model is given but prior is ${p.prior}`}; allowed: prior=net:model=DIR, or no model`);
  if (!guided && p.transfer === '1') throw new UserError(`${where}: transfer is given but prior is ${p.prior}; allowed: transfer only with prior=net`);
  const transfer = p.transfer === '1';
  const loaded = game && guided ? modelFor(where, p.model!, game, transfer) : undefined;
  if (loaded && options) loaded.checkOptions(options);
  if (game) kind.prepare(where, game);
  if (game && p.prior === 'heuristic') heuristicFor(game, spec);
  return {
    puct: guided,
    rolls: false,
    build(g) {
      const net = guided ? (loaded ?? modelFor(where, p.model!, g, transfer)) : undefined;
      const network = net ? networkEvaluator(net.model.net, net.checkOptions) : undefined;
      return { leaves: kind.prepare(where, g), guide: guideOf(p, g, spec, network, false) };
    },
  };
}
