/**
 * The cost window (costs.ts): asks for cost modifiers until all pass in a row, then plays the
 * parked card — a card from the Flow holder's hand (actions.ts) or a Response card during an
 * Attack (responses.ts) or in an event chain (events.ts) — at its modified cost.
 */
import type { WindowSpec } from '../../core/flow.js';
import { playCard } from './actions.js';
import { askCost, costMoves, mayAnswerCost, playCostModifier } from './costs.js';
import { parseTargets } from './legal.js';
import { playResponse } from './responses.js';
import { playEventResponse } from './events.js';
import type { OphidianState } from './state.js';
import { checkVictory } from './victory.js';
import { controller, type OphAction } from './view.js';

export const costWindow: WindowSpec<OphidianState, OphAction> = {
  moves: (s, q) => costMoves(s, q),
  asks: (s, q) => mayAnswerCost(s, q),
  play(d, q, a) {
    if (a === 'pass') return false;
    playCostModifier(d, q, a);
    return true;
  },
  onClose(d, by, data) {
    const passes = by < 0 ? Math.floor(data / 16) + 1 : 0;
    if (passes < d.t.players) return askCost(d, ((data % 16) + 1) % d.t.players, passes);
    // Everyone passed in a row: the card is paid and played.
    const a = d.paying;
    const delta = d.payDelta;
    d.paying = '';
    d.payDelta = 0;
    const parts = a.split(':');
    const c = Number(parts[1]);
    const p = controller(d as OphidianState, c);
    if (parts[0] === 'play') playCard(d, p, c, parseTargets(parts.slice(2)), delta);
    else if (parts[0] === 'ev') playEventResponse(d, p, a, delta);
    else playResponse(d, p, a, delta);
    checkVictory(d);
  },
};
