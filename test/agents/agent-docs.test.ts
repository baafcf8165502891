/**
 * The tables of agent kinds in the docs are generated from AGENT_KINDS (agents/docs.ts), so a
 * new or renamed kind, or a changed summary, cannot leave a README behind.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_KINDS } from '../../agents/index.js';
import { AGENT_TABLE_FILES, agentKindsTable, withAgentKindsTable } from '../../agents/docs.js';

const root = join(__dirname, '../..');

describe('agent kind tables in the docs', () => {
  it('every kind of AGENT_KINDS has one row, with its example and parameters', () => {
    const table = agentKindsTable();
    for (const k of AGENT_KINDS) expect(table).toContain(`| \`${k.kind}\` | `);
    expect(table.split('\n')).toHaveLength(AGENT_KINDS.length + 2);
  });

  for (const file of AGENT_TABLE_FILES) {
    it(`${file} holds the table generated from AGENT_KINDS`, () => {
      const text = readFileSync(join(root, file), 'utf8');
      expect(text === withAgentKindsTable(text, file), `${file}: its table of agent kinds differs from AGENT_KINDS (agents/index.ts); regenerate it with \`npm run docs:agents\``).toBe(true);
    });
  }
});
