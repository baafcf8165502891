/**
 * A simple sensible player (the `heuristic` agent; agents/heuristics registers it). It reads
 * only its observation (its own hand; the opponent's hand and every Arsenal are hidden).
 * Each decision scores the legal actions:
 *
 * - Flow actions: a killing Attack (worth the target's VP), else an Attack on an Unset
 *   target (Cheer) or the most damage; then the dearest playable card (spend CP on the best
 *   value, (+) cards first so the Flow is kept); then Advance an Unset attacker; else pass.
 *   It never Retreats nor trades Cheer on its own (+) actions.
 * - Trade the Cheer it took by Intercepting (3.11 note): when the Attacker's side still has a
 *   ready attacker (the trade takes the Flow from it); else keep it.
 * - Defend: Intercept or Protect with a healthy Gladiator when the Attack would destroy the
 *   target; else let it hit. Responses: play one that lowers an Attack on its side or raises
 *   its own Attack, if affordable; else pass.
 * - Breather: keep its hand, put its dearest cards at the bottom, maintain what it can
 *   afford, promote the most wounded Gladiator, bring the Reinforcement, send Gladiators with
 *   ADMG 2+ to the Action Field.
 * Deterministic: ties go to the first legal action.
 *
 * `heuristic:bar=card-id` (several joined by `+`) never plays those Strategy cards — from
 * hand, as a Response or as a cost modifier — the restricted play of the card study.
 */
import type { AgentFactory } from '../../core/agent.js';
import { UserError } from '../../core/errors.js';
import type { StrategyCard } from './cards/types.js';
import { admg, controller, flow, isChar, life, raging } from './rules.js';
import { LOC, type OphidianState } from './state.js';
import { BAR_LIST, withoutBarred } from './bar.js';
import { parsedOf } from './actions.js';

/** `admg(s, c)` for the last (state, character) asked: a decision scores every Attack of one attacker in a row. */
let admgState: OphidianState | null = null;
let admgOf = -1;
let admgValue = 0;
function attackerAdmg(s: OphidianState, c: number): number {
  if (s !== admgState || c !== admgOf) {
    admgState = s;
    admgOf = c;
    admgValue = admg(s, c);
  }
  return admgValue;
}

// (No closures inside these per-action functions: tsx names each closure it makes with a
// defineProperty call, which cost rollouts more than the scoring itself.)
function score(s: OphidianState, p: number, a: string): number {
  // The kinds scored without their numbers, and the Attack's two, are read off the string's
  // characters: the parse memo's lookup (a Map of strings) was the heuristic's largest cost.
  const c0 = a.charCodeAt(0);
  if (c0 === CHAR_A && a.startsWith('atk:')) {
    const att = digitsAt(a, 4);
    const t = att >= 0 ? digitsAt(a, digitsEnd + 1) : -1;
    if (t >= 0 && digitsEnd === a.length) return attackScore(s, att, t);
  } else if (c0 === CHAR_A && a.startsWith('ab:')) return 25;
  else if (a === 'pass') return 1;
  return scoreParsed(s, p, a);
}

const CHAR_A = 97;
/** Where the last `digitsAt` stopped. */
let digitsEnd = 0;
/** The plain count (digits only) at `from` in `a` up to the next colon or the end; -1 when it is not one (then the general parse reads it). */
function digitsAt(a: string, from: number): number {
  let n = 0;
  let i = from;
  for (; i < a.length; i++) {
    const code = a.charCodeAt(i);
    if (code === 58) break;
    if (code < 48 || code > 57) return -1;
    n = n * 10 + (code - 48);
  }
  digitsEnd = i;
  return i > from ? n : -1;
}

/** An Attack by `att` on `t`: a kill first (worth the target's VP), then Cheer (an Unset target), then damage. */
function attackScore(s: OphidianState, att: number, t: number): number {
  const dmg = Math.max(0, attackerAdmg(s, att));
  const kills = s.wounds[t]! + dmg >= life(s, t);
  const vp = s.t.card[t]!.kind === 'gladiator' ? 3 : 1;
  const rage = raging(s, t) && !s.isSet[t] ? -1 : 0;
  return 50 + dmg * 5 + (kills ? 20 * vp : 0) + (s.isSet[t] ? 0 : 8) + rage;
}

function scoreParsed(s: OphidianState, p: number, a: string): number {
  // The engine's own parse of the action string (actions.ts parsedOf: memoized, shared with apply).
  const { kind, nums, choice } = parsedOf(a);
  switch (kind) {
    case 'atk':
      return attackScore(s, nums[0]!, nums[1]!);
    case 'play': {
      const instance = nums[0]!;
      const card = s.t.card[instance] as StrategyCard;
      // Pumps that help go on its own characters, harmful ones on the enemy's (the card's target side says which).
      const onOwn = choice.targets.length > 0 && controller(s, choice.targets[0]!) === p;
      if (card.target && card.target.side === 'any' && !onOwn) return 0;
      // (`fixed` is the printed cost when it is a plain number: what `cp` returns, without an environment.)
      const cost = card.cost.fixed ?? card.cost.cp({ w: null as never, card: instance, controller: p, targets: [], event: null, x: 0 });
      return 30 + 3 * cost + (card.flow === '+' ? 5 : 0);
    }
    case 'ab':
      return 25;
    case 'adv':
      return admg(s, nums[0]!) > 0 ? 20 : 0;
    case 'pass':
      return 1;
    default:
      return -10; // retreat, trade
  }
}

function defend(s: OphidianState, legal: readonly string[]): string {
  const [att, target] = s.attack as [number, number];
  const dmg = Math.max(0, admg(s, att));
  if (s.wounds[target]! + dmg < life(s, target)) return 'allow';
  let best = 'allow';
  let bestLeft = 0;
  for (const a of legal) {
    if (a === 'allow') continue;
    const c = numberAt(a);
    const left = life(s, c) - s.wounds[c]! - dmg;
    if (left > bestLeft) {
      best = a;
      bestLeft = left;
    }
  }
  return best;
}

/**
 * The Interceptor's Cheer trade (3.11 note): trade the Cheer in — taking the Flow from the
 * Attacker — while the Flow holder still has a ready attacker (Unset, in the Action Field, with
 * ADMG), i.e. while the Flow would bring another Attack; else keep it for the crowd.
 */
function tradeCheer(s: OphidianState): string {
  const holder = s.flowHolder;
  for (let c = 0; c < s.loc.length; c++) {
    if (s.loc[c] === LOC.action && !s.isSet[c] && isChar(s, c) && controller(s, c) === holder && admg(s, c) > 0) return 'trade';
  }
  return 'pass';
}

/**
 * The number after the first colon of an action string (`bottom:12` → 12), as
 * `Number(a.split(':')[1])` reads it, without the array and the strings that split makes:
 * the Breather's answers are read this way at every rollout step that asks one.
 */
function numberAt(a: string): number {
  const from = a.indexOf(':') + 1;
  if (from === 0) return NaN; // no colon: split(':')[1] is undefined
  let n = 0;
  for (let i = from; i < a.length; i++) {
    const code = a.charCodeAt(i);
    if (code === 58) break; // the next colon ends the part
    if (code < 48 || code > 57) return Number(a.split(':')[1]); // not a plain count: the general reading
    n = n * 10 + (code - 48);
  }
  return n;
}

/**
 * The decision's name as `flow.decision(s)?.name ?? 'act'` gives it, without the object
 * `decision` makes: the open window's name (looked up once per window), else the phase's.
 */
const windowNames: string[] = [];
function decisionName(s: OphidianState): string {
  const st = s.stack;
  if (st.length === 0) return 'act'; // (one phase; `decision` is null only once the game is over)
  const w = st[st.length - 1]!.window;
  return (windowNames[w] ??= flow.decision(s)!.name);
}

/** The first of `legal` that is not `pass`, else `pass`. */
function firstNotPass(legal: readonly string[]): string {
  for (let i = 0; i < legal.length; i++) if (legal[i] !== 'pass') return legal[i]!;
  return 'pass';
}

/** The first Attack Response or Response ability of `legal`, else `pass`. */
function firstResponse(legal: readonly string[]): string {
  for (let i = 0; i < legal.length; i++) {
    const a = legal[i]!;
    if (a.startsWith('resp:') || a.startsWith('rab:')) return a;
  }
  return 'pass';
}

export function chooseOphidian(s: OphidianState, p: number, legal: readonly string[]): string {
  const name = decisionName(s);
  if (name === 'trade-cheer') return tradeCheer(s);
  if (name === 'defend') return defend(s, legal);
  if (name === 'respond') return firstResponse(legal);
  if (name === 'react') return firstNotPass(legal);
  if (name === 'cost') {
    // Raise an opponent's cost; clear modifiers on its own card when they raised it.
    const payer = controller(s, Number(s.paying.split(':')[1]));
    return legal.find((a) => a !== 'pass' && (payer !== p ? (s.t.card[Number(a.split(':')[1])] as StrategyCard).trigger?.of === 'enemy' : s.payDelta > 0)) ?? 'pass';
  }
  if (name === 'redraw') return 'done';
  if (name === 'bottom') {
    let best = legal[0]!;
    let cost = -1;
    for (const a of legal) {
      const c = s.t.card[numberAt(a)] as StrategyCard;
      // (`fixed`: the printed cost when it is a plain number, what `cp` returns, without an environment.)
      const k = c.cost.xChosen ? 0 : (c.cost.fixed ?? c.cost.cp({ w: null as never, card: 0, controller: p, targets: [], event: null, x: 0 }));
      if (k > cost) {
        cost = k;
        best = a;
      }
    }
    return best;
  }
  if (name === 'maintain') return 'keep';
  if (name === 'promote') {
    let best = legal[0]!;
    let w = -1;
    for (const a of legal) if (a.startsWith('promote:') && s.wounds[numberAt(a)]! > w) (w = s.wounds[numberAt(a)]!), (best = a);
    return best;
  }
  if (name === 'reinforce') return 'reinforce';
  if (name === 'maneuver') {
    const c = s.maneuver[0]!;
    return isChar(s, c) || s.loc[c] !== LOC.out ? (admg(s, c) >= 2 ? 'field:action' : 'field:support') : 'field:support';
  }
  // A retarget (Hidden Danger): the new target scored as an Attack on it (a kill first, then Cheer).
  if (name === 'retarget') {
    let best = legal[0]!;
    let top = -Infinity;
    for (const a of legal) {
      const v = score(s, p, `atk:${s.attack[0]}:${a.split(':')[1]}`);
      if (v > top) (top = v), (best = a);
    }
    return best;
  }
  if (name === 'choose') return legal[legal.length - 1]!;
  let best = legal[0]!;
  let top = -Infinity;
  for (const a of legal) {
    const v = score(s, p, a);
    if (v > top) {
      top = v;
      best = a;
    }
  }
  return best;
}

/** The key of action `a`'s uses in Wave `wave` (the heuristic's own count, below). */
function usedKey(wave: number, a: string): string {
  return `${wave}|${a}`;
}

/** Whether the heuristic has used ability `a` three times this Wave (only abilities are counted). */
function usedUp(used: ReadonlyMap<string, number>, wave: number, a: string): boolean {
  return a.startsWith('ab:') && (used.get(usedKey(wave, a)) ?? 0) >= 3;
}

// (Loops, not `some`/`filter` closures: this runs at every rollout step of a search, where tsx's
// naming of each closure made was a measurable cost.)
/** Whether any of `legal` is an ability used up this Wave. */
function anyUsedUp(used: ReadonlyMap<string, number>, wave: number, legal: readonly string[]): boolean {
  for (let i = 0; i < legal.length; i++) if (usedUp(used, wave, legal[i]!)) return true;
  return false;
}
/** `legal` without the abilities used up this Wave, in order. */
function notUsedUp(used: ReadonlyMap<string, number>, wave: number, legal: readonly string[]): string[] {
  const fresh: string[] = [];
  for (let i = 0; i < legal.length; i++) if (!usedUp(used, wave, legal[i]!)) fresh.push(legal[i]!);
  return fresh;
}

export const ophidianHeuristic: AgentFactory = ({ spec, params }) => {
  for (const key of Object.keys(params))
    if (key !== 'bar') throw new UserError(`agent spec ${JSON.stringify(spec)}: unknown parameter ${JSON.stringify(key)} (value ${JSON.stringify(params[key])}); allowed: bar (Strategy card ids joined by +, never played)`);
  const raw = params['bar'];
  if (raw !== undefined && !BAR_LIST.test(raw))
    throw new UserError(`agent spec ${JSON.stringify(spec)}: bar is ${JSON.stringify(raw)}; allowed: Strategy card ids (lowercase, digits, dashes) joined by +`);
  const barred = new Set(raw === undefined ? [] : raw.split('+'));
  // A free (+) ability that changes nothing (Maximillion's Level-3 Retreat while in Support)
  // stays legal forever, and two players using it between passes never pass twice in a row:
  // the agent uses one ability at most three times a Wave.
  const used = new Map<string, number>();
  return {
    spec,
    act: (ctx) => {
      // A forced move (a third of a search's rollout steps: a window with one answer) is that
      // answer, unscored: the choice below is always one of `legal` (apply refuses any other),
      // and a forced move counts no ability ('pass' is always legal where abilities are).
      if (ctx.legal.length === 1) return ctx.legal[0] as string;
      const s = ctx.obs as OphidianState;
      let legal = withoutBarred(s, ctx.legal as readonly string[], barred);
      // (`flow.decision(s)?.name === 'act'` without its object: no window open, the game not over.)
      const acting = s.stack.length === 0 && flow.phaseAt(s) >= 0;
      // Only abilities are counted, so nothing is left out while none is.
      if (acting && used.size > 0 && anyUsedUp(used, s.wave, legal)) {
        const fresh = notUsedUp(used, s.wave, legal);
        if (fresh.length > 0) legal = fresh;
      }
      const a = chooseOphidian(s, ctx.player, legal);
      if (acting && a.startsWith('ab:')) used.set(usedKey(s.wave, a), (used.get(usedKey(s.wave, a)) ?? 0) + 1);
      return a;
    },
  };
};
