/**
 * A/B test of two rule sets of one game. Both are played on common seeds (game i of
 * batch k under A and under B share a seed and seating), batch by batch, until an SPRT
 * on the first seat's share change decides (or the game budget runs out). The report
 * shows how each seat's win share, the draw rate and the game length moved, each with
 * a paired 95% interval.
 */
import { join } from 'node:path';
import type { AnyGame } from '../../core/game.js';
import { UserError } from '../../core/errors.js';
import { getGame } from '../../games/index.js';
import { runMatch } from '../../sim/runner.js';
import type { GameResolver } from '../../sim/play.js';
import type { GameRecord } from '../../sim/types.js';
import { forestPlot, type Effect } from '../charts.js';
import type { Report, ReportVerdict } from '../report-model.js';
import { sprtValues, type SprtResult } from '../stats/sprt.js';
import { verdict } from '../stats/verdict.js';
import { pairedChanges, completed, type Keyed, type PairedChange } from './metrics.js';
import { fullOptions } from './paths.js';

export interface CompareConfig {
  readonly gameId: string;
  readonly optionsA: Readonly<Record<string, unknown>>;
  readonly optionsB: Readonly<Record<string, unknown>>;
  readonly agents: readonly string[];
  /** Most games per rule set. */
  readonly games: number;
  /** Games per batch (the SPRT is checked after each); even, for seat-swapped pairs. */
  readonly batch?: number;
  readonly seed: string | number;
  /** SPRT hypotheses on the first seat's share change B − A (default 0 and 0.05). */
  readonly h0?: number;
  readonly h1?: number;
  readonly alpha?: number;
  readonly beta?: number;
}

export interface CompareRunOptions {
  readonly workers?: number;
  /** Run folder root (each batch of each rule set gets a subfolder, so runs resume). */
  readonly runDir?: string;
  readonly progress?: boolean;
  /** Tests only: a game outside the registry (in-process). */
  readonly resolveGame?: GameResolver;
}

export interface CompareResult {
  readonly gamesPerSide: number;
  readonly batches: number;
  /** 'raises' / 'lowers': the SPRT accepted a change of at least |h1 − h0| that way. */
  readonly sprt: { readonly decision: 'raises' | 'lowers' | 'no change' | 'undecided'; readonly up: SprtResult; readonly down: SprtResult };
  readonly changes: readonly PairedChange[];
}

/**
 * The SPRT is run both ways on the per-game change d of the first seat's share: "B raises
 * it by h1" (on d) and "B lowers it by h1" (on −d). It stops when either accepts H1, or
 * both accept H0 (no change of that size).
 */
function decide(up: SprtResult, down: SprtResult): CompareResult['sprt']['decision'] {
  if (up.decision === 'H1') return 'raises';
  if (down.decision === 'H1') return 'lowers';
  if (up.decision === 'H0' && down.decision === 'H0') return 'no change';
  return 'undecided';
}

export async function compareRules(config: CompareConfig, opts: CompareRunOptions = {}): Promise<CompareResult> {
  const game: AnyGame = (opts.resolveGame ?? getGame)(config.gameId);
  // Validate both rule sets up front (UserError naming the field).
  fullOptions(game, config.optionsA);
  fullOptions(game, config.optionsB);
  const batch = config.batch ?? Math.min(config.games, 200);
  if (!Number.isInteger(batch) || batch < 2 || batch % 2 !== 0) throw new UserError(`batch is ${batch}; allowed: an even integer >= 2`);
  const h0 = config.h0 ?? 0;
  const h1 = config.h1 ?? 0.05;
  if (!(h1 > h0)) throw new UserError(`--h1 is ${h1}; allowed: a number greater than --h0 (${h0})`);
  const sprtOpts = { h0, h1, alpha: config.alpha, beta: config.beta };
  const a: Keyed[] = [];
  const b: Keyed[] = [];
  let k = 0;
  let up: SprtResult | undefined;
  let down: SprtResult | undefined;
  while (a.length < config.games) {
    const n = Math.min(batch, config.games - a.length);
    const play = async (side: 'a' | 'b', options: Readonly<Record<string, unknown>>): Promise<GameRecord[]> =>
      (
        await runMatch(
          { gameId: config.gameId, options, agents: config.agents, games: n, seed: `${String(config.seed)}/batch-${k}`, paired: n % 2 === 0, leadChanges: true },
          {
            workers: opts.resolveGame ? 1 : opts.workers,
            outDir: opts.runDir ? join(opts.runDir, `${side}-batch-${k}`) : undefined,
            progress: opts.progress,
            label: `${side.toUpperCase()} batch ${k + 1}`,
            resolveGame: opts.resolveGame,
          },
        )
      ).records;
    const batchKey = k;
    a.push(...(await play('a', config.optionsA)).map((record) => ({ key: `${batchKey}:${record.index}`, record })));
    b.push(...(await play('b', config.optionsB)).map((record) => ({ key: `${batchKey}:${record.index}`, record })));
    k++;
    const d = firstSeatDiffs(a, b);
    up = sprtValues(d, sprtOpts, -1, 1);
    down = sprtValues(d.map((x) => -x), sprtOpts, -1, 1);
    if (decide(up, down) !== 'undecided') break;
  }
  const players = Math.max(...a.filter((x) => completed(x.record)).map((x) => x.record.returns.length), 2);
  return { gamesPerSide: a.length, batches: k, sprt: { decision: decide(up!, down!), up: up!, down: down! }, changes: pairedChanges(a, b, players) };
}

function firstSeatDiffs(a: readonly Keyed[], b: readonly Keyed[]): number[] {
  const byKey = new Map(b.map((x) => [x.key, x.record]));
  const out: number[] = [];
  for (const x of a) {
    const y = byKey.get(x.key);
    if (y && completed(x.record) && completed(y)) out.push(y.returns[0]! - x.record.returns[0]!);
  }
  return out;
}

const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : String(x));

/** The A/B report: verdicts per measure, a forest plot of changes, the table. */
export function compareReport(
  config: CompareConfig,
  result: CompareResult,
  meta: { id: string; command: string; labelA?: string; labelB?: string },
): Report {
  const la = meta.labelA ?? 'A';
  const lb = meta.labelB ?? 'B';
  const verdicts: ReportVerdict[] = result.changes.map((c) =>
    verdict(
      { estimate: c.diff, lo: c.lo, hi: c.hi, n: c.n },
      {
        higher: `${c.label} is higher under ${lb} than under ${la}.`,
        lower: `${c.label} is lower under ${lb} than under ${la}.`,
        none: `${c.label}: no change shown between ${la} and ${lb}.`,
      },
      { units: 'seed-matched games', digits: c.scale === 'share' ? 3 : 1 },
    ),
  );
  const sprt = result.sprt;
  const sprtText =
    sprt.decision === 'undecided'
      ? `The SPRT (first seat's share change, H0 ${sprt.up.h0} vs H1 ±${sprt.up.h1}) had not decided after ${result.gamesPerSide} games per rule set.`
      : `The SPRT on the first seat's share change (H0 ${sprt.up.h0} vs H1 ±${sprt.up.h1}) stopped after ${result.gamesPerSide} games per rule set: ${lb} ${sprt.decision === 'no change' ? 'does not change it by that much' : sprt.decision + ' it'}.`;
  const toEffect = (c: PairedChange): Effect => ({ label: c.label, estimate: c.diff, lo: c.lo, hi: c.hi, n: c.n });
  const shares = result.changes.filter((c) => c.scale === 'share');
  const lengths = result.changes.filter((c) => c.scale === 'length');
  // Lead changes exist when the game has an evaluation (the runner counts them).
  const leads = result.changes.filter((c) => c.scale === 'count');
  return {
    id: meta.id,
    title: `${config.gameId}: house rules ${la} vs ${lb}`,
    gameId: config.gameId,
    question: `Does changing the rules from ${la} to ${lb} make ${config.gameId} fairer, drawier or longer?`,
    verdicts,
    sections: [
      {
        heading: 'What moved',
        blocks: [
          { kind: 'text', text: `${la}: ${JSON.stringify(config.optionsA)}\n\n${lb}: ${JSON.stringify(config.optionsB)}\n\n${sprtText}` },
          {
            kind: 'chart',
            id: 'share-changes',
            title: 'Change in seat win shares and draw rate',
            caption: `Each row is ${lb} − ${la} over seed-matched games with its 95% interval; a row whose interval crosses zero shows no change.`,
            spec: forestPlot(shares.map(toEffect), { title: `Change from ${la} to ${lb}`, xTitle: 'change in share (B − A, 0–1 scale)' }),
          },
          {
            kind: 'chart',
            id: 'length-change',
            title: 'Change in game length',
            spec: forestPlot(lengths.map(toEffect), { title: 'Change in game length', xTitle: 'change in length (B − A, decisions)' }),
          },
          ...(leads.length === 0
            ? []
            : [
                {
                  kind: 'chart' as const,
                  id: 'lead-changes',
                  title: 'Change in lead changes',
                  caption: "How often the leader by the game's own evaluation changes hands in a game: more lead changes mean a less predictable, more dramatic game.",
                  spec: forestPlot(leads.map(toEffect), { title: 'Change in lead changes', xTitle: 'change in lead changes per game (B − A)' }),
                },
              ]),
          {
            kind: 'table',
            id: 'changes',
            title: 'Each measure under A and B, with the paired change',
            rows: result.changes.map((c) => ({ measure: c.label, A: c.a, B: c.b, change: c.diff, lo: c.lo, hi: c.hi, games: c.n })),
          },
        ],
      },
    ],
    meta: {
      command: meta.command,
      seed: config.seed,
      sampleSizes: { 'games per rule set': result.gamesPerSide, batches: result.batches },
      details: { agents: config.agents, optionsA: config.optionsA, optionsB: config.optionsB, sprt: result.sprt.decision },
    },
  };
}
