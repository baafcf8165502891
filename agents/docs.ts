/**
 * The tables of agent kinds in the docs (agents/README.md, src/core/README.md), generated
 * from AGENT_KINDS so they cannot drift from what `createAgent` accepts. Each table sits
 * between the two markers below; `npm run docs:agents` rewrites it and
 * test/agents/agent-docs.test.ts fails when a README's table differs from this one.
 */
import { AGENT_KINDS } from './index.js';

export const AGENT_TABLE_START = '<!-- agent kinds: generated from AGENT_KINDS (agents/index.ts) by `npm run docs:agents`; edit the kinds there -->';
export const AGENT_TABLE_END = '<!-- end of agent kinds -->';

/** The docs that hold the table, relative to the project root. */
export const AGENT_TABLE_FILES: readonly string[] = ['agents/README.md', 'src/core/README.md'];

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** The markdown table: kind, what it plays, an example spec, its parameters. */
export function agentKindsTable(): string {
  const rows = AGENT_KINDS.map((k) => {
    const params = k.kind === 'heuristic' ? "the game heuristic's own" : k.params.length ? k.params.map((p) => `\`${p.name}\``).join(', ') : 'none';
    return `| \`${k.kind}\` | ${cell(k.summary)} | \`${k.example}\` | ${params} |`;
  });
  return ['| kind | what | example | parameters |', '|---|---|---|---|', ...rows].join('\n');
}

/**
 * `text` with the table between the markers replaced by the generated one; `file` names
 * the document in the error when a marker is missing.
 */
export function withAgentKindsTable(text: string, file: string): string {
  const start = text.indexOf(AGENT_TABLE_START);
  const end = text.indexOf(AGENT_TABLE_END);
  if (start < 0 || end < start) throw new Error(`${file}: the agent kinds markers are missing; put ${AGENT_TABLE_START} and ${AGENT_TABLE_END} around the table`);
  return `${text.slice(0, start)}${AGENT_TABLE_START}\n${agentKindsTable()}\n${text.slice(end)}`;
}
