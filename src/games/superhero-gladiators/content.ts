/**
 * The hero-building tools other layers use (the `crucible build` command, studies):
 * read a hero file, parse build options, build heroes, print a card. Re-exported by
 * the games registry so the CLI never reaches into this folder.
 */
import { parseBuildOptions } from './build-options.js';
import { buildHeroes } from './builder.js';
import { heroCard } from './card.js';
import fs from 'node:fs';
import { UserError } from '../../core/errors.js';
import { DEFAULT_BUILD_OPTIONS } from './build-options.js';
import { buildHero } from './builder.js';
import { readHeroFile, type HeroSpec } from './hero.js';
import { SAMPLE_HEROES } from './samples.js';

/** Largest hero file read (a real one is a few KB; the same cap as other content files). */
/** Most heroes a study takes from one file (each plays every matchup a study schedules). */
export const MAX_USER_HEROES = 64;

/**
 * Reads a user's hero file for the studies (`--hero-file`) and checks every hero before
 * any game: shape, the build rules at the default build options, a name that is not a
 * sample hero's, at most MAX_USER_HEROES. One-line UserErrors name file, hero, field,
 * value and rule.
 */
export function checkHeroFile(path: string): HeroSpec[] {
  const specs = readHeroFile(path);
  if (specs.length > MAX_USER_HEROES) throw new UserError(`hero file ${path}: field heroes has ${specs.length} heroes; allowed: at most ${MAX_USER_HEROES}`);
  const samples = new Set(SAMPLE_HEROES.map((h) => h.name));
  for (const s of specs) {
    if (samples.has(s.name)) throw new UserError(`hero file ${path}: hero ${JSON.stringify(s.name)}: field name is ${JSON.stringify(s.name)}; allowed: a name no sample hero has`);
    buildHero(s, DEFAULT_BUILD_OPTIONS, `hero file ${path}`);
  }
  return specs;
}

export const superheroBuilder = {
  parseBuildOptions,
  readHeroFile,
  buildHeroes,
  heroCard,
  checkHeroFile,
} as const;
