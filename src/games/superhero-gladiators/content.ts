/**
 * The hero-building tools other layers use (the `crucible build` command, studies):
 * read a hero file, parse build options, build heroes, print a card. Re-exported by
 * the games registry so the CLI never reaches into this folder.
 */
import { parseBuildOptions } from './build-options.js';
import { buildHeroes } from './builder.js';
import { heroCard } from './card.js';
import { readHeroFile } from './hero.js';

export const superheroBuilder = {
  parseBuildOptions,
  readHeroFile,
  buildHeroes,
  heroCard,
} as const;
