/**
 * Skill sensitivity for any study (`crucible study <name> --skill [--skill-agents …]`):
 * the study runs a second time under other agents (by default the game's learned agent,
 * when a model ships in models/<game>), and its report gets a "Skill sensitivity" section
 * comparing the key findings (Report.findings) of the two runs — see analysis/skill.ts.
 *
 * A study opts in by returning `findings` from run(); without --skill, or for a game with
 * no shipped model, or a study with no declared findings, the section says so and how to
 * get one (never silently missing).
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadModel } from '../agents/learned/model-files.js';
import { UserError } from '../src/core/errors.js';
import { getGame } from '../src/games/index.js';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import type { Report, ReportVerdict } from '../src/analysis/report-model.js';
import { compareFindings, skillNotRunSection, skillSection } from '../src/analysis/skill.js';
import { describeAgents, studyAgents, type Study, type StudyContext } from './study.js';
import { GameLedger } from './ledger.js';

/** What `--skill` asks for: compare against these specs (one per slot or one for all), or the game's learned agent. */
export interface SkillRequest {
  readonly agents?: readonly string[];
}

/**
 * The learned agent `--skill` seats for a game with a shipped model: PUCT search guided by
 * the model (agents/README.md, "Learned agents"). `transfer=1` because studies vary the
 * rule options (types, house rules, builds) and each model was trained under one set:
 * the report says so beside the comparison.
 */
export function learnedAgentFor(gameId: string, full: boolean, modelsRoot = 'models', warn: (line: string) => void = (line) => process.stderr.write(`warning: ${line}\n`)): string | undefined {
  const dir = join(modelsRoot, gameId);
  if (!existsSync(join(dir, 'manifest.json'))) return undefined;
  if (notSeated(gameId, dir)) return undefined;
  const spec = learnedSpecFor(gameId, full, dir);
  // A model that no longer fits the game's encoder (content or code changed since it was
  // trained) is said in one line and the search agent plays instead: never a failed study.
  try {
    loadModel(dir, getGame(gameId), `model ${dir}`);
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    const search = spec.startsWith('mcts') ? spec.replace(/prior=net:model=[^,]*,transfer=1,?/, '') : `mcts:iterations=${full ? 300 : 100}`;
    warn(`${e.message.replace(/; allowed: .*$/, '')}: the study seats the search agent ${search} instead (retrain with \`crucible train ${gameId}\`)`);
    return search;
  }
  return spec;
}

/**
 * Shipped models the studies do not seat, and why (issue #27 item 5: the studies stop
 * seating a learned agent where its play is not today's game, and the report says so),
 * each named by the first 16 hex digits of its weights' SHA-256, so a retrained model is
 * seated again. `--skill` then says why instead of comparing; `--skill-agents` still
 * seats any spec.
 */
const NOT_SEATED_WEIGHTS: Readonly<Record<string, string>> = { 'superhero-gladiators': '3cfe077779bbf2d9' };

/** Whether the model in `dir` is a shipped model the studies do not seat (NOT_SEATED). */
function notSeated(gameId: string, dir: string): boolean {
  const weights = NOT_SEATED_WEIGHTS[gameId];
  const file = join(dir, 'weights.bin');
  return weights !== undefined && existsSync(file) && createHash('sha256').update(readFileSync(file)).digest('hex').startsWith(weights);
}

export const NOT_SEATED: Readonly<Record<string, string>> = {
  'superhero-gladiators':
    "the shipped model (models/superhero-gladiators) was trained before issue #26's rules — heroes in fixed start zones and the earlier sample Amazon (its manifest: 228 self-play games of the Amazon mirror) — and its value on a position was trained half on the search's own estimate, not on outcomes alone; on today's rules (placement anywhere) it is only shown not weaker than the heuristic in the Amazon mirror (test/strength/learned-superhero-gladiators.strength.test.ts), and whether it stalls the studies' tables was never measured, so no study seats it: retrain it with `crucible train superhero-gladiators` on today's rules before reading learned play here",
};

/** Why the shipped model of `gameId` (models/) is not seated, or undefined when it is (or none ships). */
export function notSeatedReason(gameId: string): string | undefined {
  return notSeated(gameId, join('models', gameId)) ? NOT_SEATED[gameId] : undefined;
}

/** The learned agent's spec for a game whose model is in `dir` (see learnedAgentFor). */
function learnedSpecFor(gameId: string, full: boolean, dir: string): string {
  // Dark Hero: the policy alone (level with the heuristic at equal seats, agents/README.md).
  // Net-guided MCTS at 100 iterations is stronger there (+0.058 against the heuristic) but a
  // game costs about 7× as much, which a quick study of thousands of tables cannot afford.
  if (gameId === 'dark-hero') return `net:model=${dir},transfer=1`;
  // Ophidian: PUCT over the net (policy prior, value-head leaves) at 50 iterations, for quick
  // and full runs alike. The policy alone is only level with the heuristic (0.525 [0.406,
  // 0.644]), so it is no expert; the search at 50 beats the heuristic (0.725 [0.644, 0.806]
  // over 40 pairs; agents/README.md, "Ophidian: which learned agent the studies seat") for
  // about a second a match — at 200 it is stronger still but four times the cost, which a
  // full card study's 22,000 matches cannot afford.
  if (gameId === 'ophidian') return `mcts:prior=net:model=${dir},transfer=1,iterations=50`;
  // Rumble: the net inside the tuned search (decoupled PUCT at the simultaneous rounds, one
  // round deep, paranoid backup, the most visited move) at 50 iterations a decision — above
  // the fair share against three heuristics on two seeds, as at 100, at about half the cost
  // (agents/README.md, "Rumble: which learned agent the studies seat"; at 25 its interval
  // reaches below the fair share on the larger seed). The policy alone is at best fair
  // there (0.196 on one seed, 0.256 on another, 0.241 pooled), and sampling moves (the policy at a temperature, or the search's
  // `final=sample`) finishes more tables but loses to the heuristics, so it is no stronger
  // play. In self-play at the studies' fixed tables this agent stalls to the round cap
  // (nobody attacks), which the comparison's cap warning states.
  if (gameId === 'rumble') return `mcts:prior=net:model=${dir},transfer=1,iterations=50,plies=1,backup=paranoid,final=most,sm=puct`;
  // Superhero Gladiators: the net as the prior of the tuned search (the foe answers with the
  // heuristic, two plies, agents/README.md): the strongest measured learned spec there
  // (level with the tuned MCTS; plain PUCT at 300 iterations was 0.525 against the heuristic).
  if (gameId === 'superhero-gladiators') return `mcts:prior=net:model=${dir},transfer=1,iterations=${full ? 800 : 200},plies=2,opponents=heuristic`;
  // Elsewhere PUCT with the net, at the search effort of the studies' own quick/full MCTS,
  // so the comparison is about the guidance, not the budget.
  return `mcts:prior=net:model=${dir},transfer=1,iterations=${full ? 300 : 100}`;
}

/** The comparison agents: the user's (--skill-agents) or the game's learned agent; a reason when there is none. */
export function skillAgents(study: Study, full: boolean, request: SkillRequest): { agents: readonly string[] } | { reason: string } {
  if (request.agents) return { agents: request.agents };
  if (study.skillDefault) return { agents: study.skillDefault(full).agents };
  const learned = learnedAgentFor(study.gameId, full);
  const why = notSeatedReason(study.gameId);
  if (!learned && why) return { reason: `Not compared: ${why}. Compare with any other agents: \`crucible study ${study.name} --skill --skill-agents <specs>\`.` };
  if (learned) {
    // A study with limits on its seats (checkAgents) may not take a learned agent: say so, never crash mid-run.
    try {
      study.checkAgents?.([learned]);
    } catch (e) {
      return { reason: `Not compared: this study cannot seat the learned agent "${learned}" (${(e as Error).message}). Compare with agents it takes: \`crucible study ${study.name} --skill --skill-agents <specs>\`.` };
    }
    return { agents: [learned] };
  }
  return {
    reason: `Not compared: no learned model ships for ${study.gameId} (models/${study.gameId} is absent), so there is no learned play to set beside this study's agents. Train one with \`crucible train ${study.gameId}\`, or compare with any other agents: \`crucible study ${study.name} --skill --skill-agents <specs>\`.`,
  };
}

/**
 * A short name for a side of the comparison, from its specs: "heuristic play", "MCTS
 * play", "learned play (net-guided MCTS)", "learned play (policy)"; mixed slots are named
 * by their kinds joined with " + ".
 */
export function playName(specs: readonly string[]): string {
  const kind = (spec: string): string => {
    if (spec.startsWith('mcts') && /prior=net/.test(spec)) return 'learned play (net-guided MCTS)';
    if (spec.startsWith('net')) return 'learned play (policy)';
    if (spec.startsWith('mcts')) return 'MCTS play';
    // A heuristic that plays its rounds some other way is named by that way (Rumble's value bidders).
    if (spec.startsWith('heuristic') && /play=random/.test(spec)) return 'uniform-random play';
    if (spec.startsWith('heuristic') && /play=search/.test(spec)) return 'search play';
    return `${spec.split(':')[0]} play`;
  };
  return [...new Set(specs.map(kind))].join(' + ');
}

/** Run folder of the comparison run: beside the study's own, keyed on the other agents. */
function skillRunDir(runDir: string, agents: readonly string[]): string {
  return `${runDir}-skill-${createHash('sha256').update(agents.join('\n')).digest('hex').slice(0, 10)}`;
}

/**
 * Adds the "Skill sensitivity" section to a study's report (before the Evidence section
 * that withEvidence appends): without `request`, a pointer to --skill; with it, the
 * comparison run and its side-by-side section. Findings that reverse, or gain or lose
 * significance, also lead the verdicts, since a reader must see them before any single
 * finding.
 */
export async function withSkill(report: Report, study: Study, ctx: StudyContext, request: SkillRequest | undefined, log: (line: string) => void): Promise<Report> {
  const add = (section: ReturnType<typeof skillNotRunSection>, verdicts: readonly ReportVerdict[] = []): Report => ({
    ...report,
    verdicts: [...verdicts, ...report.verdicts],
    sections: [...report.sections, section],
  });
  const own = study.skillDefault?.(ctx.full);
  const learned = learnedAgentFor(study.gameId, ctx.full);
  if (!report.findings || report.findings.length === 0) {
    const model = learned ? `a learned model ships for ${study.gameId} (models/${study.gameId})` : notSeatedReason(study.gameId) ? `and the learned model is not seated: ${notSeatedReason(study.gameId)}` : `no learned model ships for ${study.gameId} either`;
    return add(skillNotRunSection(`Not compared: this study does not declare its key findings as data yet (Report.findings), so --skill cannot set them side by side; ${model}. Rerun it with --agents to see its verdicts under other play.`));
  }
  if (!request) {
    return add(
      skillNotRunSection(
        own
          ? `Not run in this report. \`crucible study ${study.name} --skill\` plays the study again with ${own.agents.map((a) => `"${a}"`).join(', ')} (${own.why}) and sets its ${report.findings.length} key findings beside these, listing those that change sign or significance (or --skill-agents <specs> for any other agents).`
          : learned
          ? `Not run in this report. \`crucible study ${study.name} --skill\` plays the study again with the learned agent "${learned}" and sets its ${report.findings.length} key findings beside these, listing those that change sign or significance (or --skill-agents <specs> for any other agents).`
          : notSeatedReason(study.gameId)
          ? `Not run in this report, and the learned model is not seated: ${notSeatedReason(study.gameId)}. \`crucible study ${study.name} --skill --skill-agents <specs>\` plays the study again with other agents and sets its ${report.findings.length} key findings beside these.`
          : `Not run in this report, and no learned model ships for ${study.gameId}. \`crucible study ${study.name} --skill --skill-agents <specs>\` plays the study again with other agents and sets its ${report.findings.length} key findings beside these.`,
      ),
    );
  }
  const chosen = skillAgents(study, ctx.full, request);
  if ('reason' in chosen) return add(skillNotRunSection(chosen.reason));
  const otherCtx: StudyContext = { ...ctx, agents: chosen.agents, runDir: skillRunDir(ctx.runDir, chosen.agents), ledger: new GameLedger(ctx.progress ? undefined : log) };
  log(`      skill sensitivity: playing ${study.name} again with ${describeAgents(study, otherCtx)}`);
  const other = await study.run(otherCtx);
  const ledger = otherCtx.ledger!;
  const baseName = playName(studyAgents(study, ctx));
  let otherName = playName(chosen.agents);
  if (otherName === baseName) otherName = `${otherName} (comparison)`;
  const notes = [
    ...(own && !request.agents ? [`Comparison agents: ${own.why}.`] : []),
    // What the comparison run could not measure (e.g. a design its agents cannot play) explains its "not measured" rows.
    ...other.verdicts.filter((v) => v.strength === 'warning').map((v) => `Comparison run: ${v.statement}`),
    `Comparison run: ${ledger.games} games, ${ledger.failed} failed${ledger.failed ? ` (most common error: ${ledger.commonError()}) — failed games are left out of its findings` : ''}, ${ledger.capped} stopped at the cap.`,
    ...(chosen.agents.some((s) => s.includes('transfer=1'))
      ? [`The learned agent plays with transfer=1: its model (models/${study.gameId}, manifest.json) was trained under one set of rule options, and this study also plays others (other types, builds or house rules); the encoder reads those options, but the network never trained on them, so its strength there is not measured. agents/README.md gives its measured strength under the training options.`]
      : []),
  ];
  const section = skillSection({
    baseName,
    otherName,
    baseAgents: describeAgents(study, ctx),
    otherAgents: describeAgents(study, otherCtx),
    base: report.findings,
    other: other.findings ?? [],
    notes,
  });
  const rows = compareFindings(report.findings, other.findings ?? []);
  // A finding measured under one side only (e.g. a power held often enough in one run, not the
  // other) has no verdict to change: it is listed in the section, not counted as a change.
  const changed = rows.filter((r) => r.change !== undefined && r.change !== 'estimate changes side' && r.change !== 'not measured');
  const compared = rows.filter((r) => r.change !== 'not measured').length;
  const oneSided = rows.length - compared;
  const lead: ReportVerdict[] =
    changed.length === 0
      ? []
      : [
          {
            statement: `${changed.length} of ${compared} key findings measured under both change verdict under ${otherName} (${describeAgents(study, otherCtx)}): ${changed.map((r) => `${r.label} (${r.change})`).join('; ')}.${oneSided ? ` ${oneSided} more were measured under one side only.` : ''} See "Skill sensitivity" before relying on them.`,
            evidence: `each side at the study's own tested levels; details and the difference intervals in the Skill sensitivity section`,
            strength: 'warning',
          },
        ];
  // The comparison run's own failures and cap stalls lead too: findings from games the cap's
  // tie rule decided are not play (Rumble's deterministic learned agents stall every study
  // table in self-play — agents/README.md, "Rumble: which learned agent the studies seat").
  const comparisonWarnings = ledger.warnings(study.gameId).map((w) => ({ ...w, statement: `Skill comparison (${otherName}): ${w.statement}` }));
  return {
    ...add(section, [...comparisonWarnings, ...lead]),
    meta: { ...report.meta, sampleSizes: { ...report.meta.sampleSizes, 'skill comparison games': ledger.games, 'skill comparison failed games': ledger.failed }, details: { ...report.meta.details, skillAgents: chosen.agents } },
  };
}
