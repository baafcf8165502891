/**
 * The registry of studies: `crucible study <name>` looks a study up here, and the
 * default study (`npm start`) runs the quick version of every one. Each owner adds one
 * line for each of its studies.
 */
import { UserError } from '../src/core/errors.js';
import type { Study } from './study.js';
import { gladiatorDuelMatchups } from './gladiator-duel/matchups.js';
import { gladiatorDuelTuning } from './gladiator-duel/tuning.js';
import { gladiatorDuelTraining } from './gladiator-duel/training.js';
import { darkHeroBuilds } from './dark-hero/builds.js';
import { darkHeroFairness } from './dark-hero/fairness.js';
import { darkHeroHouseRules } from './dark-hero/house-rules.js';
import { rumblePowerValuesStudy } from './rumble/power-values.js';
import { rumbleAuctionMetaStudy } from './rumble/auction-meta.js';
import { rumbleDominanceStudy } from './rumble/dominance.js';
import { rumbleStalemates } from './rumble/stalemates.js';
import { superheroGladiatorsSamples } from './superhero-gladiators/samples.js';
import { superheroGladiatorsCosts } from './superhero-gladiators/costs.js';
import { superheroGladiatorsBuilds } from './superhero-gladiators/builds.js';
import { superheroGladiatorsStalemates } from './superhero-gladiators/stalemates.js';
import { ophidianCardsStudy } from './ophidian/cards.js';
import { ophidianTeamsStudy } from './ophidian/teams.js';
import { ophidianFlowStudy } from './ophidian/flow.js';

export const STUDIES: readonly Study[] = [
  gladiatorDuelMatchups,
  gladiatorDuelTuning,
  gladiatorDuelTraining,
  darkHeroBuilds,
  darkHeroFairness,
  darkHeroHouseRules,
  rumblePowerValuesStudy,
  rumbleAuctionMetaStudy,
  rumbleDominanceStudy,
  rumbleStalemates,
  superheroGladiatorsSamples,
  superheroGladiatorsCosts,
  superheroGladiatorsBuilds,
  superheroGladiatorsStalemates,
  ophidianCardsStudy,
  ophidianTeamsStudy,
  ophidianFlowStudy,
];

/** The study called `name`, or a UserError listing the names allowed. */
export function getStudy(name: string): Study {
  const study = STUDIES.find((s) => s.name === name);
  if (!study) {
    throw new UserError(`unknown study ${JSON.stringify(name)}; allowed: default, ${STUDIES.map((s) => s.name).join(', ') || '(none registered)'}`);
  }
  return study;
}
