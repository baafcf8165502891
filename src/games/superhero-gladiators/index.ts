export { superheroGladiators, parseOptions, SAMPLE_HEROES, oomphShares } from './game.js';
export type { ShgState, ShgAction } from './state.js';
export type { ShgOptions } from './options.js';

// What studies and agents use of the game (experiments/superhero-gladiators/): the power
// catalogue, the point-buy formula and its options, heroes as data, and the random build
// generator. Code outside this folder imports the game through this file only
// (test/layers.test.ts).
export { POWER_INFO, POWER_TYPES, type Enhancement, type PowerType } from './catalogue.js';
export { DEFAULT_BUILD_OPTIONS, parseBuildOptions, type BuildOptions } from './build-options.js';
export { buildHero, powerCost } from './builder.js';
export { checkHeroFile, superheroBuilder } from './content.js';
export { powerTypeInfo, REFUSED_LIKES, type PowerTypeSpec } from './power-types.js';
export type { HeroSpec } from './hero.js';
export { BuildGenerator, DEFAULT_BUILD_SPACE, mutateBuild } from './generator.js';

// Its heuristic player (the `heuristic` agent kind; agents/heuristics registers it).
export { superheroGladiatorsHeuristic } from './heuristic.js';
