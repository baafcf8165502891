/**
 * What a player may do now (3.2, 3.3): the discipline and Level requirement, target lists,
 * usable abilities, and the Flow holder's actions. Action strings are described in rules.ts.
 */
import type { Ability, StrategyCard, TargetSpec } from './cards/types.js';
import * as st from './state.js';
import type { OphidianState } from './state.js';
import { abilitiesOf, admg, charactersOf, controller, envOf, glad, gladiatorsInPlay, inPlay, isChar, isG, life, raging, type OphAction } from './view.js';

const { HAND, zoneOf } = st;
const LOC = { ...st.LOC };


/** Disciplines in play and the highest Level per discipline (3.3). */
export function canPlayDiscipline(s: OphidianState, p: number, c: StrategyCard): boolean {
  if (c.discipline === 'universal') return c.level <= Math.max(0, ...gladiatorsInPlay(s, p).map((g) => glad(s, g).levels[s.lvl[g]!]!.level));
  let withLevel = false;
  let count = 0;
  for (const g of gladiatorsInPlay(s, p)) {
    const l = glad(s, g).levels[s.lvl[g]!]!;
    if (!l.disciplines.includes(c.discipline)) continue;
    count++;
    if (l.level >= c.level) withLevel = true;
  }
  return withLevel && count >= 1 + c.extra;
}

/** The valid target lists for a target spec (single targets, or up to `count` distinct ones). */
export function targetChoices(s: OphidianState, p: number, spec: TargetSpec | null): number[][] {
  if (!spec) return [[]];
  const pool: number[] = [];
  for (let c = 0; c < s.loc.length; c++) {
    const l = s.loc[c]!;
    const mine = controller(s, c) === p;
    if (spec.side === 'ally' && !mine) continue;
    if (spec.side === 'enemy' && mine) continue;
    let ok = false;
    if (spec.kind === 'character') ok = isChar(s, c);
    else if (spec.kind === 'gladiator') ok = isChar(s, c) && isG(s, c);
    else if (spec.kind === 'minion') ok = isChar(s, c) && !isG(s, c);
    else if (spec.kind === 'pump') ok = l === LOC.pump;
    else if (spec.kind === 'zone') ok = l === LOC.zoneUp || l === LOC.zoneDown;
    if (!ok) continue;
    if (spec.field === 'action' && l !== LOC.action) continue;
    if (spec.field === 'support' && l !== LOC.support) continue;
    if (spec.keyword && !s.t.card[c]!.keywords.includes(spec.keyword)) continue;
    pool.push(c);
  }
  if (spec.count === 1) return pool.map((c) => [c]);
  const out: number[][] = [];
  const pick = (start: number, chosen: number[]) => {
    if (chosen.length === spec.count || (spec.upTo && chosen.length > 0)) out.push(chosen);
    if (chosen.length === spec.count) return;
    for (let i = start; i < pool.length; i++) pick(i + 1, [...chosen, pool[i]!]);
  };
  pick(0, []);
  if (!spec.upTo) return out.filter((x) => x.length === spec.count);
  return out;
}

export const tKey = (ts: readonly number[]) => (ts.length ? `:t${ts.join(',')}` : '');

export function abilityUsable(s: OphidianState, p: number, c: number, ab: Ability): boolean {
  if (ab.flow !== '+' && ab.flow !== '-' && ab.flow !== '?' && ab.flow !== 'PASS') return false;
  if (ab.trigger) return false;
  if (ab.steps.some((st) => st.kind === 'run' && false)) return false;
  if (ab.target?.kind === 'pyre-gladiator') return false; // Channeling: not built yet
  if (ab.cost.set && s.isSet[c]) return false;
  if (ab.raging === 'only' && !raging(s, c)) return false;
  if (ab.raging === 'never' && raging(s, c)) return false;
  const env = envOf(s, c, p);
  if (ab.cost.cp(env) > s.cp[p]!) return false;
  if (ab.cost.life(env) > 0 && ab.cost.life(env) > life(s, c) - s.wounds[c]!) return false;
  if (ab.condition && !ab.condition(env)) return false;
  return true;
}

/** The Flow holder's actions (3.2). */
export function actMoves(s: OphidianState, p: number): OphAction[] {
  const out: OphAction[] = ['pass'];
  if (s.plusJustMade && s.cheer[p]! > 0) out.push('trade');
  const cp = s.cp[p]!;
  const hand = s.zones.cards[zoneOf(p, HAND)]!;
  const seen = new Set<number>();
  for (const c of hand) {
    const card = s.t.card[c] as StrategyCard;
    if (seen.has(c) || (card.flow !== '+' && card.flow !== '-' && card.flow !== '?')) continue;
    seen.add(c);
    if (!canPlayDiscipline(s, p, card)) continue;
    const xs = card.cost.xChosen ? Array.from({ length: Math.min(cp, 5) + 1 }, (_, i) => i) : [0];
    for (const x of xs) {
      if (card.cost.cp(envOf(s, c, p, [], x)) > cp) continue;
      for (const ts of targetChoices(s, p, card.target)) {
        if (card.type === 'pump' && ts.length === 0) continue;
        out.push(`play:${c}${tKey(ts)}${card.cost.xChosen ? `:x${x}` : ''}`);
      }
    }
  }
  for (let c = 0; c < s.loc.length; c++) {
    if (controller(s, c) !== p || !inPlay(s, c) || s.loc[c] === LOC.zoneDown) continue;
    abilitiesOf(s, c).forEach((ab, k) => {
      if (!abilityUsable(s, p, c, ab)) return;
      for (const ts of targetChoices(s, p, ab.target)) out.push(`ab:${c}:${k}${tKey(ts)}`);
    });
    if (!isChar(s, c)) continue;
    if (s.loc[c] === LOC.support && !s.isSet[c]) out.push(`adv:${c}`);
    if (s.loc[c] === LOC.action && !raging(s, c)) out.push(`ret:${c}`);
    if (s.loc[c] === LOC.action && !s.isSet[c] && admg(s, c) >= 0)
      for (let q = 0; q < s.t.players; q++) if (q !== p) for (const e of charactersOf(s, q)) out.push(`atk:${c}:${e}`);
  }
  return out;
}

export function parseTargets(parts: string[]): { targets: number[]; x: number } {
  let targets: number[] = [];
  let x = 0;
  for (const part of parts) {
    if (part.startsWith('t')) targets = part.slice(1).split(',').map(Number);
    if (part.startsWith('x')) x = Number(part.slice(1));
  }
  return { targets, x };
}

