/**
 * One table of a study: a match config played through the runner into the study's run
 * folder (keyed on config, content and code, so a rerun resumes and an edit replays),
 * its games entered in the study's ledger. Every game's studies (dark-hero-common.ts,
 * rumble-common.ts) wrap this with their own defaults.
 */
import { runMatch } from '../src/sim/runner.js';
import type { GameRecord, MatchConfig } from '../src/sim/types.js';
import type { StudyContext } from './study.js';

/**
 * Plays `config` (the study's master seed is added) under `ctx.runDir/<key>…` and
 * returns the completed games. The user's `--options` (ctx.options) are the base of the
 * table's options; what the study sets itself (decks, teams, a varied rule) goes over them. With a ledger, failed games are recorded there (the
 * report leads with them); without one they are dropped here and never scored.
 */
export async function playStudyTable(ctx: StudyContext, key: string, config: Omit<MatchConfig, 'seed'>): Promise<GameRecord[]> {
  const { records } = await runMatch(
    { ...config, ...(ctx.options ? { options: { ...ctx.options, ...(config.options ?? {}) } } : {}), seed: ctx.seed },
    { workers: ctx.workers, runsDir: ctx.runDir, runName: key, progress: ctx.progress, label: `${config.gameId} ${key}`, ...(ctx.progressSink ? { progressSink: ctx.progressSink } : {}) },
  );
  return ctx.ledger ? ctx.ledger.add(records) : records.filter((r) => r.error === undefined && r.returns.length > 0);
}
