/**
 * The Ophidian rules on core's turn flow (src/core/flow.ts). One *turn* is one player
 * holding the Flow: it acts until it loses the Flow (a (-) action, a failed (?), a pass),
 * then the Flow goes to its left (2.5). A *round* is a Wave: it ends when every player
 * passed in a row (2.6); the Breather (4.0) runs at the round's end as a queue of decision
 * windows, then the next Wave starts with the player the Breather chose.
 *
 * Actions are short strings (readable in logs and tree keys):
 *   pass | play:<card>[:t<targets>][:x<X>] | ab:<card>:<ability>[:t<targets>] | adv:<c> | ret:<c>
 *   atk:<attacker>:<target> | trade (a Cheer turns the (+) just made into a (-), 3.11)
 * and window answers: allow | icp:<c> | prt:<c> | opt:<k> | field:<action|support>
 *   | trade | pass (the Interceptor's Cheer traded in or kept, 3.11 note)
 *   | keep | drop | promote:<g> | reinforce | none | scrap:<c> | done | bottom:<c>
 *
 * The rules live in small modules, each with one job; this file assembles them into the flow:
 *   view.ts (reading a state) · effects.ts (writing: Wounds, Destroy, triggers, effect programs)
 *   legal.ts (what may be done) · actions.ts (the Flow holder's actions) · attack.ts (Attacks)
 *   responses.ts (Responses to an Attack) · events.ts (event chains: "After …" Responses, 8.0) · breather.ts (4.0 and setup's decisions) · victory.ts (4.2)
 *   ask.ts (opening a window from any of them)
 */
import { defineFlow, type WindowSpec } from '../../core/flow.js';
import { actMoves } from './legal.js';
import { actPlay, tradeCheerWindow } from './actions.js';
import { openWindow, plugFlow } from './ask.js';
import { defendWindow, retargetWindow } from './attack.js';
import { bottomWindow, continueBreather, forceWindow, WAVE_END, maintainWindow, maneuverWindow, promoteWindow, redrawWindow, reinforceWindow, SETUP, wavePassed } from './breather.js';
import { chooseWindow } from './effects.js';
import { afterAction, reactWindow } from './events.js';
import { costWindow } from './paying.js';
import { respondWindow } from './responses.js';
import type { D, OphidianState } from './state.js';
import { checkVictory, checkWaveLimit } from './victory.js';
import { RULES, wavePassedAll, type OphAction } from './view.js';

// The public face of the rules (index.ts, the heuristic, tests).
export { actMoves } from './legal.js';
export { canReinforce, promoteMoves, SETUP } from './breather.js';
export { responseMoves } from './responses.js';
export { abilitiesOf, admg, charactersOf, controller, favorite, gladiatorsInPlay, handSize, inPlay, isChar, life, rage, raging, RULES, woundTotal, type OphAction } from './view.js';

/** A window an action may open: once the last of them closes, the action's event chain follows (events.ts). */
function thenAfterAction(w: WindowSpec<OphidianState, OphAction>): WindowSpec<OphidianState, OphAction> {
  return {
    ...w,
    onClose(d: D, by: number, data: number) {
      w.onClose?.(d, by, data);
      if (d.stack.length === 0) afterAction(d);
    },
  };
}

/**
 * The one shallow copy per step (core's flow, "Speed and immutability"): an object literal
 * with every field, so V8 keeps one hidden class for every state; a spread of this ~45-field
 * state was a tenth of the time. A field added to the state must be added here (the type
 * checker refuses a literal that misses one).
 */
function copyState(s: OphidianState): D {
  return withHidden(s, s.zones, s.rng);
}

/**
 * `s` with its zones and dice stream replaced — an observation's or a determinization's
 * copy (index.ts), one per search step and rollout move — built as `copyState`'s literal
 * (a spread of the state was several times slower and gave a second hidden class).
 */
export function withHidden(s: OphidianState, zones: OphidianState['zones'], rng: OphidianState['rng']): D {
  return {
    phase: s.phase, round: s.round, order: s.order, turn: s.turn, current: s.current, stack: s.stack, steps: s.steps,
    t: s.t, zones, rng,
    loc: s.loc, wounds: s.wounds, isSet: s.isSet, host: s.host, lvl: s.lvl,
    cp: s.cp, cheer: s.cheer, vp: s.vp, wave: s.wave, flowHolder: s.flowHolder, passes: s.passes, lost: s.lost, plusJustMade: s.plusJustMade, cheerTrader: s.cheerTrader,
    attack: s.attack, chain: s.chain, chainUsed: s.chainUsed, continuousUsed: s.continuousUsed, events: s.events, uniqueUsed: s.uniqueUsed, paying: s.paying, payDelta: s.payDelta,
    deathMatch: s.deathMatch, repetition: s.repetition, zonesPerPlayer: s.zonesPerPlayer, pointsAfterWaveEnd: s.pointsAfterWaveEnd, loop: s.loop, pending: s.pending, breather: s.breather, maneuver: s.maneuver,
    winner: s.winner, drawn: s.drawn, alive: s.alive, pool: s.pool, endReason: s.endReason,
    firstFlow: s.firstFlow,
  };
}

export const flow = defineFlow<OphidianState, OphAction>({
  game: 'ophidian',
  copy: copyState,
  turnOrder: {
    round: (s) => Array.from({ length: s.t.players }, (_, k) => (s.flowHolder + k) % s.t.players),
    // The Flow goes to the left after a loss; every player passing in a row ends the Wave.
    next: (s, order) => (wavePassedAll(s) || s.winner !== -1 ? -1 : order.indexOf(s.flowHolder)),
  },
  first: 'act',
  phases: {
    act: {
      onBegin(d) {
        d.lost = false;
        d.plusJustMade = false;
        if (d.breather === SETUP) {
          // Setup (3.1): from the Flow holder to the left, the two bonus cards to the bottom, then the Maneuver.
          d.maneuver = Array.from({ length: d.t.players }, (_, k) => (d.flowHolder + k) % d.t.players);
          openWindow(d, 'bottom', [d.maneuver[0]!]);
        }
      },
      moves: (s, p) => actMoves(s, p),
      play(d, p, a) {
        // One event chain per action: each card answers at most once in it (8.0).
        if (d.chainUsed.length) d.chainUsed = [];
        if (d.continuousUsed.length) d.continuousUsed = [];
        actPlay(d, p, a);
        checkVictory(d);
        if (d.stack.length === 0) afterAction(d);
      },
      endIf: (s) => s.lost || s.winner !== -1,
    },
  },
  windows: {
    defend: thenAfterAction(defendWindow),
    respond: thenAfterAction(respondWindow),
    retarget: thenAfterAction(retargetWindow),
    choose: thenAfterAction({
      ...chooseWindow,
      play(d, p, a, data) {
        const taken = chooseWindow.play(d, p, a, data);
        checkVictory(d);
        return taken;
      },
    }),
    react: {
      ...reactWindow,
      onClose(d: D, by: number, data: number) {
        reactWindow.onClose!(d, by, data);
        // The "After a Wave ends" chain is over: after Wave 4 (and each elimination Wave) the Point
        // Victory is checked now (option `waveEnd`, 'effects-first'), then the Breather begins (4.0).
        if (d.stack.length === 0 && d.breather === WAVE_END && d.winner === -1) {
          if (d.pointsAfterWaveEnd && d.wave >= RULES.waves) {
            d.wave = d.wave + 1;
            checkWaveLimit(d);
            d.wave = d.wave - 1;
            if (d.winner !== -1) return;
          }
          d.breather = 0;
          continueBreather(d);
        }
        // A Breather step's event chain is over (breatherStepDone): the Breather goes on.
        else if (d.stack.length === 0 && d.breather >= 1 && d.breather <= 5 && d.winner === -1 && d.events.length === 0) continueBreather(d);
      },
    },
    cost: thenAfterAction(costWindow),
    redraw: redrawWindow,
    bottom: bottomWindow,
    force: forceWindow,
    maintain: maintainWindow,
    promote: promoteWindow,
    reinforce: reinforceWindow,
    maneuver: maneuverWindow,
    'trade-cheer': tradeCheerWindow,
  },
  onRoundEnd(d) {
    if (d.winner !== -1) return;
    if (d.wave >= RULES.waves && !d.pointsAfterWaveEnd) {
      // After Wave 4 (and each elimination Wave): most VP wins (4.2).
      d.wave = d.wave + 1;
      checkWaveLimit(d);
      d.wave = d.wave - 1;
      if (d.winner !== -1) return;
    }
    d.passes = 0;
    wavePassed(d);
  },
  endIf: (s) => s.winner !== -1,
});


plugFlow(flow.openWindow);
