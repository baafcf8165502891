/** Rumble: energy allocation with auctioned superpowers (see README.md). */
export { rumble, rumbleOptions } from './game.js';
export type { RumbleState, RumbleAction, Allocation, RevealChoice, PowerUse, HeldPower, Hero, Phase } from './types.js';
export type { RumbleOptions } from './options.js';
export { SEED_POWERS, DATA_POWERS, SEED_LIBRARY, libraryWith, PowerLibrary } from './powers/library.js';
export { parsePowerFile, loadPowerFile, compileSpec, type PowerSpec } from './powers/vocabulary.js';
export { checkConfiguration, checkUserPowerFile, MAX_CUSTOM_POWERS, MAX_LOTS } from './content.js';
export { ALLOCATION_TEMPLATES } from './allocation-menu.js';
export { lotValue, bidsAt } from './bid-menu.js';
