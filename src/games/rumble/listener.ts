/**
 * What the Rumble studies read from a game, gathered by a listener (core/listeners.ts)
 * instead of kept in the state: `energyLost`, the Energy the heroes lost in the rounds, all
 * together (damage, Burn, Drain, the house rules' losses; not auction payments). The cap
 * report's "no Energy lost" (experiments/cap-report.ts) reads it, so every Rumble study
 * table attaches it (cap-report.ts `NOTHING_HAPPENED.rumble.listeners`, added by
 * experiments/study-table.ts); `crucible play` records it only with `--listeners energyLost`.
 */
import type { GameListener, ListenerKind, Tags } from '../../core/game.js';
import type { RumbleState } from './types.js';

/** Emitted by plain-round.ts and round-end.ts once a round in which Energy was lost; the detail is the amount, all heroes together. */
export const ENERGY_LOST = 'energy-lost';

/** The Energy lost in the rounds, summed (tag `energyLost`; 0: nothing happened). */
function energyLostListener(): GameListener<RumbleState> {
  let lost = 0;
  return {
    onEvent(event, _s, amount) {
      if (event === ENERGY_LOST) lost += amount;
    },
    tags: (): Tags => ({ energyLost: lost }),
  };
}

/** The listeners a study may attach by name (game.ts `listeners`; their tags in tagsSchema). */
export const rumbleListeners: Readonly<Record<string, ListenerKind<RumbleState>>> = {
  energyLost: {
    description: 'tag `energyLost`: Energy lost in the rounds, all heroes together (damage, Burn, Drain, house rules; not auction payments): 0 = nothing happened',
    create: energyLostListener,
  },
};
