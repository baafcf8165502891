/**
 * `crucible build <file>`: checks a Superhero Gladiators hero file and prints each
 * hero's card (characteristics, secondaries, segment boxes, each power's cost with its
 * factors, the total against the budget). An illegal hero fails before anything is
 * printed, with one line naming the hero, the field, the value and the rule broken.
 */
import type { Command } from 'commander';
import { superheroBuilder } from '../../games/index.js';
import { optionsArg } from '../args.js';

export function register(program: Command): void {
  program
    .command('build')
    .description('check a Superhero Gladiators hero file (YAML or JSON) and print the hero cards')
    .argument('<file>', 'hero file: one hero, a list, or powerTypes: and heroes: (see src/games/superhero-gladiators/README.md)')
    .option('--options <json|file>', 'build options (cost constants, enhancement modifiers, budget), e.g. \'{"budget": 250}\'')
    .option('--json', 'print the built heroes as JSON')
    .action((file: string, flags: { options?: string; json?: boolean }) => {
      const { parseBuildOptions, buildHeroes, readHeroFile, heroCard } = superheroBuilder;
      const options = parseBuildOptions(flags.options === undefined ? {} : optionsArg('--options', flags.options));
      const heroes = buildHeroes(readHeroFile(file), options, `hero file ${file}`);
      if (flags.json) {
        const replacer = (_k: string, v: unknown) => (v === Infinity ? 'infinite' : v);
        process.stdout.write(JSON.stringify(heroes, replacer, 2) + '\n');
        return;
      }
      process.stdout.write(heroes.map(heroCard).join('\n\n') + '\n');
    });
}
