/**
 * The plan of each study: every part (table) it plays and its games, in order, with the
 * CPU seconds a game of each part costs — what the study's progress bar needs for an ETA
 * that covers the whole study, and what `npm run bench -- studies` extrapolates from.
 *
 * Plans are recorded, not declared: many studies choose later tables from earlier results
 * (refined grids, value iterations, shortlists), so only playing them shows their parts.
 * `npm run bench -- studies --write-plans` plays a fixed fraction of every table of every
 * study and writes study-plans.json beside this file (the planned games are the tables'
 * full sizes; a part's cost is measured on its sampled games).
 *
 * The file: { "measured": how, "studies": { NAME: { "full"?: PLAN, "quick"?: PLAN } } },
 * PLAN = { "source"?: how this plan was measured (else "measured" says), "parts": [ENTRY, …] },
 * one entry a line (formatPlans), ENTRY = { "label", "games",
 * "cpuPerGame"?, "count"? } (src/sim/plan-families.ts): a part of its own, or `count` parts
 * of one table family — labels that differ only in numbers and hashes, stored under the
 * family's key (`#` for each varying token) with games a part and CPU-s a game over the
 * family's sampled games. So a study of 15,000 one-game tables is two lines. A run whose parts differ
 * from the recorded plan (other content, another design since) still gets a study-wide
 * ETA: parts are matched by label or in order, and a part the plan lacks adds its games.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StudyPlan } from '../src/sim/progress.js';

export const PLANS_FILE = fileURLToPath(new URL('./study-plans.json', import.meta.url));

/** study-plans.json: plans by study name, for the --full run and the quick one. */
export interface RecordedPlans {
  /** How and when the plans were measured (command, commit, machine load). */
  readonly measured: string;
  readonly studies: Readonly<Record<string, { readonly full?: StudyPlan; readonly quick?: StudyPlan }>>;
}

let cache: RecordedPlans | null | undefined;

/** The recorded plans, or null when the file is missing or unreadable (bars then show the part's ETA). */
export function recordedPlans(): RecordedPlans | null {
  if (cache !== undefined) return cache;
  try {
    const parsed = JSON.parse(fs.readFileSync(PLANS_FILE, 'utf8')) as RecordedPlans;
    cache = parsed && typeof parsed === 'object' && parsed.studies && typeof parsed.studies === 'object' ? parsed : null;
  } catch {
    cache = null;
  }
  return cache;
}

/** The recorded plan of study `name` for a full or quick run, if any. */
export function studyPlan(name: string, full: boolean): StudyPlan | undefined {
  const entry = recordedPlans()?.studies[name];
  const plan = full ? entry?.full : entry?.quick;
  if (!plan || !Array.isArray(plan.parts) || plan.parts.length === 0) return undefined;
  return { ...plan, source: plan.source ?? recordedPlans()!.measured };
}

/** study-plans.json's text: studies by name, one plan entry a line, so the file stays readable and its diffs small. */
export function formatPlans(plans: RecordedPlans): string {
  const body = Object.entries(plans.studies)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, kinds]) => {
      const runs = Object.entries(kinds)
        .filter((e): e is [string, StudyPlan] => e[1] !== undefined)
        .map(([kind, plan]) => `   ${JSON.stringify(kind)}: {${plan.source !== undefined ? ` "source": ${JSON.stringify(plan.source)},` : ''} "parts": [\n${plan.parts.map((p) => `    ${JSON.stringify(p)}`).join(',\n')}\n   ] }`);
      return `  ${JSON.stringify(name)}: {\n${runs.join(',\n')}\n  }`;
    });
  return `{\n "measured": ${JSON.stringify(plans.measured)},\n "studies": {\n${body.join(',\n')}\n }\n}\n`;
}
