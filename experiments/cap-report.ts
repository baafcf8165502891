/**
 * The cap is never silent (issue #27). Several engines stop a game at a cap their rule
 * text lacks (Rumble's round cap, Superhero Gladiators' and the duel's turn cap,
 * Ophidian's Wave cap); a game stopped there is decided by the engine's tie rule, not by
 * play. This module names each game's cap and what "nothing happened" means in it, and
 * tallies, per condition of a study (its agents, or the setting a study names), the share
 * of games ended at the cap and the share in which nothing happened — each with n and a
 * 95% interval over seeds. The tables of a study share their seeds, and a seed moves the
 * share at the cap of every matchup played on it (Superhero Gladiators, 300 random build
 * pairs on 8 seeds, heuristic play: seed means 0.52–0.59, permutation p = 0.0015, a seed
 * standard deviation of about 2 points; bench/superhero-gladiators/seed-effect.ts), so the games on one
 * seed are one unit. A study that plays all its tables on one seed has one unit: its
 * share has no interval. experiments/ledger.ts feeds it; every study's report leads with it.
 */
import type { ReportBlock, ReportVerdict } from '../src/analysis/report-model.js';
import { clusterShare } from '../src/analysis/stats/paired.js';
import { endedAtCap } from '../src/analysis/stats/quality.js';
import type { GameRecord } from '../src/sim/types.js';

/** Above this share of a condition's games ended at the cap, the report's first verdicts say so. */
export const CAP_WARNING_SHARE = 0.05;

/** The cap each game's engine stops at, in words (a game not listed: "game cap"). */
export const CAP_NAMES: Readonly<Record<string, string>> = {
  rumble: 'round cap',
  'gladiator-duel': 'turn cap',
  'superhero-gladiators': 'turn cap',
  ophidian: 'Wave cap',
};

/** What "nothing happened" means in a game, read from a record's tags (undefined: not recorded). */
export interface NothingHappened {
  /** e.g. "no blow landed". */
  readonly what: string;
  readonly test: (r: GameRecord) => boolean | undefined;
  /**
   * The game's listeners (`Game.listeners`) that gather the tag `test` reads, when the engine
   * does not keep it: every study table of the game attaches them (study-table.ts), since
   * every study's report leads with the cap shares.
   */
  readonly listeners?: readonly string[];
}

const numberTag = (r: GameRecord, name: string): number | undefined => {
  const v = r.tags[name];
  return typeof v === 'number' ? v : undefined;
};

export const NOTHING_HAPPENED: Readonly<Record<string, NothingHappened>> = {
  // The engine counts attacks that took Oomph off a foe hero (tag `blowsLanded`).
  'superhero-gladiators': { what: 'no blow landed', test: (r) => (numberTag(r, 'blowsLanded') === undefined ? undefined : numberTag(r, 'blowsLanded') === 0) },
  // The game's `energyLost` listener sums the Energy the heroes lost in the rounds (tag `energyLost`; auction payments are not a loss).
  rumble: { what: 'no Energy lost', test: (r) => (numberTag(r, 'energyLost') === undefined ? undefined : numberTag(r, 'energyLost') === 0), listeners: ['energyLost'] },
};

export const capNameOf = (gameId: string): string => CAP_NAMES[gameId] ?? 'game cap';

/**
 * Where a game's learned seat stalls because the game does (measured, not assumed): the
 * sentence every report that seats it leads with beside its cap share (issue #27 item 5).
 * A condition seats the learned agent when its name holds the model's spec or "learned seat".
 */
export const LEARNED_SEAT_STALLS: Readonly<Record<string, string>> = {
  rumble:
    "Rumble's learned seat stalls because the game does, not because it plays badly: one always-attacking player (`heuristic:play=attack`) among three learned seats gains nothing from breaking the stand-off — four heroes with no powers, 40 of 40 games at the round cap and the attacker's share exactly 0.250 [0.142, 0.402], every Attack blocked by a full Defense and every hero at 100 Energy; with a dealt power each, 30 of 40 at the cap, 0.250 [0.142, 0.402] (agents/README.md, \"Rumble's stalls: the agents' or the game's?\"). The outcomes at the cap are ties, so a value trained on outcomes would not end it; a share from these games is a split tie, not a difference in skill",
};

const seatsLearned = (gameId: string, condition: string): boolean => condition.includes(`model=models/${gameId}`) || /learned seat/i.test(condition);

interface SeedCell {
  n: number;
  capped: number;
  quiet: number;
}

/** The cap and "nothing happened" counts of one condition (or one table). */
export class CapTally {
  games = 0;
  capped = 0;
  quiet = 0;
  /** Games whose record says whether anything happened. */
  quietKnown = 0;
  private readonly bySeed = new Map<number | string, SeedCell>();

  /**
   * Counts one completed game. `unit` names the independent unit it belongs to (default:
   * its seed — every table of a study plays game i on seed i, and a seed moves the share
   * of every matchup on it, so the games on one seed are one unit; the study reports pass
   * no other).
   */
  add(r: GameRecord, quiet: boolean | undefined, unit: number | string = r.seed): void {
    const capped = endedAtCap(r);
    this.games++;
    if (capped) this.capped++;
    if (quiet !== undefined) this.quietKnown++;
    if (quiet) this.quiet++;
    const c = this.bySeed.get(unit) ?? { n: 0, capped: 0, quiet: 0 };
    c.n++;
    if (capped) c.capped++;
    if (quiet) c.quiet++;
    this.bySeed.set(unit, c);
  }

  /** Share of games ended at the cap, 95% interval over units (`seeds` counts them). */
  capShare(): { p: number; lo: number; hi: number; seeds: number } {
    const s = clusterShare([...this.bySeed.values()].map((c) => ({ n: c.n, hits: c.capped })));
    return { p: s.p, lo: s.lo, hi: s.hi, seeds: s.clusters };
  }

  /** Share of games in which nothing happened, 95% interval over seeds. */
  quietShare(): { p: number; lo: number; hi: number; seeds: number } {
    const s = clusterShare([...this.bySeed.values()].map((c) => ({ n: c.n, hits: c.quiet })));
    return { p: s.p, lo: s.lo, hi: s.hi, seeds: s.clusters };
  }
}

const pct = (x: number, digits = 0): string => `${(x * 100).toFixed(digits)}%`;
// One unit (one seed) is one observation: clusterShare gives no interval, and the text says so (issue #28: not "95% CI 0.0–79.3% over 1 seeds").
const ci = (s: { lo: number; hi: number }): string => (Number.isFinite(s.lo) && Number.isFinite(s.hi) ? `95% CI ${pct(s.lo)}–${pct(s.hi)}` : 'interval not estimable from one unit: the games share one seed');
const range = (s: { lo: number; hi: number }): string | null => (Number.isFinite(s.lo) && Number.isFinite(s.hi) ? `${s.lo.toFixed(3)}–${s.hi.toFixed(3)}` : null);

/** "79 of 90 games (88%, 95% CI 80–93%, 45 seeds) ended at the turn cap; in 59 (66%, …) no blow landed". */
export function describeTally(t: CapTally, gameId: string): string {
  const c = t.capShare();
  const quiet = NOTHING_HAPPENED[gameId];
  let text = `${t.capped} of ${t.games} games (${pct(c.p)}, ${ci(c)}, ${c.seeds} unit${c.seeds === 1 ? '' : 's'}) ended at the ${capNameOf(gameId)}`;
  if (quiet && t.quietKnown === t.games) {
    const q = t.quietShare();
    text += `; in ${t.quiet} (${pct(q.p)}, ${ci(q)}) ${quiet.what}`;
  } else if (quiet) {
    text += `; whether anything happened is not recorded for ${t.games - t.quietKnown} of them`;
  }
  return text;
}

/** Conditions listed one verdict each up to this many; beyond, one verdict names the worst. */
const MAX_CONDITION_VERDICTS = 4;

/**
 * The verdicts that lead a report: one per condition whose share at the cap is above 5%
 * (or, with many such conditions, one naming the overall share and the worst), saying
 * plainly that those games' results are the engine's tie rule, not play.
 */
export function capVerdicts(gameId: string, overall: CapTally, conditions: ReadonlyMap<string, CapTally>): ReportVerdict[] {
  const capName = capNameOf(gameId);
  const over = [...conditions].filter(([, t]) => t.games > 0 && t.capped / t.games > CAP_WARNING_SHARE).sort((a, b) => b[1].capped / b[1].games - a[1].capped / a[1].games);
  if (over.length === 0) return [];
  const why = `the rule text has no ${capName}: a game stopped there is scored by the engine's tie rule, not decided by play, and a share counted over such games says who was ahead at the cap, not who wins`;
  const learnedNote = LEARNED_SEAT_STALLS[gameId];
  const learned: ReportVerdict[] =
    learnedNote && over.some(([name]) => seatsLearned(gameId, name))
      ? [{ statement: `${learnedNote}.`, evidence: `the learned seat's conditions: ${over.filter(([name]) => seatsLearned(gameId, name)).map(([name, t]) => `${name} ${t.capped}/${t.games} at the ${capName}`).join('; ')}`, strength: 'warning' }]
      : [];
  if (conditions.size === 1 || over.length <= MAX_CONDITION_VERDICTS) {
    const each = over.map(([name, t]) => ({
      statement: `Stalls${conditions.size === 1 ? '' : ` (${name})`}: ${describeTally(t, gameId)} — ${why}.`,
      evidence: `share at the cap above ${pct(CAP_WARNING_SHARE)}; intervals over seeds (the games on one seed are one unit: a seed moves the share of every matchup played on it); per condition and per table in "Evidence: games played, failed, stopped at the cap"`,
      strength: 'warning' as const,
    }));
    return [...each, ...learned];
  }
  const worst = over.slice(0, 3).map(([name, t]) => `${name} ${t.capped}/${t.games}`);
  return [
    {
      statement: `Stalls: ${describeTally(overall, gameId)}; ${over.length} of ${conditions.size} conditions have more than ${pct(CAP_WARNING_SHARE)} of their games at the cap (worst: ${worst.join('; ')}) — ${why}.`,
      evidence: `every condition with its n and interval in "Evidence: games played, failed, stopped at the cap"`,
      strength: 'warning',
    },
    ...learned,
  ];
}

/** The evidence table: one row per condition (worst first), with n, the cap share and the "nothing happened" share. */
export function capTable(gameId: string, id: string, title: string, tallies: ReadonlyMap<string, CapTally>, limit = 60): ReportBlock {
  const quiet = NOTHING_HAPPENED[gameId];
  const rows = [...tallies]
    .filter(([, t]) => t.games > 0)
    .sort((a, b) => b[1].capped / b[1].games - a[1].capped / a[1].games || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([name, t]) => {
      const c = t.capShare();
      const q = t.quietShare();
      return {
        condition: name,
        games: t.games,
        units: c.seeds,
        'at the cap': t.capped,
        'share at the cap': Number(c.p.toFixed(3)),
        'cap 95% CI': range(c),
        ...(quiet
          ? {
              [quiet.what]: t.quietKnown === t.games ? t.quiet : null,
              [`share ${quiet.what}`]: t.quietKnown === t.games ? Number(q.p.toFixed(3)) : null,
              [`${quiet.what} 95% CI`]: t.quietKnown === t.games ? range(q) : null,
            }
          : {}),
      };
    });
  const more = tallies.size - rows.length;
  return {
    kind: 'table',
    id,
    title,
    caption: `Worst first.${more > 0 ? ` ${more} more rows left out (the same counts are in the run folder's records).` : ''} Intervals over seeds (the games on one seed, every matchup's, are one unit: a seed moves the share of every matchup played on it).${quiet ? ` "${quiet.what}": ${quiet.what === 'no blow landed' ? 'no attack took Oomph off a hero all game' : 'no hero lost Energy in any round'}.` : ''}`,
    rows,
  };
}
