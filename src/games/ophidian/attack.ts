/**
 * Attacks (3.6, 3.7, 3.10, 3.11): declaration, the Defender's Intercept / Protect / allow,
 * the response chain (responses.ts) and then the damage, Rage and Cheer; Hidden Danger's
 * retarget (8.0 "Targeting").
 */
import type { WindowSpec } from '../../core/flow.js';
import { setAt } from '../../core/flow.js';
import { openWindow } from './ask.js';
import { fire, setCard, unsetCard, wound, type D } from './effects.js';
import * as st from './state.js';
import type { OphidianState } from './state.js';
import { checkVictory } from './victory.js';
import { admg, charactersOf, controller, isChar, isG, modifier, opponentsOf, raging, type OphAction } from './view.js';

const LOC = { ...st.LOC };
type Window = WindowSpec<OphidianState, OphAction>;

export const HOW = ['hit', 'intercept', 'protect'] as const;

/** Declares an Attack (3.6): Cheer is due if the target is Unset; the defender may Intercept or Protect (3.7). */
export function declareAttack(d: D, p: number, attacker: number, target: number): void {
  const s = d as OphidianState;
  d.attack = [attacker, target, s.isSet[target] ? 0 : 1, raging(s, target) ? 1 : 0];
  const q = controller(s, target);
  openWindow(d, 'defend', [q]);
}

/** Resolves the Attack on `defender` (the target, or who Intercepted/Protected). */
export function resolveAttack(d: D, defender: number, how: 'hit' | 'intercept' | 'protect', bonus = 0): void {
  const a = d.attack; // index reads (array destructuring goes through the iterator)
  const attacker = a[0]!, target = a[1]!, unsetAtDeclaration = a[2]!, ragingBefore = a[3]!;
  const p = controller(d as OphidianState, attacker);
  d.attack = [];
  // Cheer (3.11): "When a Gladiator you control Attacks an Unset Character, a Cheer will be
  // generated" — a Gladiator's Attack only (a Minion's earns none); the Intercepting player takes it.
  if (unsetAtDeclaration && isG(d as OphidianState, attacker)) {
    const gainer = how === 'intercept' ? controller(d as OphidianState, defender) : p;
    d.cheer = setAt(d.cheer, gainer, d.cheer[gainer]! + 1);
    // 3.11 note: "You can trade in cheer after receiving cheer from intercepting during an
    // Attack" — the Interceptor is asked once the Attack and its event chain resolved (effects.ts endOfAction).
    if (how === 'intercept') d.cheerTrader = gainer;
  }
  if (how === 'intercept') setCard(d, defender);
  const targetWasSet = d.isSet[target]!;
  setCard(d, attacker);
  // Responses' changes are tallied, then a negative total is floored at 0 (8.0 "Negative Values").
  if (isChar(d as OphidianState, attacker)) wound(d, defender, Math.max(0, admg(d as OphidianState, attacker) + bonus), attacker);
  if (how !== 'hit') return; // an Intercepting/Protecting Defender deals no DDMG and uses no Rage (3.6, 3.10, errata)
  if (!isChar(d as OphidianState, defender)) return;
  const ddmg = modifier(d as OphidianState, 'ddmg', defender, -1);
  if (ddmg > 0 && isChar(d as OphidianState, attacker)) wound(d, attacker, ddmg, defender);
  // Rage (3.10), only if it was Raging before this action: Unset target -> 1 RDMG to the Attacker; Set target -> it Unsets.
  if (ragingBefore && isChar(d as OphidianState, defender)) {
    if (!targetWasSet) {
      if (isChar(d as OphidianState, attacker)) wound(d, attacker, 1, defender);
    } else unsetCard(d, defender); // an event a card may name ("After … Unsets")
  }
}

/** After the Defender chose: the response chain, from the player with the Flow, alternating until all pass in a row (8.0). */
export function openChain(d: D, defender: number, how: number): void {
  // After a retarget the Attack's ADMG changes already tallied stay with it (attack[4]).
  d.chain = [defender, how, d.attack[4] ?? 0, 0, 0];
  // The Attack is declared and its Defender known: continuous "After … Attacks" / "After … is
  // Attacked" effects resolve before the Responses (8.0 Timing: "first all Continuous effects
  // resolve, then all Responses"); once per card in the chain, so a retarget does not repeat them.
  const attacker = d.attack[0]!;
  fire(d, 'attacking', attacker, attacker);
  fire(d, 'attacked', defender, attacker);
  openWindow(d, 'respond', [d.flowHolder]);
}

export function chainDone(d: D): void {
  const ch = d.chain;
  const defender = ch[0]!, how = ch[1]!, bonus = ch[2]!, retarget = ch[4]!;
  if (retarget) {
    // Hidden Danger (8.0 Targeting): the Attacker picks a new valid target; with none the Attack fails before the Attacker Sets.
    d.chain = [];
    if (retargets(d as OphidianState).length === 0) {
      d.attack = [];
      return;
    }
    openWindow(d, 'retarget', [controller(d as OphidianState, d.attack[0]!)], bonus);
    return; // the new target's Defender then chooses again, and a new response round follows (retargetWindow)
  }
  d.chain = [];
  resolveAttack(d, defender, HOW[how]!, bonus);
  checkVictory(d);
}

export function retargets(s: OphidianState): number[] {
  const attacker = s.attack[0]!, target = s.attack[1]!;
  const p = controller(s, attacker);
  const out: number[] = [];
  for (const q of opponentsOf(s, p)) for (const c of charactersOf(s, q)) if (c !== target) out.push(c);
  return out;
}


export const defendWindow: Window = {
      moves(s) {
        const target = s.attack[1]!;
        const q = controller(s, target);
        const out: OphAction[] = ['allow'];
        for (const c of charactersOf(s, q)) {
          if (c === target || s.isSet[c] || !isG(s, c)) continue;
          if (s.loc[c] === s.loc[target]) out.push(`icp:${c}`);
          else if (s.loc[target] === LOC.support && s.loc[c] === LOC.action) out.push(`prt:${c}`);
        }
        return out;
      },
      play(d, _p, a) {
        const [kind, c] = a.split(':');
        const target = d.attack[1]!;
        if (kind === 'allow') openChain(d, target, 0);
        else openChain(d, Number(c), kind === 'icp' ? 1 : 2);
        return true;
      },
    };

export const retargetWindow: Window = {
      moves: (s) => retargets(s).map((c) => `new:${c}`),
      /**
       * The Attacker names a new valid target: the Attack is declared anew on it (8.0
       * "Targeting"), so its Defender may Intercept or Protect (3.7) and a new response round
       * follows (8.0: the chain goes on; cards used in it stay used). Cheer and Rage read the
       * new target; the ADMG changes already tallied stay with the Attack.
       */
      play(d, _p, a, bonus) {
        const c = Number(a.split(':')[1]);
        d.attack = [d.attack[0]!, c, d.isSet[c] ? 0 : 1, raging(d as OphidianState, c) ? 1 : 0, bonus];
        openWindow(d, 'defend', [controller(d as OphidianState, c)]);
        return true;
      },
    };
