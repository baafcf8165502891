/**
 * `npm run docs:agents`: rewrites the tables of agent kinds in the docs from AGENT_KINDS
 * (agents/docs.ts). Run it after adding or changing an agent kind.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_TABLE_FILES, withAgentKindsTable } from '../agents/docs.js';

const root = join(import.meta.dirname, '..');
for (const file of AGENT_TABLE_FILES) {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const after = withAgentKindsTable(before, file);
  if (after !== before) writeFileSync(path, after);
  console.log(`${file}: ${after === before ? 'unchanged' : 'table rewritten'}`);
}
