/**
 * Resolution of a plain round: no hero holds a power and none carries an effect from an
 * earlier round (bleeding wounds, a Defense penalty, a ban, Hypnotism, a doom round).
 * Then the round is the seed's basic game alone — each defender takes its attackers'
 * total minus its Defense, heroes at 0 or below are out — and needs none of the power
 * bookkeeping of `resolveRound` (its working data, hooks, costs, block order: without
 * powers the order Defense blocks in changes who is blocked, never how much is taken).
 * Random play without powers and search over such tables spend most of their time here.
 *
 * It must give exactly the state `resolveRound` gives: test/games/rumble/menu.test.ts
 * compares the two over random games, and bench/rumble/trace.ts hashes every state.
 */
import { decideWinner } from './winner.js';
import { houseRuleLoss } from './house-rules.js';
import type { Draft } from '../../core/flow.js';
import type { Allocation, Hero, RumbleState } from './types.js';
import { emit } from '../../core/listeners.js';
import { ENERGY_LOST } from './listener.js';

/** True if a round of `s` can be resolved by `resolvePlainRound`. */
export function isPlainRound(s: RumbleState): boolean {
  const heroes = s.heroes;
  // Sidekick heroes (after the players' own) follow a power: not plain.
  if (heroes.length !== s.opts.players) return false;
  for (let h = 0; h < heroes.length; h++) {
    const x = heroes[h]!;
    if (x.powers.length !== 0 || x.bleed.length !== 0 || x.forced.length !== 0 || x.defensePenalty !== 0 || x.attackBanned || x.doomRound !== 0) return false;
  }
  return true;
}

const NO_BLEED: readonly number[] = Object.freeze([]);
const NO_FORCED: readonly number[] = Object.freeze([]);

/** Resolves a plain round (see `isPlainRound`) from validated allocations, one per living hero, onto the flow's draft. */
export function resolvePlainRound(d: Draft<RumbleState>, allocs: readonly (Allocation | null)[]): void {
  const s = d as RumbleState;
  const H = s.heroes.length;
  const lastAttacks = new Array<number>(H * H).fill(0);
  const energy = new Array<number>(H);
  const attacked = new Array<number>(H);
  let lost = 0;
  for (let h = 0; h < H; h++) {
    energy[h] = s.heroes[h]!.energy;
    attacked[h] = 0;
  }
  // Attacks count only against living other heroes (as allocated: no power changes them).
  for (let h = 0; h < H; h++) {
    const a = allocs[h];
    if (!a || !s.heroes[h]!.alive) continue;
    let total = 0;
    for (let j = 0; j < H; j++) {
      const v = j === h || !s.heroes[j]!.alive ? 0 : a.attack[j]!;
      lastAttacks[h * H + j] = v;
      total += v;
    }
    attacked[h] = total;
  }
  for (let j = 0; j < H; j++) {
    const a = allocs[j];
    if (!a || !s.heroes[j]!.alive) continue;
    let incoming = 0;
    for (let i = 0; i < H; i++) incoming += lastAttacks[i * H + j]!;
    if (incoming > a.defense) {
      energy[j]! -= incoming - a.defense;
      lost += incoming - a.defense;
    }
  }
  // House rules (sudden death, Energy drain): a loss at the round's end, as in finishRound.
  const house = houseRuleLoss(s.opts, s.round);
  if (house > 0) {
    for (let h = 0; h < H; h++) {
      if (!s.heroes[h]!.alive) continue;
      energy[h]! -= house;
      lost += house;
    }
  }
  const eliminated = new Array<boolean>(H);
  const heroes: Hero[] = [];
  for (let h = 0; h < H; h++) {
    const old = s.heroes[h]!;
    const out = old.alive && energy[h]! <= 0;
    eliminated[h] = out;
    const alive = old.alive && !out;
    heroes.push({
      energy: energy[h]!,
      alive,
      controller: old.controller,
      powers: old.powers,
      lastAttack: alive ? attacked[h]! : 0,
      defensePenalty: 0,
      attackBanned: false,
      bleed: NO_BLEED,
      forced: NO_FORCED,
      doomRound: 0,
    });
  }
  d.heroes = heroes;
  d.pending = null;
  d.lastAttacks = lastAttacks;
  // The studies' count of Energy lost (listener.ts), heard only when a study listens.
  if (lost > 0) emit(ENERGY_LOST, s, lost);
  const returns = decideWinner(s.round, s, null, eliminated);
  if (returns) {
    d.returns = returns.shares;
    d.end = returns.end;
  }
}
