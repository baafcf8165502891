/**
 * Agent spec strings, shared by the CLI and experiments:
 *
 *   random
 *   heuristic
 *   flatmc:playouts=50
 *   mcts:iterations=400,c=1.4
 *
 * A spec is `kind` or `kind:key=value,key=value`. This module only splits the text;
 * which kinds and keys exist, and what values they allow, is checked in `index.ts`.
 */
import { UserError } from '../src/core/errors.js';
import type { AgentParams } from '../src/core/agent.js';

export interface ParsedSpec {
  /** The spec as written (trimmed). */
  readonly spec: string;
  readonly kind: string;
  /** Raw parameter values, still strings; the kind's schema validates them. */
  readonly params: AgentParams;
}

const KIND = /^[a-z][a-z0-9-]*$/;
const KEY = /^[a-zA-Z][a-zA-Z0-9_-]*$/;

/** Splits `kind:k=v,k=v` into its kind and raw parameters (UserError when malformed). */
export function parseAgentSpec(text: string): ParsedSpec {
  const spec = text.trim();
  const where = `agent spec ${JSON.stringify(spec)}`;
  const colon = spec.indexOf(':');
  const kind = colon < 0 ? spec : spec.slice(0, colon);
  if (!KIND.test(kind)) {
    throw new UserError(`${where}: kind is ${JSON.stringify(kind)}; allowed: a name like random, heuristic, flatmc, mcts`);
  }
  const params: Record<string, string> = {};
  if (colon >= 0) {
    const body = spec.slice(colon + 1);
    for (const part of body.split(',')) {
      const eq = part.indexOf('=');
      const key = (eq < 0 ? part : part.slice(0, eq)).trim();
      if (eq < 0 || !KEY.test(key)) {
        throw new UserError(`${where}: parameter ${JSON.stringify(part.trim())} is malformed; allowed: key=value pairs separated by commas`);
      }
      if (Object.prototype.hasOwnProperty.call(params, key)) {
        throw new UserError(`${where}: parameter ${JSON.stringify(key)} is given twice; allowed: each parameter once`);
      }
      const value = part.slice(eq + 1).trim();
      // Values are read with Number(), which also takes "", "0x10", "0b1", "0o7" and "1_0"
      // is refused; a spec accepts plain decimal numbers and words only.
      if (value === '') {
        throw new UserError(`${where}: parameter ${JSON.stringify(key)} has no value; allowed: key=value`);
      }
      if (/^[+-]?0[xXbBoO]/.test(value)) {
        throw new UserError(`${where}: parameter ${JSON.stringify(key)} is ${JSON.stringify(value)}; allowed: a decimal number (e.g. 16) or a word`);
      }
      params[key] = value;
    }
  }
  return { spec, kind, params };
}

/**
 * Splits a CLI list of specs: `mcts:iterations=400,c=1.4,random` →
 * `['mcts:iterations=400,c=1.4', 'random']`. A comma-separated token with `=` before any
 * `:` continues the spec before it (it is one more parameter of that spec, such as
 * `value=net:model=DIR`); a token with `:` first (`kind:…`) or neither starts a new one.
 */
export function splitAgentList(list: string): string[] {
  const out: string[] = [];
  for (const raw of list.split(',')) {
    const token = raw.trim();
    if (token === '') {
      throw new UserError(`agent list ${JSON.stringify(list)}: an empty entry; allowed: specs separated by single commas`);
    }
    // A parameter continues the agent before it: `key=value`, where a colon may only come
    // after the first `=` (`prior=net:model=DIR`); `kind:…` starts a new agent.
    const eq = token.indexOf('=');
    const colon = token.indexOf(':');
    if (eq >= 0 && (colon < 0 || eq < colon)) {
      if (out.length === 0) {
        throw new UserError(
          `agent list ${JSON.stringify(list)}: parameter ${JSON.stringify(token)} comes before any agent kind; allowed: kind:key=value,...`,
        );
      }
      out[out.length - 1] += ',' + token;
    } else {
      out.push(token);
    }
  }
  return out;
}
