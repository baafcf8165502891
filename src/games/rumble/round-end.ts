/** The end of Resolution: house-rule losses, eliminations and revives, the next state written onto the flow's draft, the winner check. */
import { houseRuleLoss } from './house-rules.js';
import type { Draft } from '../../core/flow.js';
import { heroWith, type Hero, type RumbleState } from './types.js';
import { sharePowerInfo } from './legality.js';
import { marked, type RoundResolution } from './round-resolution.js';
import { compact, samePowers } from './power-lists.js';
import { decideWinner } from './winner.js';
import { emit } from '../../core/listeners.js';
import { ENERGY_LOST } from './listener.js';

/**
 * Eliminations, revives, winners and the round cap, and what the next round keeps of the
 * round's working data `c` (Energy, life, power lists and their counters, the marks carried
 * to the next round, last round's attacks), written onto the flow's draft `d` (the flow
 * then ends the game, or starts the next round). `c` is not used after this.
 */
export function finishRound(d: Draft<RumbleState>, c: RoundResolution): void {
  const s = d as RumbleState;
  const H = c.H;
  // House rules (sudden death, Energy drain): a loss after every power, before eliminations.
  const house = houseRuleLoss(s.opts, s.round);
  if (house > 0) for (let h = 0; h < H; h++) if (c.alive[h]) c.lose(h, house);
  let lost = 0;
  for (let h = 0; h < H; h++) lost += c.energyLost[h]!;
  const eliminated: boolean[] = new Array<boolean>(H).fill(false);
  // Revives can deal damage (Bomberman), which can eliminate others: repeat a few times.
  for (let pass = 0; pass < 4; pass++) {
    let changed = false;
    for (let h = 0; h < H; h++) {
      if (!c.alive[h] || c.energy[h]! > 0 || marked(c.marks.cannotLose, h)) continue;
      let saved = false;
      // Re-read each step: a revive may discard powers (copying the list).
      for (let k = 0; k < c.defs[h]!.length && !saved; k++) saved = c.defs[h]![k]?.onEliminated?.(c, h, k) ?? false;
      if (!saved) {
        c.alive[h] = false;
        eliminated[h] = true;
      }
      changed = true;
    }
    if (!changed) break;
  }
  const { cannotLose, mustLose, nextDefPenalty, nextBan, bleed, forced } = c.marks;
  for (let h = 0; h < H; h++) {
    const doomed = c.doomRound[h]! > 0 && c.doomRound[h]! <= s.round && !(marked(cannotLose, h) && c.readings.clockworkBeing === 'clockwork');
    if (c.alive[h] && (marked(mustLose, h) || doomed)) {
      c.alive[h] = false;
      eliminated[h] = true;
    }
  }

  const heroes: Hero[] = [];
  for (let h = 0; h < H; h++) {
    const old = s.heroes[h]!;
    let powers = old.powers;
    if (!samePowers(c.powers[h]!, old.powers)) {
      powers = compact(c.powers[h]!);
      // Only counters changed (uses, acc): the new list has the same powers, so the same
      // info (definitions, hook indices, cost reduction), not one computed anew.
      if (!c.reshaped(h) && c.resetDefs[h] !== null) sharePowerInfo(h, powers, c.info[h]!);
    }
    heroes.push({
      energy: c.energy[h]!,
      alive: c.alive[h]!,
      controller: old.controller,
      powers,
      lastAttack: c.alive[h] ? c.allocatedAttack[h]! : 0,
      defensePenalty: nextDefPenalty === null ? 0 : nextDefPenalty[h]!,
      attackBanned: marked(nextBan, h),
      bleed: nextBleed(old.bleed, bleed === null ? NO_BLEED : bleed[h]!),
      forced: forced === null ? NO_FORCED : forced[h]!,
      doomRound: c.doomRound[h]!,
    });
  }
  followSidekickPowers(heroes, s.opts.players);
  d.heroes = heroes;
  d.pending = null;
  // The round's effective attacks: its array, no longer changed (the round is over).
  d.lastAttacks = c.atk;
  // The studies' count of Energy lost (listener.ts), heard only when a study listens.
  if (lost > 0) emit(ENERGY_LOST, s, lost);
  // decideWinner reads the round just played (the round cap).
  const returns = decideWinner(s.round, s, c, eliminated);
  if (returns) {
    d.returns = returns.shares;
    d.end = returns.end;
  }
}

/**
 * Sidekick is both a Hero and a Power: its hero (one of the heroes after the players'
 * own) follows the power. Whoever holds the power controls the hero (a dead holder still
 * does, as the text says); once nobody holds it (Lighten Load, Disarming Strike, a
 * discard) the hero leaves play, so the power cannot be cashed in and the hero kept.
 */
export function followSidekickPowers(heroes: Hero[], players: number): void {
  for (let x = players; x < heroes.length; x++) {
    if (!heroes[x]!.alive) continue;
    let holder = -1;
    for (let h = 0; h < heroes.length && holder < 0; h++) for (const p of heroes[h]!.powers) if (p.id === 'sidekick' && p.acc === x + 1) holder = h;
    if (holder < 0) heroes[x] = heroWith(heroes[x]!, { alive: false });
    else if (heroes[holder]!.controller !== heroes[x]!.controller) heroes[x] = heroWith(heroes[x]!, { controller: heroes[holder]!.controller });
  }
}

const NO_BLEED: readonly number[] = Object.freeze([]);
const NO_FORCED: readonly number[] = Object.freeze([]);

function nextBleed(old: readonly number[], added: readonly number[]): readonly number[] {
  if (old.length === 0 && added.length === 0) return NO_BLEED;
  const out: number[] = [];
  for (let b = 0; b + 2 < old.length; b += 3) if (old[b + 2]! > 1) out.push(old[b]!, old[b + 1]!, old[b + 2]! - 1);
  for (const v of added) out.push(v);
  return out;
}
