/**
 * The cards the Ophidian encoder (version 2) gives their own index, frozen: the SAMPLE
 * set's Gladiators, then its Strategy cards, in file order, as the shipped model was
 * trained. A card added to the sample later (like a user's card) shares the OTHER index,
 * so adding content never changes the observation or action layout and the shipped model
 * still loads; giving new cards their own index is an encoder version bump (and a retrain).
 */
export const ENCODED_GLADIATORS: readonly string[] = [
  'david-dangers', 'madame-petice', 'little-jinx', 'poc-shot', 'version-9', 'trace', 'stallion', 'lothar',
  'prince-of-gates', 'simon-bantus', 'goth-garal', 'ironsides', 'maximillion', 'pago', 'lillith',
  'cray-phillips', 'mannequin', 'leetah', 'hammerhands', 'wisp', 'rookie-brawler', 'scrap-drone',
  'lost-soul',
];

export const ENCODED_STRATEGIES: readonly string[] = [
  'dripping-leak', 'festering-stink', 'let-freedom-ring', 'bloaters', 'drosh', 'phase-blades',
  'mega-ram-boost', 'arachnabots', 'distraction', 'one-two-punch', 'arm-blade', 'spiked-fists',
  'hidden-danger', 'battle-armor', 'spiked-armor', 'war-cry', 'charge', 'pit-veteran', 'shield-bearer',
  'blood-sand', 'counterstrike', 'executioner', 'sniper-drone', 'laser-sight', 'overclock', 'emp-burst',
  'repair-kit', 'magnetic-floor', 'targeting-uplink', 'war-mech', 'blink', 'rift-spawn', 'dimensional-pull',
  'time-skip', 'warp-gate', 'void-lash', 'portal-sentry', 'banish', 'plague-rats', 'adrenal-gland',
  'regrowth', 'toxic-fog', 'contagion', 'mutagen', 'infect', 'hive-queen', 'mind-spike', 'confusion',
  'psychic-link', 'mind-fog', 'precognition', 'thought-thief', 'psionic-storm', 'healing-light', 'ward',
  'spirit-guide', 'sanctuary', 'blessing', 'ancestral-fury', 'ghost-host', 'crowd-pleaser', 'sponsor-bonus',
  'price-gouging', 'cheerleaders', 'media-hype', 'bribe', 'stim-pack', 'arena-medic', 'lucky-break',
  'showboat', 'shakedown', 'grand-entrance', 'second-wind', 'blood-offering', 'hired-blade', 'fair-price',
  'encore', 'scavengers', 'combat-stims', 'arena-spotlight',
];
