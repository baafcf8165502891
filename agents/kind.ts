/**
 * What one agent kind declares for the spec registry (AGENT_KINDS in agents/index.ts): its
 * name, a summary and an example for the docs, its parameters, and `prepare`, which
 * validates a spec's parameters and returns the factory. Kept apart from index.ts so an
 * agent module can declare its own kind (see "Adding an agent" in src/core/README.md).
 */
import type { AgentFactory, AgentParams } from '../src/core/agent.js';
import type { AnyGame } from '../src/core/game.js';
import { UserError } from '../src/core/errors.js';

export interface AgentParamDoc {
  readonly name: string;
  readonly default: string;
  readonly description: string;
}

export interface AgentKind {
  readonly kind: string;
  readonly summary: string;
  readonly example: string;
  readonly params: readonly AgentParamDoc[];
  /**
   * Validates raw params and returns the factory to build with. `game` is optional so
   * specs can be checked before a game is chosen; checks that need the game (a
   * heuristic exists, the game can evaluate) run only when it is given.
   */
  /**
   * True when a spec of this kind with these parameters runs on tfjs, whose backend starts
   * asynchronously (`initTf()`) and decides its numbers: the runner starts it first.
   */
  readonly needsTf?: (params: AgentParams) => boolean;
  readonly prepare: (where: string, params: AgentParams, game: AnyGame | undefined, spec: string, options?: object) => AgentFactory;
}

/** Rejects parameters a kind does not have, listing the ones it does. */
export function checkKnown(where: string, params: AgentParams, docs: readonly AgentParamDoc[]): void {
  for (const key of Object.keys(params)) {
    if (!docs.some((d) => d.name === key)) {
      const allowed = docs.length ? docs.map((d) => d.name).join(', ') : 'no parameters';
      throw new UserError(`${where}: unknown parameter ${JSON.stringify(key)} (value ${JSON.stringify(params[key])}); allowed: ${allowed}`);
    }
  }
}
