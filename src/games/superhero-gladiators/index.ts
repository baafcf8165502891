export { superheroGladiators, parseOptions, SAMPLE_HEROES, oomphShares } from './game.js';
export type { ShgState, ShgAction } from './state.js';
export type { ShgOptions } from './options.js';
