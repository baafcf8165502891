/**
 * The agent contract lives in core (src/core/agent.ts) so that a game folder can hold its
 * own heuristic; agents re-export it here for the agents layer.
 */
export type { Agent, AgentFactory, AgentParams, DecisionContext } from '../src/core/agent.js';
