/**
 * A study answers one balance question about one game: it declares the question, runs
 * its games through the runner and returns a Report. `quick` sizes go in the default
 * study (`npm start`, everything in at most 5 minutes on 2 cores); `--full` gives the
 * sample sizes a published verdict needs.
 */
import { checkAgentSpec } from '../agents/index.js';
import type { Report } from '../src/analysis/report-model.js';
import { UserError } from '../src/core/errors.js';
import { getGame } from '../src/games/index.js';
import type { GameLedger } from './ledger.js';
import type { ProgressSink } from '../src/sim/progress.js';
import type { DesignPower, NoDesignPower } from './design-power.js';
import { needsTf } from '../src/sim/runtime.js';
import { tfStarted } from '../src/core/tf.js';

export interface StudyContext {
  /** Master seed: fixes every result. */
  readonly seed: string | number;
  /** Full sample sizes (true) or the quick version (false). */
  readonly full: boolean;
  /** Worker threads for the runner. */
  readonly workers: number;
  /** Folder where this study may keep its raw game records (resumable). */
  readonly runDir: string;
  /** The command line that launched the study, recorded in the report. */
  readonly command: string;
  /** Show progress bars (TTY) or stay quiet. */
  readonly progress: boolean;
  /** The study's one progress bar (runStudies starts it on a terminal); each table is a part of it. */
  readonly progressSink?: ProgressSink;
  /**
   * A user's own content file (e.g. a Rumble power file) that studies of games with
   * user content add to their runs. Studies of other games ignore it.
   */
  readonly powerFile?: string;
  /** A user's Superhero Gladiators hero file (`--hero-file`): its heroes join those studies. */
  readonly heroFile?: string;
  /** A user's Ophidian card file (`--card-file`) and deck file (`--deck-file`): they join the Ophidian studies. */
  readonly cardFile?: string;
  readonly deckFile?: string;
  /**
   * The user's rule and formula options for the study's game (`--options`), already checked
   * against the game's schema: every table of the study plays them (study-table.ts), under
   * any option the study itself sets or varies, and the report's meta.json records them.
   */
  readonly options?: Readonly<Record<string, unknown>>;
  /**
   * Set only when runStudies recomputes a study's findings under another scoring of the
   * games ended at a cap (cap-sensitivity.ts): tables are read back from the run folder,
   * never played, and their capped games re-scored.
   */
  readonly capScoring?: 'decided' | 'draw';
  /** Counts every game the study plays (failed and capped ones too) for the report. */
  readonly ledger?: GameLedger;
  /**
   * The agents a user asked for (`--agents`), one spec per slot of the study (see
   * Study.agentSlots) or one for every slot; already checked by checkStudyAgents.
   * Absent: the study's own choice (Study.defaultAgents).
   */
  readonly agents?: readonly string[];
  /**
   * A `--precision` run's round (experiments/precision.ts): every table plays 2^r times its
   * size, the added games on fresh seeds in folders of their own (study-table.ts). Absent: 0.
   */
  readonly precisionRound?: number;
}

/** The user's content files a study may read (the command-line flags of `crucible study`). */
export type UserFiles = Pick<StudyContext, 'powerFile' | 'heroFile' | 'cardFile' | 'deckFile'>;

export interface Study {
  /** Command-line name: `crucible study <name>`. */
  readonly name: string;
  readonly gameId: string;
  readonly title: string;
  readonly question: string;
  /**
   * What each agent slot plays, in the order `--agents` fills them (e.g. ["every seat"],
   * or ["power holder", "the other heroes"]).
   */
  readonly agentSlots: readonly string[];
  /** The specs played without `--agents`: the strongest that fits the quick or full budget. */
  defaultAgents(full: boolean): readonly string[];
  /**
   * Why those defaults (measured), for the report's "Agents behind these verdicts"; a user's
   * own --agents are named instead. Required: a verdict depends on who played, so every
   * report says why these agents (test/experiments/study-agents.test.ts checks it is non-empty).
   */
  readonly agentChoice: (full: boolean) => string;
  /** A study's own limits on --agents (e.g. a kind it needs), checked before any game. */
  readonly checkAgents?: (specs: readonly string[]) => void;
  /**
   * Reads and checks the user's content files this study plays (e.g. Ophidian's --card-file
   * and --deck-file: size cap, every card and deck), so a bad file fails before any study
   * plays a game (one line naming the file, the item, the field and the problem). The CLI
   * calls it for every study it will run; absent: the study reads no such file.
   */
  readonly checkUserFiles?: (files: UserFiles) => void;
  /**
   * The comparison agents `--skill` seats when no --skill-agents are given, for a study
   * whose seats must be of one kind (rumble-auction-meta: value bidders), with why; absent:
   * the game's learned agent (experiments/skill.ts, learnedAgentFor).
   */
  readonly skillDefault?: (full: boolean) => { readonly agents: readonly string[]; readonly why: string };
  /**
   * A training run rather than a balance study (gladiator-duel-training): its report
   * accounts for its own games (the generations table) and names its own agents, so the
   * runner adds no games ledger, agents section or skill-sensitivity section.
   */
  readonly training?: boolean;
  /**
   * What the full design can detect: its primary measure and that measure's MDE at --full
   * (measured or estimated), against the 0.05-share target, with why not where it stays
   * above (experiments/design-power.ts writes the report's "Sample size and power" from it).
   */
  readonly power?: DesignPower | NoDesignPower;
  run(ctx: StudyContext): Promise<Report>;
}

/** The agents this run of `study` plays, one per slot: the user's (--agents) or the study's defaults. */
export function studyAgents(study: Pick<Study, 'agentSlots' | 'defaultAgents'>, ctx: Pick<StudyContext, 'agents' | 'full'>): readonly string[] {
  const specs = ctx.agents ?? study.defaultAgents(ctx.full);
  return specs.length === 1 ? study.agentSlots.map(() => specs[0]!) : specs;
}

/**
 * "mcts:… (every seat)" or "heuristic (power holder), random (the other heroes)", for
 * reports; with an agent that scores leaves through tfjs (`batch=`), the backend it ran on.
 */
export function describeAgents(study: Pick<Study, 'agentSlots' | 'defaultAgents'>, ctx: Pick<StudyContext, 'agents' | 'full'>): string {
  const specs = studyAgents(study, ctx);
  const backend = needsTf(specs) ? `; network leaves scored by tfjs on its ${tfStarted()?.backend ?? '(not yet started)'} backend` : '';
  if (new Set(specs).size === 1) return `"${specs[0]}" in every seat${backend}`;
  return specs.map((spec, i) => `"${spec}" (${study.agentSlots[i]})`).join(', ') + backend;
}

/**
 * Checks `--agents` for `study` before any game: one spec for every slot or one per
 * slot, each a valid spec for the study's game. Returns the specs; a UserError names
 * the count or the spec that is wrong.
 */
export function checkStudyAgents(study: Pick<Study, 'name' | 'gameId' | 'agentSlots' | 'checkAgents'>, specs: readonly string[]): readonly string[] {
  const slots = study.agentSlots;
  if (specs.length !== 1 && specs.length !== slots.length) {
    const allowed = slots.length === 1 ? '1 spec (it plays every seat)' : `1 spec (every seat) or ${slots.length} (${slots.join(', ')})`;
    throw new UserError(`--agents has ${specs.length} specs for study ${study.name}; allowed: ${allowed}`);
  }
  const game = getGame(study.gameId);
  for (const spec of specs) checkAgentSpec(spec, game);
  study.checkAgents?.(specs);
  return specs;
}
