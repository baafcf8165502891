/**
 * `mcts:prior=net:model=DIR,batch=B`: the leaf-batched PUCT (batched-puct.ts) as an agent
 * spec. It is its own search, not an option of agents/mcts/search.ts, so it takes only
 * what it implements — `iterations`, `c`, `model`, `transfer` and `batch` with
 * `prior=net` — and refuses every other `mcts` parameter in one line rather than ignore
 * it. Its leaves are scored by tfjs, so a process or thread must `await initTf()` before
 * its first game (the runner does: src/sim/runtime.ts), and its moves depend on the
 * backend that scored them (recorded in the run key and reports).
 */
import type { AgentFactory, AgentParams } from '../../src/core/agent.js';
import { factsOf, type AnyGame } from '../../src/core/game.js';
import { UserError } from '../../src/core/errors.js';
import { modelFor } from '../evaluators/spec.js';
import { BatchedPuctAgent } from './batched-puct.js';

/** The most leaves one network call may score (a round of descents). */
export const MAX_BATCH = 1024;

/** The mcts parameters the batched search implements (the rest are refused with `batch`). */
const BATCHED_PARAMS: readonly string[] = ['batch', 'prior', 'model', 'transfer', 'iterations', 'c'];

export const BATCH_DOC =
  "prior=net only: score the leaves B at a time in one tfjs call (leaf-parallel PUCT with virtual loss, agents/learned/batched-puct.ts; 1 to 1024). Takes only iterations, c, model and transfer; games where one player moves at a time. Its moves are fixed by the seed on a given tfjs backend (wasm, native or cpu), which the run key and reports record";

/** True when an mcts spec's parameters ask for the batched search (then tfjs must be started). */
export function asksForBatch(params: AgentParams): boolean {
  return params['batch'] !== undefined;
}

export interface BatchedSettings {
  readonly batch: number;
  readonly prior: string;
  readonly value: string;
  readonly model?: string;
  readonly transfer: '0' | '1';
  readonly iterations?: number;
  readonly c?: number;
}

/**
 * Checks a `batch=` spec (`given`: its parameters as written, prior=net:model split) and
 * returns its factory; with `game` (and `options`), also what depends on them.
 */
export function prepareBatched(where: string, p: BatchedSettings, given: AgentParams, game?: AnyGame, options?: object): AgentFactory {
  const batch = `batch=${p.batch}`;
  if (p.prior !== 'net' || p.value !== 'rollout') {
    throw new UserError(`${where}: ${batch} batches the network's leaf evaluations but prior is ${p.prior}${p.value !== 'rollout' ? ` and value is ${p.value}` : ''}; allowed: batch only with prior=net:model=DIR`);
  }
  for (const name of Object.keys(given)) {
    if (!BATCHED_PARAMS.includes(name)) {
      throw new UserError(`${where}: ${batch} runs the leaf-batched PUCT, which has no ${name} (given ${name}=${given[name]}); allowed with batch: ${BATCHED_PARAMS.filter((n) => n !== 'batch').join(', ')}`);
    }
  }
  if (p.model === undefined) throw new UserError(`${where}: prior=net needs a model; allowed: prior=net:model=DIR (a folder written by \`crucible train\`)`);
  if (game && factsOf(game).simultaneous) {
    throw new UserError(`${where}: ${batch} searches games where one player moves at a time, and ${game.id} has moves made at once; allowed: mcts:prior=net,sm=puct without batch`);
  }
  const transfer = p.transfer === '1';
  const loaded = game ? modelFor(where, p.model, game, transfer) : undefined;
  if (loaded && options) loaded.checkOptions(options);
  const config = { iterations: p.iterations ?? 400, batch: p.batch, c: p.c ?? 1 };
  const model = p.model;
  return (args) => {
    const { model: m, checkOptions } = loaded ?? modelFor(where, model, args.game, transfer);
    return new BatchedPuctAgent(args.spec, args.rng, m.net, config, checkOptions);
  };
}
