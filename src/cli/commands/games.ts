/** `crucible games`: the games Crucible knows, with their rule options and defaults. */
import type { Command } from 'commander';
import { GAMES } from '../../games/index.js';
import { showValue } from '../../core/errors.js';

export function register(program: Command): void {
  program
    .command('games')
    .description('list the games with their rule options and defaults')
    .option('--json', 'print JSON instead of text')
    .action((opts: { json?: boolean }) => {
      if (opts.json) {
        const list = GAMES.map((g) => ({
          id: g.id,
          name: g.name,
          perfectInformation: g.perfectInformation,
          simultaneous: g.simultaneous,
          options: g.optionDocs,
        }));
        process.stdout.write(JSON.stringify(list, null, 2) + '\n');
        return;
      }
      if (GAMES.length === 0) {
        process.stdout.write('No games registered.\n');
        return;
      }
      const lines: string[] = [];
      for (const g of GAMES) {
        const traits = [g.perfectInformation ? 'perfect information' : 'hidden information', g.simultaneous ? 'simultaneous moves' : 'turns'];
        lines.push(`${g.id} — ${g.name} (${traits.join(', ')})`);
        const width = Math.max(0, ...g.optionDocs.map((d) => d.path.length));
        for (const doc of g.optionDocs) {
          const sweep = doc.sweep ? `  (sweep ${doc.sweep.min}..${doc.sweep.max} step ${doc.sweep.step})` : '';
          lines.push(`  ${doc.path.padEnd(width)}  default ${doc.default === undefined ? 'none' : showValue(doc.default)}  ${doc.description}${sweep}`);
        }
        lines.push('');
      }
      lines.push('Change options with --options \'{"field": value}\' or --options file.json (a dotted path is a nested object).');
      process.stdout.write(lines.join('\n') + '\n');
    });
}
