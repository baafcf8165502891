/**
 * One table of a study: a match config played through the runner into the study's run
 * folder (keyed on config, content and code, so a rerun resumes and an edit replays),
 * its games entered in the study's ledger. Every game's studies (dark-hero/common.ts,
 * rumble/common.ts) wrap this with their own defaults.
 */
import { runMatch } from '../src/sim/runner.js';
import type { GameRecord, MatchConfig } from '../src/sim/types.js';
import type { StudyContext } from './study.js';
import { NotReplayable, rescoreCapped } from './cap-sensitivity.js';
import type { MatchExecutor } from '../src/sim/queue/executor.js';
import { renumber } from '../src/analysis/precision.js';
import { NOTHING_HAPPENED } from './cap-report.js';

/**
 * Plays `config` (the study's master seed is added) under `ctx.runDir/<key>…` and
 * returns the completed games. The user's `--options` (ctx.options) are the base of the
 * table's options; what the study sets itself (decks, teams, a varied rule) goes over them.
 * `condition` is what the report's cap shares are tallied under (default: the table's
 * agents); a study that varies rules names its setting. With a ledger, failed games are
 * recorded there (the report leads with them); without one they are dropped here and never scored.
 * The listeners the cap report's "nothing happened" reads (cap-report.ts) are attached to every
 * table of their game, after the ones the study names.
 */
export async function playStudyTable(ctx: StudyContext, key: string, table: Omit<MatchConfig, 'seed'>, condition: string = agentsCondition(table.agents)): Promise<GameRecord[]> {
  const config = withCapListeners(table);
  const scoring = ctx.capScoring;
  // A --precision round r (experiments/precision.ts): block 0 is the table itself, block b ≥ 1
  // adds 2^(b−1) times its games on the seed "<seed>/round-<b>" in a folder of its own, its
  // games numbered after the blocks before it, so no game is replayed as the rounds grow.
  const played: GameRecord[] = [];
  for (let b = 0; b <= (ctx.precisionRound ?? 0); b++) {
    const games = b === 0 ? config.games : config.games * 2 ** (b - 1);
    const block = await playBlock(ctx, b === 0 ? key : `${key}+r${b}`, { ...config, games }, b === 0 ? ctx.seed : `${String(ctx.seed)}/round-${b}`);
    played.push(...block.map((r) => renumber(r, played.length)));
  }
  const records = scoring ? rescoreCapped(played, scoring) : played;
  return ctx.ledger ? ctx.ledger.add(records, { condition, table: key }, config.gameId) : records.filter((r) => r.error === undefined && r.returns.length > 0);
}

async function playBlock(ctx: StudyContext, key: string, config: Omit<MatchConfig, 'seed'>, seed: string | number): Promise<GameRecord[]> {
  const scoring = ctx.capScoring;
  const { records: played } = await runMatch(
    { ...config, ...(ctx.options ? { options: { ...ctx.options, ...(config.options ?? {}) } } : {}), seed },
    {
      workers: ctx.workers,
      runsDir: ctx.runDir,
      runName: key,
      progress: ctx.progress,
      label: `${config.gameId} ${key}`,
      ...(ctx.progressSink ? { progressSink: ctx.progressSink } : {}),
      // Re-scoring the capped games reads stored games only: a game not yet played stops it.
      ...(scoring ? { executor: replayOnly(key) } : {}),
    },
  );
  return played;
}

/** `config` with the listeners its game's cap report reads (NOTHING_HAPPENED) added to those it names. */
function withCapListeners(config: Omit<MatchConfig, 'seed'>): Omit<MatchConfig, 'seed'> {
  const needed = NOTHING_HAPPENED[config.gameId]?.listeners ?? [];
  const named = config.listeners ?? [];
  const missing = needed.filter((n) => !named.includes(n));
  return missing.length === 0 ? config : { ...config, listeners: [...named, ...missing] };
}

/** The default condition of a table in the cap report: its agents ("agents: heuristic"). */
export function agentsCondition(agents: readonly string[]): string {
  return `agents: ${[...new Set(agents)].join(' + ')}`;
}

/** An executor that plays nothing: the table's games must all be in its run folder. */
function replayOnly(key: string): MatchExecutor {
  return { description: 'replay only', play: () => Promise.reject(new NotReplayable(key)) };
}
