/**
 * The Flow holder's actions (3.2): play a card (3.3, 2.2), use an ability, Advance and
 * Retreat (3.5), Attack (attack.ts), trade a Cheer (3.11), pass (2.6); and how each ends
 * by its Flow symbol (2.5). Also the Interceptor's Cheer trade (3.11's note, tradeCheerWindow).
 */
import { setAt, type WindowSpec } from '../../core/flow.js';
import { EVERYONE, moveCard, type Zones } from '../../core/zones.js';
import { declareAttack } from './attack.js';
import { destroyAtLife, fire, removeFromPlay, runProgram, setCard, tailFor, wound } from './effects.js';
import { parseTargets } from './legal.js';
import * as st from './state.js';
import type { D, OphidianState } from './state.js';
import { abilitiesOf, controller, envOf, glad, isG, leftOf, playCost, strat, type OphAction } from './view.js';
import { mayModifyCost, startPaying } from './costs.js';
import { beforeFlowAction } from './repetition.js';
import type { Ability } from './cards/types.js';

const { HAND, SCRAP, zoneOf } = st;
const LOC = { ...st.LOC };

/** Ends an action with its Flow symbol: (+) keeps the Flow, (-) loses it, (?) as resolved (2.5). */
export function resolveFlow(d: D, p: number, symbol: string, keep: boolean | null): void {
  const plus = symbol === '+' || (symbol === '?' && keep === true);
  if (plus) {
    d.plusJustMade = true;
    return;
  }
  loseFlow(d, p);
}

export function loseFlow(d: D, p: number): void {
  d.plusJustMade = false;
  d.lost = true;
  d.flowHolder = leftOf(d as OphidianState, p); // the next player to the left still in the match (2.5, 7.0)
}

export function playCard(d: D, p: number, c: number, choice: Choice, costDelta = 0): void {
  const s = d as OphidianState;
  const { targets, x } = choice;
  const card = strat(s, c);
  const cost = Math.max(0, playCost(s, p, c, x) + costDelta);
  // Raised beyond what the player has (a cost modifier, costs.ts): the card is not played and stays in hand; the player still has the Flow.
  if (cost > d.cp[p]!) return;
  d.cp = setAt(d.cp, p, d.cp[p]! - cost);
  const hand = zoneOf(p, HAND);
  // Extra play costs, chosen in the action (3.3): the discarded cards are Scrapped (seen by all), the Minions Scrapped.
  for (const h of choice.discards) d.zones = moveCard(d.zones, hand, d.zones.cards[hand]!.indexOf(h), zoneOf(p, SCRAP), { reveal: EVERYONE });
  for (const m of choice.minions) removeFromPlay(d, m, false);
  if (card.unique && card.type === 'quick-hit') d.uniqueUsed = [...d.uniqueUsed, `${p}:${card.id}`];
  // Out of the hand (seen by all from now on); placed by type (2.2, 3.3). A Quick-Hit joins the
  // Scrapheap once its effects resolved (afterPlay); the other types stay in play.
  d.zones = withoutCard(d.zones, hand, c);
  if (card.type === 'minion') d.loc = setAt(d.loc, c, LOC.support);
  else if (card.type === 'pump') {
    d.loc = setAt(d.loc, c, LOC.pump);
    d.host = setAt(d.host, c, targets[0]!);
  } else if (card.type === 'zone') {
    // Past the four-Zone limit, the Zone of yours the player chose is Scrapped (2.2); then every Zone flips and the new one enters face up.
    if (choice.zone >= 0) removeFromPlay(d, choice.zone, false);
    for (let i = 0; i < d.loc.length; i++) {
      if (d.loc[i] === LOC.zoneUp) d.loc = setAt(d.loc, i, LOC.zoneDown);
      else if (d.loc[i] === LOC.zoneDown) d.loc = setAt(d.loc, i, LOC.zoneUp);
    }
    d.loc = setAt(d.loc, c, LOC.zoneUp);
  }
  // A Pump or a flipped Zone may lower a Life to the Wounds already there (3.9).
  if (card.type === 'pump' || card.type === 'zone') destroyAtLife(d, p);
  // Its effects resolve fully (a choice in them is answered first), then the rest of the play (8.0).
  runProgram(d, card.onPlay, c, p, targets, x, null, choice.foe, tailFor(`play:${p}:${c}:${targets.join(',')}:${x}`, () => (d2, keep) => afterPlay(d2, p, c, targets, x, keep)));
}

/**
 * The zones with card c taken out of zone `from` (a stack): the one zone list copied, instead of
 * core's moveCard to a pile and back out of it (four list copies for every card played).
 */
function withoutCard(z: Zones, from: number, c: number): Zones {
  const i = z.cards[from]!.indexOf(c);
  if (i < 0) throw new Error(`ophidian: card ${c} is not in zone ${from}`);
  const cards = z.cards.slice();
  const known = z.known.slice();
  const zc = cards[from]!.slice();
  const zk = known[from]!.slice();
  zc.splice(i, 1);
  zk.splice(i, 1);
  cards[from] = zc;
  known[from] = zk;
  return { kinds: z.kinds, cards, known, unseen: z.unseen };
}

/** After a played card's effects: a Quick-Hit goes to the Scrapheap, the card's "played" event, then its Flow symbol ((?) as its text resolved it). */
function afterPlay(d: D, p: number, c: number, targets: readonly number[], x: number, keep: boolean | null): void {
  const card = strat(d as OphidianState, c);
  const scrapZ = zoneOf(p, SCRAP);
  if (card.type === 'quick-hit') d.zones = { ...d.zones, cards: setAt(d.zones.cards, scrapZ, [...d.zones.cards[scrapZ]!, c]), known: setAt(d.zones.known, scrapZ, [...d.zones.known[scrapZ]!, EVERYONE]) };
  const k = card.flow === '?' ? (card.keepFlowIf ? card.keepFlowIf(envOf(d as OphidianState, c, p, targets, x)) : keep) : null;
  fire(d, 'played', c, c);
  resolveFlow(d, p, card.flow, k);
}

/** Ability k of card c at Level index lvl (a Strategy card's: lvl -1), read from the match's table. */
function abilityAt(s: OphidianState, c: number, lvl: number, k: number): Ability {
  return (lvl >= 0 ? glad(s, c).levels[lvl]!.abilities : strat(s, c).abilities)[k]!;
}

export function useAbility(d: D, p: number, c: number, k: number, targets: readonly number[], foe = -1): void {
  const s = d as OphidianState;
  const lvl = isG(s, c) ? s.lvl[c]! : -1; // the ability as it was used: its card may leave play or change Level before its tail
  const ab = abilitiesOf(s, c)[k]!;
  const env = envOf(s, c, p, targets);
  d.cp = setAt(d.cp, p, d.cp[p]! - ab.cost.cp(env));
  const lifeCost = ab.cost.life(env);
  if (ab.cost.set) setCard(d, c);
  if (lifeCost > 0) wound(d, c, lifeCost, c);
  runProgram(d, ab.steps, c, p, targets, 0, null, foe, tailFor(`ab:${p}:${c}:${lvl}:${k}:${targets.join(',')}`, () => (d2, keep) => afterAbility(d2, p, c, abilityAt(d2 as OphidianState, c, lvl, k), targets, keep)));
}

/** After an ability's effects (a choice in them answered first): its Flow symbol, or a pass for a PASS ability (2.5, 2.6). */
function afterAbility(d: D, p: number, c: number, ab: Ability, targets: readonly number[], keep: boolean | null): void {
  // `ab` as it was used: its card may have left play or changed Level since.
  if (ab.flow === 'PASS') return doPass(d, p);
  const kf = ab.flow === '?' ? (ab.keepFlowIf ? ab.keepFlowIf(envOf(d as OphidianState, c, p, targets)) : keep) : null;
  resolveFlow(d, p, ab.flow, kf);
}

/** Channeling (legal.ts channelMoves): one (-) action whatever the channelled ability's own symbol (8.0 "Flow within effects"). */
export function useChannel(d: D, p: number, c: number, k: number, g: number, k2: number, targets: readonly number[], foe = -1): void {
  const s = d as OphidianState;
  const channeling = abilitiesOf(s, c)[k]!;
  const ab = glad(s, g).levels[s.lvl[g]!]!.abilities[k2]!;
  d.cp = setAt(d.cp, p, d.cp[p]! - channeling.cost.cp(envOf(s, c, p)) - ab.cost.cp(envOf(s, c, p, targets)));
  if (channeling.cost.set || ab.cost.set) setCard(d, c);
  const lifeCost = ab.cost.life(envOf(s, c, p, targets));
  if (lifeCost > 0) wound(d, c, lifeCost, c);
  // "self" is the channeler: the ability's name is replaced by hers. Its effects resolve, then the (-).
  runProgram(d, ab.steps, c, p, targets, 0, null, foe, tailFor(`ch:${p}:${channeling.flow}`, () => (d2) => resolveFlow(d2, p, channeling.flow, null)));
}

/** The Interceptor's answers: keep its Cheer, or trade one in. */
const KEEP_OR_TRADE: readonly OphAction[] = Object.freeze(['pass', 'trade']);

/**
 * 3.11's note: the player who received an Attack's Cheer by Intercepting it may, once the
 * Attack resolved and before the next action, trade in one Cheer to change that Attack (a (+))
 * into a (-): the Flow holder loses the Flow to its left (2.5) — in two-player, to the
 * Interceptor. Asked by effects.ts endOfAction; `pass` keeps the Cheer and the Flow holder acts
 * on (it may still trade a Cheer of its own, 3.11). A decision of the Interceptor, never a default.
 */
export const tradeCheerWindow: WindowSpec<OphidianState, OphAction> = {
  moves: () => KEEP_OR_TRADE,
  play(d, p, a) {
    if (a !== 'trade') return false;
    d.cheer = setAt(d.cheer, p, d.cheer[p]! - 1);
    d.passes = 0;
    loseFlow(d, d.flowHolder);
    return true;
  },
};

export function doPass(d: D, p: number): void {
  d.passes = d.passes + 1;
  loseFlow(d, p);
}

/** The choices after a card or ability in an action string (legal.ts parseTargets). */
type Choice = ReturnType<typeof parseTargets>;

/**
 * A Flow holder's action string, parsed once per distinct string: the card and ability numbers
 * after its kind, and the choices after them (frozen: every step that plays the string shares
 * them, and a write would throw). The actions are mostly the same few hundred interned strings
 * (legal.ts `named`); splitting one and parsing its numbers at every step was a fifth of
 * applying it. Bounded: emptied when it grows past any one match's need.
 */
export interface ParsedAction {
  readonly kind: string;
  /** play: [card]; ab: [card, ability]; ch: [channeler, ability, Pyre Gladiator, its ability]; adv, ret: [card]; atk: [attacker, target]. */
  readonly nums: readonly number[];
  readonly choice: Choice;
}
const HEAD_NUMBERS: Readonly<Record<string, number>> = { play: 1, ab: 2, ch: 4, adv: 1, ret: 1, atk: 2 };
const parsedMemo = new Map<string, ParsedAction>();
export function parsedOf(a: OphAction): ParsedAction {
  let parsed = parsedMemo.get(a);
  if (parsed === undefined) {
    if (parsedMemo.size >= 20000) parsedMemo.clear();
    const parts = a.split(':');
    const kind = parts[0]!;
    const head = HEAD_NUMBERS[kind] ?? 0;
    const choice = parseTargets(parts.slice(1 + head));
    Object.freeze(choice.targets);
    Object.freeze(choice.discards);
    Object.freeze(choice.minions);
    parsed = Object.freeze({ kind, nums: Object.freeze(parts.slice(1, 1 + head).map(Number)), choice: Object.freeze(choice) });
    parsedMemo.set(a, parsed);
  }
  return parsed;
}

export function actPlay(d: D, p: number, a: OphAction): void {
  const { kind, nums, choice } = parsedOf(a);
  beforeFlowAction(d); // the repetition rule (repetition.ts) notes where the action starts
  if (d.cheerTrader !== -1) d.cheerTrader = -1; // an offer never outlives the action that made it
  const wasPlus = d.plusJustMade;
  d.plusJustMade = false;
  if (kind === 'pass') return doPass(d, p);
  if (kind === 'trade') {
    // Trade a Cheer: the (+) action just made becomes a (-) (3.11).
    if (!wasPlus) throw new Error('ophidian: trade without a (+) action');
    d.cheer = setAt(d.cheer, p, d.cheer[p]! - 1);
    d.passes = 0;
    return loseFlow(d, p);
  }
  const passesBefore = d.passes;
  d.passes = 0;
  const c = nums[0]!;
  if (kind === 'play') {
    // Its cost may be modified first ("When a card's cost is being paid", 8.0): then it is played once that window closes.
    if (mayModifyCost(d as OphidianState, p, c)) return startPaying(d, a);
    return playCard(d, p, c, choice);
  }
  if (kind === 'ch') return useChannel(d, p, c, nums[1]!, nums[2]!, nums[3]!, choice.targets, choice.foe);
  if (kind === 'ab') {
    // A PASS ability counts as a pass (2.6): the passes in a row go on (else two PASS users never end the Wave).
    if (abilitiesOf(d as OphidianState, c)[nums[1]!]!.flow === 'PASS') d.passes = passesBefore;
    return useAbility(d, p, c, nums[1]!, choice.targets, choice.foe);
  }
  if (kind === 'adv') {
    d.loc = setAt(d.loc, c, LOC.action);
    fire(d, 'advanced', c, c);
    d.plusJustMade = true;
    return;
  }
  if (kind === 'ret') {
    // "(-): Retreat a non-Raging Character you control and Set that Character if Unset" (3.5): the Retreat, then the Set.
    d.loc = setAt(d.loc, c, LOC.support);
    fire(d, 'retreated', c, c);
    setCard(d, c);
    return loseFlow(d, p);
  }
  if (kind === 'atk') {
    declareAttack(d, p, c, nums[1]!);
    d.plusJustMade = true;
    return;
  }
  throw new Error(`ophidian: unknown action ${a}`);
}
