/**
 * The Ophidian studies' key findings as data (Report.findings), for skill sensitivity
 * (`crucible study <name> --skill`, experiments/skill.ts): each at the level its study's
 * verdict tests it, so the comparison reads the same verdicts the report states.
 *
 * Kept apart from the studies so that their own code only hands over what it computed.
 */
import type { KeyFinding } from '../../src/analysis/report-model.js';
import { unitShareInterval } from '../../src/analysis/stats/paired.js';
import type { ConfirmStage } from './cards-confirm.js';

/** Finding ids are [a-z0-9-]. */
const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * A share's t interval over units, its ends cut to [0, 1] (a share cannot leave it), or the
 * exact interval for equal units when no unit differs (as the studies' verdicts compute it).
 */
function shareInterval(xs: readonly number[], level: number): { mean: number; lo: number; hi: number } {
  const t = unitShareInterval(xs, level);
  return { mean: t.mean, lo: t.lo, hi: t.hi };
}

/**
 * ophidian-flow: the first-Flow holder's win share (t interval over seed units, one test at
 * 95%), and for each Wave with a leader, the share of matches the player ahead after it goes
 * on to win (t over seed units, at its Holm level over the Waves). Each is the mean of its
 * seed units, shares in [0, 1] from the study's fixed matchups, in play order (seedUnits), so
 * they carry them (KeyFinding.units): a --precision run decides them on the betting
 * confidence sequence.
 */
export function flowFindings(
  firstFlow: readonly number[],
  leaders: readonly { readonly wave: number; readonly perUnit: readonly number[] }[],
  levels: readonly number[],
): KeyFinding[] {
  const out: KeyFinding[] = [];
  if (firstFlow.length >= 2) {
    const t = shareInterval(firstFlow, 0.95);
    out.push({ id: 'first-flow', label: "First-Flow holder's win share", estimate: t.mean, lo: t.lo, hi: t.hi, nullValue: 0.5, n: firstFlow.length, level: 0.95, family: 'single test', units: { values: [...firstFlow], range: [0, 1] } });
  }
  leaders.forEach((r, i) => {
    if (r.perUnit.length < 2) return;
    const level = levels[i] ?? 0.95;
    const t = shareInterval(r.perUnit, level);
    out.push({ id: `leader-wave-${r.wave}`, label: `The player ahead after Wave ${r.wave} wins`, estimate: t.mean, lo: t.lo, hi: t.hi, nullValue: 0.5, n: r.perUnit.length, level, family: `Holm over ${leaders.length} Waves`, units: { values: [...r.perUnit], range: [0, 1] } });
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

/** One card's screening inclusion (ophidian-cards analyseCards), the part the findings read. */
export interface CardFindingInput {
  readonly id: string;
  readonly name: string;
  readonly inclusion: { readonly mean: number; readonly lo: number; readonly hi: number; readonly n: number; readonly level: number };
}

/**
 * ophidian-cards: the verdicts the study gives, per shortlisted card — the confirmation
 * stage's gap from the price line (the "mispriced" test) and its share lost when barred,
 * each at its Holm level over the shortlist; for the cards the confirmation named, the
 * replication's estimate at its Holm level over the named cards (a card is called mispriced
 * only when both hold). Then, labelled as screening, the inclusion share of every card
 * (an association; the one card-level quantity agents that cannot be barred — random, flatmc — still measure).
 * Each run shortlists from its own screening data, so a card shortlisted under one kind of
 * play only is "not measured" on the other side — the comparison says so.
 * None carries units (KeyFinding.units), so a --precision run widens their intervals over
 * its rounds: the confirmation and replication test cards chosen from the data (the
 * shortlist may change from round to round), the gap carries β's uncertainty, and the
 * screening's units are matchups, which a round makes more precise rather than more
 * numerous — not one sequence that grows, as the betting confidence sequence needs.
 */
export function cardFindings(stage: ConfirmStage | null, screening: readonly CardFindingInput[], families: { readonly inclusion: number }): KeyFinding[] {
  const out: KeyFinding[] = [];
  if (stage) {
    const name = (id: string) => stage.cards.find((c) => c.id === id)?.name ?? id;
    const m = stage.analysis.families;
    for (const f of stage.analysis.findings) {
      if (f.price && Number.isFinite(f.price.lo))
        out.push({ id: `confirm-gap-${slug(f.id)}`, label: `${name(f.id)}: gap from the price line, confirmation (share lost − β·cost·plays; > 0 too strong)`, estimate: f.price.gap, lo: f.price.lo, hi: f.price.hi, nullValue: 0, n: f.loss.n, level: f.price.level, family: `Holm over ${m.price} shortlisted cards priced` });
      if (f.loss.n >= 2 && Number.isFinite(f.loss.lo))
        out.push({ id: `confirm-barred-${slug(f.id)}`, label: `${name(f.id)}: share lost when barred, confirmation`, estimate: f.loss.mean, lo: f.loss.lo, hi: f.loss.hi, nullValue: 0, n: f.loss.n, level: f.loss.level, family: `Holm over ${m.loss} shortlisted cards` });
    }
    const rep = stage.replication;
    for (const r of rep?.findings ?? [])
      if (Number.isFinite(r.lo))
        out.push({ id: `replicate-${r.test}-${slug(r.id)}`, label: `${name(r.id)}: ${r.test === 'gap' ? 'gap from the price line' : 'share lost when barred'}, replication (other seeds and deck pairs)`, estimate: r.estimate, lo: r.lo, hi: r.hi, nullValue: 0, n: r.n, level: r.level, family: `Holm over ${rep!.named.length} cards named by the confirmation` });
  }
  for (const c of screening) {
    const inc = c.inclusion;
    if (inc.n >= 2 && Number.isFinite(inc.lo)) out.push({ id: `screening-inclusion-${slug(c.id)}`, label: `Screening (association): decks holding ${c.name}, share head to head`, estimate: inc.mean, lo: inc.lo, hi: inc.hi, nullValue: 0.5, n: inc.n, level: inc.level, family: `Holm over ${families.inclusion} cards (screening)` });
  }
  return out;
}
