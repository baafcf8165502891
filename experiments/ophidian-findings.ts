/**
 * The Ophidian studies' key findings as data (Report.findings), for skill sensitivity
 * (`crucible study <name> --skill`, experiments/skill.ts): each at the level its study's
 * verdict tests it, so the comparison reads the same verdicts the report states.
 *
 * Kept apart from the studies so that their own code only hands over what it computed.
 */
import type { KeyFinding } from '../src/analysis/report-model.js';
import { tInterval } from '../src/analysis/stats/descriptive.js';

/** Finding ids are [a-z0-9-]. */
const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** A share's t interval, its ends cut to [0, 1] (a share cannot leave it; the test is unchanged). */
function shareInterval(xs: readonly number[], level: number): { mean: number; lo: number; hi: number } {
  const t = tInterval(xs, level);
  return { mean: t.mean, lo: Math.max(0, t.lo), hi: Math.min(1, t.hi) };
}

/**
 * ophidian-flow: the first-Flow holder's win share (t interval over seat-swapped units, one
 * test at 95%), and for each Wave with a leader, the share of matches the player ahead after
 * it goes on to win (t over units, at its Holm level over the Waves).
 */
export function flowFindings(
  firstFlow: readonly number[],
  leaders: readonly { readonly wave: number; readonly perUnit: readonly number[] }[],
  levels: readonly number[],
): KeyFinding[] {
  const out: KeyFinding[] = [];
  if (firstFlow.length >= 2) {
    const t = shareInterval(firstFlow, 0.95);
    out.push({ id: 'first-flow', label: "First-Flow holder's win share", estimate: t.mean, lo: t.lo, hi: t.hi, nullValue: 0.5, n: firstFlow.length, level: 0.95, family: 'single test' });
  }
  leaders.forEach((r, i) => {
    if (r.perUnit.length < 2) return;
    const level = levels[i] ?? 0.95;
    const t = shareInterval(r.perUnit, level);
    out.push({ id: `leader-wave-${r.wave}`, label: `The player ahead after Wave ${r.wave} wins`, estimate: t.mean, lo: t.lo, hi: t.hi, nullValue: 0.5, n: r.perUnit.length, level, family: `Holm over ${leaders.length} Waves` });
  });
  return out;
}

/**
 * ophidian-teams: each team's share against the field (t interval over its units, at its
 * Holm level over the teams) — the quantity its dominant/dominated verdicts test.
 */
export function teamFindings(
  teams: readonly { readonly id: string; readonly name: string }[],
  units: readonly (readonly number[])[],
  levels: readonly number[],
): KeyFinding[] {
  const out: KeyFinding[] = [];
  teams.forEach((team, i) => {
    const xs = units[i] ?? [];
    if (xs.length < 2) return;
    const level = levels[i] ?? 0.95;
    const t = shareInterval(xs, level);
    out.push({ id: `field-${slug(team.id)}`, label: `${team.name}: share against the field`, estimate: t.mean, lo: t.lo, hi: t.hi, nullValue: 0.5, n: xs.length, level, family: `Holm over ${teams.length} teams` });
  });
  return out;
}

/** One card's analysed evidence (ophidian-cards analyseCards), the parts the findings read. */
export interface CardFindingInput {
  readonly id: string;
  readonly name: string;
  readonly inclusion: { readonly mean: number; readonly lo: number; readonly hi: number; readonly n: number; readonly level: number };
  readonly loss: { readonly mean: number; readonly lo: number; readonly hi: number; readonly n: number; readonly level: number };
}

/**
 * ophidian-cards: per card, the inclusion share (the share of the deck holding it where only
 * one deck does) and the share lost when its player may not play it, each at its Holm level
 * within its family; cards with fewer than two units are left out (no interval).
 */
export function cardFindings(cards: readonly CardFindingInput[], families: { readonly inclusion: number; readonly loss: number }): KeyFinding[] {
  const out: KeyFinding[] = [];
  for (const c of cards) {
    const inc = c.inclusion;
    if (inc.n >= 2 && Number.isFinite(inc.lo)) out.push({ id: `inclusion-${slug(c.id)}`, label: `Decks holding ${c.name}: share head to head`, estimate: inc.mean, lo: inc.lo, hi: inc.hi, nullValue: 0.5, n: inc.n, level: inc.level, family: `Holm over ${families.inclusion} cards` });
  }
  for (const c of cards) {
    const loss = c.loss;
    if (loss.n >= 2 && Number.isFinite(loss.lo)) out.push({ id: `barred-${slug(c.id)}`, label: `Share lost when ${c.name} is barred`, estimate: loss.mean, lo: loss.lo, hi: loss.hi, nullValue: 0, n: loss.n, level: loss.level, family: `Holm over ${families.loss} cards` });
  }
  return out;
}
