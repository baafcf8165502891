/**
 * ophidian-cards, stage 2: confirming the screening pass on fresh seeds.
 *
 * The screening pass (cards.ts) bars every card studied a few dozen times: with
 * ~80 cards and Holm's correction over all of them it has little power per card, and the
 * cards whose screening estimate is most extreme are extreme partly by chance (the winner's
 * curse), so re-testing them on the same games would overstate them. Hence two stages:
 *
 * 1. Shortlist (from the screening data only, rule in `shortlist`): the k cards furthest
 *    from the price line in standard errors (|loss − β·cost·plays| / se) when the screening
 *    pass established the line (β's 95% interval above 0); else the k cards whose
 *    restricted-play loss is furthest from 0 in standard errors. Only cards played at least
 *    MIN_PLAYS times a game are eligible (below it barring changes almost no game). A user's
 *    own cards (`--card-file`) join whatever their estimate: chosen before any game, they
 *    bias nothing.
 * 2. Confirmation: each shortlisted card replayed on FRESH seeds — the tables' master seed is
 *    deriveSeed(master, 'ophidian-cards', 'confirm', card), so no game seed of the screening
 *    pass recurs — with many more paired units: decks holding it (a seeded choice) against
 *    other decks, every seed index played unbarred and barred in both seat orders; a seed
 *    unit is one seed index of one deck pair, its value the unbarred minus the barred share
 *    of the deck holding the card (all four games completed; a unit with a failed game is
 *    dropped and counted). The unit of inference is the deck pair (its mean over its seed
 *    units) when the card has MIN_PAIRS deck pairs or more: the interval then carries the
 *    deck-to-deck variation, so a verdict speaks for decks like these, not only for the pairs
 *    drawn (a first design judged seed units on 6 pairs: it named Showboat at 0.096, and a
 *    replication on other seeds and pairs found 0.029 [−0.004, 0.061] — the pairs drawn
 *    mattered more than seed units can show). With fewer pairs (quick: one) the seed unit,
 *    and the verdict is about those pairs. Only these games decide, with
 *    Holm over the shortlist:
 *    - restricted play: the share lost differs from 0;
 *    - price (when the line exists): the gap loss − β·cost·plays differs from 0, its standard
 *      error carrying β's uncertainty (√(se_loss² + (cost·plays)²·se_β² + (β·cost)²·se_plays²);
 *      the correlation of loss and plays, measured on the same seeds, is ignored — its term
 *      is of the order of the last one, which is tiny beside the first). A card is "too
 *      strong" (worth more than it costs) when the gap's interval is above 0, "too weak" below.
 * 3. Replication (cards-replicate.ts): what this stage names is replayed once more on
 *    seeds and deck pairs of its own; the report calls a card mispriced only when both agree.
 */
import { forestPlot } from '../../src/analysis/charts.js';
import type { ReportBlock, ReportVerdict } from '../../src/analysis/report-model.js';
import { mean, seOrFloor, tFor, tInterval } from '../../src/analysis/stats/descriptive.js';
import { formatLevel, holm, holmNote } from '../../src/analysis/stats/multiplicity.js';
import { mdeRangeText, mdeText } from '../../src/analysis/stats/verdict.js';
import { deriveSeed } from '../../src/core/rng.js';
import type { GameRecord } from '../../src/core/record.js';
import { fmt, inBatches, meanCi, pairUnits, playDecks, playedBy, r3, se, seededSample, type OphidianStudyContext } from './common.js';

/** Fewest plays per game for a card to be priced or shortlisted: below it barring changes almost no game. */
export const MIN_PLAYS = 0.1;

/** A share lost when barred lies in [−1, 1]. */
export const LOSS = { min: -1, max: 1 } as const;

/**
 * The standard error of a card's loss units for its tests: the sample's own when its units
 * differ, and what n identical units leave open when they do not (seOrFloor): a card whose
 * barring changed no game (every unit 0) is not known exactly, and a constant floor (0.01)
 * made it rank and test as if it were (issue #28: an untouched card "too weak … confirmed and
 * replicated" on units that were all 0).
 */
export function lossSe(loss: readonly number[]): number {
  return seOrFloor(loss, LOSS);
}

export interface ConfirmSize {
  /** Cards shortlisted by their screening estimate (user cards come on top). */
  readonly k: number;
  /** Decks holding the card, and opponents for each, a seeded choice. */
  readonly owners: number;
  readonly opponents: number;
  /** Seed indices per deck pair (each played unbarred and barred, both seat orders: 4 games). */
  readonly perOrder: number;
}

/** Quick (`npm start`): a taste of the stage, a few seconds. Full: the real check (12 deck pairs × 16 seed indices a card). */
export const CONFIRM_QUICK: ConfirmSize = { k: 2, owners: 1, opponents: 1, perOrder: 8 };
export const CONFIRM_FULL: ConfirmSize = { k: 8, owners: 4, opponents: 3, perOrder: 16 };

/** Fewest deck pairs for the deck pair to be the unit of inference (below it, a t interval over pairs has too few degrees of freedom to be useful). */
export const MIN_PAIRS = 4;

/**
 * The units a card's confirmation is judged on, from its seed units grouped by deck pair:
 * each pair's mean when MIN_PAIRS pairs or more have a complete unit, else every seed unit.
 */
export function inferenceUnits(perPair: readonly (readonly number[])[]): { unit: 'deck pair' | 'seed index'; loss: number[] } {
  const pairs = perPair.filter((xs) => xs.length > 0);
  return pairs.length >= MIN_PAIRS ? { unit: 'deck pair', loss: pairs.map((xs) => mean(xs)) } : { unit: 'seed index', loss: pairs.flat() };
}

/** A card as the screening pass left it: what the shortlist rule reads. */
export interface ScreenedCard {
  readonly id: string;
  readonly name: string;
  /** Listed CP cost; null for X. */
  readonly cost: number | null;
  /** Screening restricted-play units (unbarred − barred share). */
  readonly loss: readonly number[];
  /** Screening plays per game by the seat holding it. */
  readonly plays: readonly number[];
  /** The screening price line's expected loss (β·cost·plays); null when the card was not priced. */
  readonly expected: number | null;
}

export interface ShortlistEntry {
  readonly id: string;
  readonly name: string;
  /** Rank among the eligible cards by the rule's score (1 = most extreme); null for a user card below the cut. */
  readonly rank: number | null;
  /** |estimate − null| / se in the screening data. */
  readonly score: number;
  readonly reason: 'screening' | 'user card';
}

export interface Shortlist {
  /** 'price': distance from the price line; 'loss': restricted-play loss from 0 (no line was established). */
  readonly rule: 'price' | 'loss';
  /** Cards eligible for the rule (the pool the top k came from). */
  readonly eligible: number;
  readonly entries: readonly ShortlistEntry[];
}

/**
 * The data-chosen shortlist (see the header): top k by screening |z|, ties by id; then the
 * user's cards not already on it, in the order given.
 */
export function shortlist(cards: readonly ScreenedCard[], priceLine: boolean, k: number, userCards: readonly string[] = []): Shortlist {
  const rule = priceLine ? 'price' : 'loss';
  const score = (c: ScreenedCard): number => {
    const gap = mean(c.loss) - (rule === 'price' ? c.expected! : 0);
    return Math.abs(gap) / lossSe(c.loss);
  };
  const eligible = cards.filter((c) => c.loss.length >= 2 && c.plays.length > 0 && mean(c.plays) >= MIN_PLAYS && (rule === 'loss' || c.expected !== null));
  const ranked = eligible.map((c) => ({ c, s: score(c) })).sort((x, y) => y.s - x.s || (x.c.id < y.c.id ? -1 : x.c.id > y.c.id ? 1 : 0));
  const entries: ShortlistEntry[] = ranked.slice(0, k).map(({ c, s }, i) => ({ id: c.id, name: c.name, rank: i + 1, score: s, reason: 'screening' }));
  for (const id of userCards) {
    if (entries.some((e) => e.id === id)) continue;
    const c = cards.find((x) => x.id === id);
    if (!c) continue;
    const at = ranked.findIndex((r) => r.c.id === id);
    entries.push({ id, name: c.name, rank: at >= 0 ? at + 1 : null, score: at >= 0 ? ranked[at]!.s : NaN, reason: 'user card' });
  }
  return { rule, eligible: eligible.length, entries };
}

/** The stages that replay cards on fresh seeds: the confirmation, then the replication of the cards it names. */
export type ReplayStage = 'confirm' | 'replicate';

/** The master seed of a card's tables in a replay stage: from the study's seed, the stage and the card only. */
export function stageSeed(master: string | number, stage: ReplayStage, cardId: string): number {
  return deriveSeed(master, 'ophidian-cards', stage, cardId);
}

/** The master seed of a card's confirmation tables. */
export function confirmationSeed(master: string | number, cardId: string): number {
  return stageSeed(master, 'confirm', cardId);
}

/** One card's confirmation games, as unit values. */
export interface ConfirmedCard {
  readonly id: string;
  readonly name: string;
  readonly cost: number | null;
  /** The master seed its tables were played under. */
  readonly seed: number;
  /** Deck pairs (holder, opponent). */
  readonly pairs: readonly (readonly [string, string])[];
  /** The units of inference (see inferenceUnits): per deck pair its mean, or per seed unit; unbarred − barred share of the holder. */
  readonly loss: readonly number[];
  readonly unit: 'deck pair' | 'seed index';
  /** Complete seed units (seed index × deck pair). */
  readonly seedUnits: number;
  /** Per unbarred completed game: times the holder played it. */
  readonly plays: readonly number[];
  readonly planned: number;
  readonly completed: number;
  readonly failed: number;
  /** Units lost to a failed game. */
  readonly dropped: number;
  /** Distinct game seeds played (for the disjointness check). */
  readonly seeds: readonly number[];
}

export interface ConfirmPlan {
  readonly card: { readonly id: string; readonly name: string; readonly cost: number | null };
  /** Decks of the study, those holding the card first chosen from. */
  readonly decks: readonly string[];
  readonly holds: (deck: string, card: string) => boolean;
  /** Deck pairs (holder, opponent) not to play, in either seat order: the replication leaves out the confirmation's pairs. */
  readonly avoid?: readonly (readonly [string, string])[];
}

/**
 * The deck pairs (holder, opponent) a card is replayed on in a stage: up to `size.owners`
 * decks holding it (a seeded choice), each against up to `size.opponents` others. A deck
 * matchup is played once per card and stage, whichever deck holds the card: two holders drawn
 * against each other would otherwise make two units share their unbarred games (the same
 * tables). The plan's `avoid` pairs (the replication: the confirmation's) are left out too.
 */
export function deckPairs(p: ConfirmPlan, size: ConfirmSize, seed: number): [string, string][] {
  const used = new Set((p.avoid ?? []).flatMap(([d, o]) => [`${d}|${o}`, `${o}|${d}`]));
  const opponentsOf = (d: string) => p.decks.filter((o) => o !== d && !used.has(`${d}|${o}`));
  // Holders with a deck pair left to play (all of them unless pairs are avoided).
  const owners = seededSample(p.decks.filter((d) => p.holds(d, p.card.id) && opponentsOf(d).length > 0), size.owners, `${seed}:owners`);
  const pairs: [string, string][] = [];
  for (const d of owners)
    for (const o of seededSample(opponentsOf(d), size.opponents, `${seed}:${d}:opponents`)) {
      pairs.push([d, o]);
      used.add(`${d}|${o}`).add(`${o}|${d}`);
    }
  return pairs;
}

/**
 * Plays the confirmation of every planned card (tables four at a time through the worker
 * pool); the result depends on the seeds only, never on the order tables finish in.
 */
export async function playConfirmation(
  ctx: OphidianStudyContext,
  plans: readonly ConfirmPlan[],
  spec: string,
  withBar: (id: string) => string,
  size: ConfirmSize,
  options: Readonly<Record<string, unknown>>,
  stage: ReplayStage = 'confirm',
): Promise<ConfirmedCard[]> {
  type Pair = { d: string; o: string; ab: GameRecord[]; ba: GameRecord[]; bab: GameRecord[]; bba: GameRecord[] };
  const byCard = plans.map((p) => {
    const seed = stageSeed(ctx.seed, stage, p.card.id);
    const pairs: Pair[] = deckPairs(p, size, seed).map(([d, o]) => ({ d, o, ab: [], ba: [], bab: [], bba: [] }));
    return { plan: p, seed, pairs };
  });
  const tasks: (() => Promise<void>)[] = [];
  for (const { plan, seed, pairs } of byCard) {
    const at: OphidianStudyContext = { ...ctx, seed };
    const id = plan.card.id;
    for (const pair of pairs) {
      const { d, o } = pair;
      tasks.push(async () => void (pair.ab = await playDecks(at, `${stage}-${id}-${d}-v-${o}`, d, o, size.perOrder, [spec, spec], options)));
      tasks.push(async () => void (pair.ba = await playDecks(at, `${stage}-${id}-${o}-v-${d}`, o, d, size.perOrder, [spec, spec], options)));
      tasks.push(async () => void (pair.bab = await playDecks(at, `${stage}-bar-${id}-${d}-v-${o}`, d, o, size.perOrder, [withBar(id), spec], options)));
      tasks.push(async () => void (pair.bba = await playDecks(at, `${stage}-bar-${id}-${o}-v-${d}`, o, d, size.perOrder, [spec, withBar(id)], options)));
    }
  }
  await inBatches(tasks, 4);
  return byCard.map(({ plan, seed, pairs }) => {
    const perPair: number[][] = [];
    const plays: number[] = [];
    const seeds = new Set<number>();
    let completed = 0;
    let dropped = 0;
    for (const p of pairs) {
      for (const r of [...p.ab, ...p.ba, ...p.bab, ...p.bba]) seeds.add(r.seed);
      completed += p.ab.length + p.ba.length + p.bab.length + p.bba.length;
      for (const r of p.ab) plays.push(playedBy(r, 0).get(plan.card.id) ?? 0);
      for (const r of p.ba) plays.push(playedBy(r, 1).get(plan.card.id) ?? 0);
      const free = new Map(pairUnits(p.d, p.o, p.ab, p.ba).map((u) => [u.index, u]));
      const barred = new Map(pairUnits(p.d, p.o, p.bab, p.bba).map((u) => [u.index, u]));
      const loss: number[] = [];
      perPair.push(loss);
      for (let i = 0; i < size.perOrder; i++) {
        const f = free.get(i);
        const b = barred.get(i);
        if (f?.games.length === 2 && b?.games.length === 2) loss.push(f.share - b.share);
        else dropped++;
      }
    }
    const planned = pairs.length * 4 * size.perOrder;
    const { unit, loss } = inferenceUnits(perPair);
    return { id: plan.card.id, name: plan.card.name, cost: plan.card.cost, seed, pairs: pairs.map((p) => [p.d, p.o] as const), loss, unit, seedUnits: perPair.reduce((t, xs) => t + xs.length, 0), plays, planned, completed, failed: planned - completed, dropped, seeds: [...seeds] };
  });
}

/** The screening price line the confirmation measures gaps from. */
export interface PriceLine {
  readonly beta: number;
  readonly betaSe: number;
  /** β's 95% interval is above 0 (else no card is priced). */
  readonly usable: boolean;
}

export interface ConfirmFinding {
  readonly id: string;
  /** Share lost when barred, at its Holm level over the shortlist (interval cut to [−1, 1]). */
  readonly loss: { mean: number; lo: number; hi: number; n: number; level: number; rejected: boolean };
  readonly plays: { mean: number; lo: number; hi: number; n: number };
  /** The gap from the price line in win share and as a CP value per play; null when not priced (why in `unpriced`). */
  readonly price: {
    readonly expected: number;
    readonly gap: number;
    readonly lo: number;
    readonly hi: number;
    readonly se: number;
    readonly value: number;
    readonly valueLo: number;
    readonly valueHi: number;
    readonly level: number;
    readonly rejected: boolean;
    readonly direction: 'strong' | 'weak' | 'fair';
  } | null;
  readonly unpriced: string | null;
}

export interface ConfirmAnalysis {
  readonly findings: readonly ConfirmFinding[];
  /** Holm family sizes: cards with a loss (≥ 2 units), cards priced. */
  readonly families: { readonly loss: number; readonly price: number };
}

/**
 * A card's gap from the price line, loss − β·cost·plays, and its standard error (carrying
 * β's and the plays' uncertainty, see the header); df for its t interval.
 */
export function gapFromLine(c: { readonly cost: number; readonly loss: readonly number[]; readonly plays: readonly number[] }, line: PriceLine): { expected: number; gap: number; se: number; df: number; plays: number } {
  const p = c.plays.length ? mean(c.plays) : 0;
  const seP = c.plays.length >= 2 ? se(c.plays) : 0;
  const expected = line.beta * c.cost * p;
  const gapSe = Math.sqrt(lossSe(c.loss) ** 2 + (c.cost * p * line.betaSe) ** 2 + (line.beta * c.cost * seP) ** 2);
  return { expected, gap: mean(c.loss) - expected, se: gapSe, df: c.loss.length - 1, plays: p };
}

/** The confirmation verdict rules, from its unit values and the screening line alone. */
export function analyseConfirmation(cards: readonly Pick<ConfirmedCard, 'id' | 'cost' | 'loss' | 'plays'>[], line: PriceLine): ConfirmAnalysis {
  const tested = cards.filter((c) => c.loss.length >= 2);
  const lossHolm = holm(tested, (c) => Math.abs(mean(c.loss)) / lossSe(c.loss), (c, level) => {
    const t = tInterval(c.loss, level, LOSS);
    return t.lo > 0 || t.hi < 0;
  });
  const playsOf = (c: Pick<ConfirmedCard, 'plays'>) => (c.plays.length ? mean(c.plays) : 0);
  const unpriced = (c: Pick<ConfirmedCard, 'cost' | 'loss' | 'plays'>): string | null =>
    !line.usable ? 'no price line from the screening pass' : c.cost === null ? 'X cost' : c.loss.length < 2 ? 'fewer than 2 units' : playsOf(c) < MIN_PLAYS ? `played under ${MIN_PLAYS} times a game` : null;
  const priced = tested.filter((c) => unpriced(c) === null);
  const gapOf = (c: (typeof priced)[number]) => gapFromLine({ ...c, cost: c.cost! }, line);
  const priceHolm = holm(priced, (c) => {
    const g = gapOf(c);
    return Math.abs(g.gap) / g.se;
  }, (c, level) => {
    const g = gapOf(c);
    const half = tFor(level, g.df) * g.se;
    return g.gap - half > 0 || g.gap + half < 0;
  });
  const findings = cards.map((c): ConfirmFinding => {
    const l = tested.indexOf(c);
    const level = l >= 0 ? lossHolm[l]!.level : 0.95;
    const t = tInterval(c.loss, level, LOSS);
    const loss = { mean: t.mean, lo: t.lo, hi: t.hi, n: c.loss.length, level, rejected: l >= 0 && lossHolm[l]!.rejected };
    const p = priced.indexOf(c);
    let price: ConfirmFinding['price'] = null;
    if (p >= 0) {
      const d = priceHolm[p]!;
      const g = gapOf(c);
      const half = tFor(d.level, g.df) * g.se;
      const value = cpValue(tInterval(c.loss, d.level, LOSS), line, g.plays);
      price = {
        expected: g.expected,
        gap: g.gap,
        lo: g.gap - half,
        hi: g.gap + half,
        se: g.se,
        ...value,
        level: d.level,
        rejected: d.rejected,
        direction: !d.rejected ? 'fair' : g.gap > 0 ? 'strong' : 'weak',
      };
    }
    return { id: c.id, loss, plays: meanCi(c.plays), price, unpriced: p >= 0 ? null : unpriced(c) ?? 'not tested' };
  });
  return { findings, families: { loss: tested.length, price: priced.length } };
}

/**
 * A card's CP value per play, loss / (β · plays), and its range: the loss anywhere in its
 * interval (at the card's Holm level) and β anywhere in its 95% interval (the corners of the
 * box; β's lower end is above 0 whenever cards are priced). A weak line (β barely above 0)
 * leaves the range wide open on one side — the report says "at least" / "at most" then —
 * while the verdict itself, the gap in win share, does not divide by β.
 */
export function cpValue(loss: { mean: number; lo: number; hi: number }, line: PriceLine, plays: number): { value: number; valueLo: number; valueHi: number } {
  const betas = [line.beta - 1.96 * line.betaSe, line.beta + 1.96 * line.betaSe];
  const corners = betas.flatMap((b) => [loss.lo / (b * plays), loss.hi / (b * plays)]);
  return { value: loss.mean / (line.beta * plays), valueLo: Math.min(...corners), valueHi: Math.max(...corners) };
}

/** The CP value's bound on the verdict's side, or why there is none (a line too weak to translate the gap into CP). */
function cpBound(p: NonNullable<ConfirmFinding['price']>, cost: number): string {
  if (p.direction === 'strong') return p.valueLo > cost ? `at least ${fmt(p.valueLo, 1)} with β anywhere in its 95% interval` : 'β is too uncertain to bound it above the cost';
  return p.valueHi < cost ? `at most ${fmt(p.valueHi, 1)} with β anywhere in its 95% interval` : 'β is too uncertain to bound it below the cost';
}

// The replication stage's data (its rules: cards-replicate.ts), here so the report code below reads it without an import cycle.

/** A card the confirmation stage named, and what it named. */
export interface NamedCard {
  readonly id: string;
  /** 'gap': too strong/weak for its cost (gap from the price line); 'loss': a restricted-play effect. */
  readonly test: 'gap' | 'loss';
  /** +1: the confirmation's estimate is above 0 (too strong / pulls its weight); −1: below. */
  readonly direction: 1 | -1;
}

export interface ReplicationFinding {
  readonly id: string;
  readonly test: 'gap' | 'loss';
  /** The replication's estimate of the named quantity and its interval at its Holm level over the named cards. */
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
  readonly level: number;
  /** Units of inference (deck pairs, or seed units below 4 pairs). */
  readonly n: number;
  readonly replicated: boolean;
  /** Why it did not replicate, in words; null when it did. */
  readonly why: string | null;
}

/** Everything the report needs about the replication stage. */
export interface ReplicationStage {
  readonly size: ConfirmSize;
  readonly named: readonly NamedCard[];
  readonly cards: readonly ConfirmedCard[];
  readonly findings: readonly ReplicationFinding[];
}

/** Everything the report needs about the stage. */
export interface ConfirmStage {
  readonly size: ConfirmSize;
  readonly full: boolean;
  readonly list: Shortlist;
  readonly cards: readonly ConfirmedCard[];
  readonly analysis: ConfirmAnalysis;
  readonly line: PriceLine;
  /** Cards studied in the screening pass (the pool size, for the text). */
  readonly screened: number;
  /** The replication of the cards the stage names (null: not run, e.g. a caller that stops at the confirmation). */
  readonly replication: ReplicationStage | null;
}

const lvl = (l: number) => formatLevel(l);

/**
 * The stage's verdicts: the only ones that may call a card mispriced. A card the confirmation
 * names is called mispriced (or its restricted-play effect supported) only when the
 * replication stage (cards-replicate.ts) replicates it; otherwise it gets an
 * "inconclusive" line with both intervals, so a reader sees the lead and why it is not settled.
 */
export function confirmVerdicts(s: ConfirmStage, play: string): ReportVerdict[] {
  const m = s.analysis.families;
  if (s.cards.length === 0)
    return [{ statement: `No card is shown too strong or too weak for its cost, ${play}: no card was eligible for the confirmation stage.`, evidence: `eligible: barred in the screening pass and played at least ${MIN_PLAYS} times a game (${s.list.eligible} of ${s.screened} cards); no MDE: no card was tested`, strength: 'inconclusive' }];
  const where = (c: ConfirmedCard, fresh = 'on fresh seeds') => `${c.unit === 'deck pair' ? `${c.loss.length} deck pairs as units (${c.seedUnits} paired seed units)` : `${c.loss.length} paired seed units`} ${fresh} (${c.pairs.map(([d, o]) => `${d} v ${o}`).join(', ') || 'no deck pair'}; ${c.failed} of ${c.planned} games failed${c.dropped ? `, ${c.dropped} units dropped` : ''})`;
  const rep = s.replication;
  const quick = s.full ? '' : ' (quick run)';
  /** The replication's numbers for a named card, for the evidence line. */
  const replicationEvidence = (id: string): string => {
    const r = rep?.findings.find((x) => x.id === id);
    const rc = rep?.cards.find((x) => x.id === id);
    if (!rep || !r || !rc) return 'replication: not run, so no MDE: nothing was tested on other seeds';
    return `replication${quick}: ${r.test === 'gap' ? 'gap' : 'share lost'} ${fmt(r.estimate)} [${fmt(r.lo)}, ${fmt(r.hi)}] at ${lvl(r.level)}, ${where(rc, 'on other fresh seeds and deck pairs')}; Holm over the ${rep.named.length} named cards; ${mdeText(r)}`;
  };
  const status = (id: string) => rep?.findings.find((x) => x.id === id);
  const settled: ReportVerdict[] = [];
  const leads: ReportVerdict[] = [];
  for (const f of s.analysis.findings) {
    const c = s.cards.find((x) => x.id === f.id)!;
    if (!f.price?.rejected) continue;
    const r = status(f.id);
    const confirmed = `share lost when barred ${fmt(f.loss.mean)} [${fmt(f.loss.lo)}, ${fmt(f.loss.hi)}] at ${lvl(f.loss.level)} against the price line's ${fmt(f.price.expected)} (β = ${fmt(s.line.beta, 4)} ± ${fmt(1.96 * s.line.betaSe, 4)} win share per CP spent, from the screening pass; ${fmt(f.plays.mean, 2)} [${fmt(f.plays.lo, 2)}, ${fmt(f.plays.hi, 2)}] plays a game, n=${f.plays.n} games): confirmation gap ${fmt(f.price.gap)} [${fmt(f.price.lo)}, ${fmt(f.price.hi)}] at ${lvl(f.price.level)}, ${where(c)}; Holm over the ${m.price} shortlisted cards priced`;
    if (r?.replicated)
      settled.push({
        statement: `${c.name} is too ${f.price.direction} for its cost of ${c.cost} CP: confirmed on fresh seeds and replicated on other seeds and deck pairs${quick} — barring it costs its decks ${fmt(f.loss.mean)} of their win share where the price line expects ${fmt(f.price.expected)}; at the line's rate ${fmt(f.price.value, 1)} CP a play (${cpBound(f.price, c.cost!)}), ${play}.`,
        evidence: `${confirmed}. ${replicationEvidence(f.id)}`,
        strength: 'supported',
      });
    else
      leads.push({
        statement: `${c.name} (${c.cost} CP) was named too ${f.price.direction} for its cost by the confirmation stage but ${r ? `did not replicate on other seeds and deck pairs${quick}: ${r.why}` : 'was not replicated'} — not called mispriced; a lead, not settled, ${play}.`,
        evidence: `${confirmed}. ${replicationEvidence(f.id)}`,
        strength: 'inconclusive',
      });
  }
  for (const f of s.analysis.findings) {
    const c = s.cards.find((x) => x.id === f.id)!;
    // A card named mispriced above already carries its loss in that verdict.
    if (!f.loss.rejected || f.price?.rejected) continue;
    const r = status(f.id);
    const effect = f.loss.mean > 0 ? `barring ${c.name} costs its decks ${fmt(f.loss.mean)} of their win share` : `decks do better when ${c.name} is barred (by ${fmt(-f.loss.mean)} win share): playing it hurts`;
    const evidence = `share lost when barred ${fmt(f.loss.mean)} [${fmt(f.loss.lo)}, ${fmt(f.loss.hi)}] at ${lvl(f.loss.level)}, ${where(c)}; Holm over the ${m.loss} shortlisted cards. ${replicationEvidence(f.id)}`;
    if (r?.replicated) settled.push({ statement: `Confirmed on fresh seeds and replicated on other seeds and deck pairs${quick}: ${effect}, ${play}.`, evidence, strength: 'supported' });
    else leads.push({ statement: `Confirmed on fresh seeds but ${r ? `not replicated on other seeds and deck pairs${quick} (${r.why})` : 'not replicated'}: ${effect} — a lead, not settled, ${play}.`, evidence, strength: 'inconclusive' });
  }
  const mispriced = s.analysis.findings.filter((f) => f.price?.rejected && status(f.id)?.replicated);
  if (mispriced.length > 0) return [...settled, ...leads];
  const widths = s.analysis.findings.flatMap((f) => (f.price ? [{ w: f.price.hi - f.price.lo, cp: f.price.valueHi - f.price.valueLo }] : []));
  // What the confirmation could have missed, card by card at its Holm level: the gap from the line, else the share lost.
  const priced = s.analysis.findings.flatMap((f) => (f.price ? [f.price] : []));
  const missed = priced.length ? `gap from the price line: ${mdeRangeText(priced)} win share` : `share lost when barred: ${mdeRangeText(s.analysis.findings.filter((f) => f.loss.n >= 2).map((f) => f.loss))}`;
  const lossWidths = s.analysis.findings.filter((f) => f.loss.n >= 2).map((f) => f.loss.hi - f.loss.lo);
  const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]! : NaN);
  const n = s.cards.map((c) => c.seedUnits);
  const notReplicated = s.analysis.findings.filter((f) => f.price?.rejected).map((f) => s.cards.find((c) => c.id === f.id)!.name);
  const summary: ReportVerdict = {
    statement: !s.line.usable
      ? `No card can be called too strong or too weak for its cost${s.full ? '' : ' in this quick run'}: the screening pass established no price line (β = ${fmt(s.line.beta, 4)} ± ${fmt(1.96 * s.line.betaSe, 4)} win share per CP spent, not shown above 0), so the confirmation stage tested restricted play only, ${play}.`
      : notReplicated.length > 0
      ? `No card is shown too strong or too weak for its cost${s.full ? '' : ' in this quick run'}: the confirmation stage named ${notReplicated.join(', ')}, but ${notReplicated.length === 1 ? 'it did not replicate' : 'none of them replicated'} on other seeds and deck pairs (below), ${play}.`
      : `No card is shown too strong or too weak for its cost${s.full ? '' : ' in this quick run'}: the ${s.cards.length} cards furthest from the price line in the screening pass, replayed on fresh seeds, are not shown off the line, ${play}.`,
    evidence: `${s.cards.length} shortlisted cards, ${Math.min(...n) === Math.max(...n) ? n[0] : `${Math.min(...n)}–${Math.max(...n)}`} paired seed units each on fresh seeds (unit of inference: ${[...new Set(s.cards.map((c) => c.unit))].join(' or ')}); ${widths.length ? `median interval width of the gap from the line ${fmt(median(widths.map((x) => x.w)))} win share (${fmt(median(widths.map((x) => x.cp)), 1)} CP a play) at the Holm levels` : `median restricted-play interval width ${fmt(median(lossWidths))} win share`}; ${missed}; Holm over the shortlist; a card is called mispriced only when confirmed and replicated${s.full ? '' : `; a quick run (${s.size.k} cards, ${s.size.perOrder} seed indices a deck pair) — rerun with --full for the real confirmation`}`,
    strength: 'inconclusive',
  };
  return [summary, ...leads, ...settled];
}

/** The replication columns of a card's row in the confirmation table (CSV). */
function replicationColumns(s: ConfirmStage, id: string): Record<string, string | number | null> {
  const r = s.replication?.findings.find((x) => x.id === id);
  const c = s.replication?.cards.find((x) => x.id === id);
  if (!s.replication) return { replication: 'not run', replicatedWhat: null, replicationEstimate: null, replicationLo: null, replicationHi: null, replicationLevel: null, replicationUnits: null, replicationDeckPairs: null, replicationGamesPlanned: null, replicationGamesFailed: null };
  if (!r || !c) return { replication: 'not named by the confirmation', replicatedWhat: null, replicationEstimate: null, replicationLo: null, replicationHi: null, replicationLevel: null, replicationUnits: null, replicationDeckPairs: null, replicationGamesPlanned: null, replicationGamesFailed: null };
  return {
    replication: r.replicated ? 'replicated' : `not replicated (${r.why})`,
    replicatedWhat: r.test === 'gap' ? 'gap from the price line' : 'share lost when barred',
    replicationEstimate: r3(r.estimate),
    replicationLo: r3(r.lo),
    replicationHi: r3(r.hi),
    replicationLevel: r3(r.level),
    replicationUnits: r.n,
    replicationDeckPairs: c.pairs.map(([d, o]) => `${d} v ${o}`).join('; '),
    replicationGamesPlanned: c.planned,
    replicationGamesFailed: c.failed,
  };
}

/** The report's verdict on a shortlisted card, in a few words (the table's last column). */
function finalVerdict(s: ConfirmStage, f: ConfirmFinding): string {
  const r = s.replication?.findings.find((x) => x.id === f.id);
  if (f.price?.rejected) return r?.replicated ? `too ${f.price.direction} for its cost` : `not settled: named too ${f.price.direction} by the confirmation, not replicated`;
  if (f.loss.rejected) return r?.replicated ? `not shown mispriced; ${f.loss.mean > 0 ? 'pulls its weight' : 'playing it hurts'} (replicated)` : 'not shown mispriced; restricted-play effect not replicated';
  return f.price ? 'not shown mispriced' : `not priced (${f.unpriced})`;
}

/** The replication paragraph: what is replayed, on what, and the rule. */
function replicationText(s: ConfirmStage, play: string): string {
  const r = s.replication;
  if (!r) return 'Replication: not run.';
  const design = `on seeds of its own (master seed deriveSeed(seed, 'ophidian-cards', 'replicate', card): no screening or confirmation game seed recurs) and on deck pairs of its own (the confirmation's pairs left out, in either seat order): ${r.size.owners === 1 ? 'one deck holding it' : `up to ${r.size.owners} decks holding it`} against ${r.size.opponents === 1 ? 'one other deck' : `${r.size.opponents} other decks`}, ${r.size.perOrder} seed indices a pair, unbarred and barred in both seat orders, ${play}`;
  const quick = s.full ? '' : ` Quick run: a tiny replication (${r.size.perOrder} seed indices on one deck pair a card) to show the stage; --full replays each named card with the confirmation's full design (up to ${CONFIRM_FULL.owners} holding decks × ${CONFIRM_FULL.opponents} opponents, ${CONFIRM_FULL.perOrder} seed indices a pair, the deck pair as the unit).`;
  if (r.named.length === 0) return `Replication: the confirmation stage named no card, so nothing was replayed a third time (a named card would be replayed ${design}).${quick}`;
  const failed = r.cards.reduce((t, c) => t + c.failed, 0);
  const planned = r.cards.reduce((t, c) => t + c.planned, 0);
  const list = r.findings.map((f) => `${s.cards.find((c) => c.id === f.id)?.name ?? f.id}: ${f.replicated ? 'replicated' : `not replicated (${f.why})`}, ${f.test === 'gap' ? 'gap' : 'share lost'} ${fmt(f.estimate)} [${fmt(f.lo)}, ${fmt(f.hi)}] at ${lvl(f.level)}, n=${f.n} ${r.cards.find((c) => c.id === f.id)?.unit === 'deck pair' ? 'deck pairs' : 'seed units'}`).join('; ');
  return `Replication: each of the ${r.named.length} cards the confirmation names is replayed ${design}. The same quantity it was named for (the gap from the price line, or the share lost when barred), Holm over the ${r.named.length} named cards; a card replicates when its interval lies on the confirmation's side of 0. Only a card confirmed AND replicated is called mispriced: a reprint is costly, and a second, disjoint test keeps a fairly priced card from being named on one lucky draw of deck pairs (the price: a real but small effect may not replicate — its line then says so, with both intervals). ${list}. Games: ${planned} planned, ${failed} failed.${quick}`;
}

/**
 * The x scale from the intervals, at least ±0.05 around 0: when every unit is 0 (a deck pair
 * one side always wins, barred or not) Vega would otherwise draw a zero-width axis. Row
 * labels (card names) get room up to 320 px before they are cut.
 */
function fitAxes(spec: Record<string, unknown>, effects: readonly { lo: number; hi: number; estimate: number }[]): Record<string, unknown> {
  const ends = effects.flatMap((e) => [e.lo, e.hi, e.estimate]).filter(Number.isFinite);
  const domain = [Math.min(-0.05, ...ends), Math.max(0.05, ...ends)];
  const layers = (spec['layer'] as Record<string, unknown>[]).map((l) => {
    const enc = l['encoding'] as Record<string, Record<string, unknown>>;
    const y = enc['y'] ? { y: { ...enc['y'], axis: { labelLimit: 320 } } } : {};
    return { ...l, encoding: { ...enc, x: { ...enc['x'], scale: { domain, nice: true } }, ...y } };
  });
  return { ...spec, layer: layers };
}

/** The stage's report section: the rule and the shortlist, the confirmation table (CSV beside it) and its chart. */
export function confirmBlocks(s: ConfirmStage, play: string): ReportBlock[] {
  const ruleText = s.list.rule === 'price'
    ? `distance from the screening price line in standard errors, |loss − β·cost·plays| / se`
    : `restricted-play loss from 0 in standard errors, |loss| / se (the screening pass established no price line, so no card can be priced)`;
  const chosen = s.list.entries.map((e) => `${e.name} (${e.reason === 'user card' ? `your card${e.rank ? `, screening rank ${e.rank}` : ''}` : `rank ${e.rank}`}${Number.isFinite(e.score) ? `, score ${fmt(e.score, 2)}` : ''})`).join('; ');
  const failed = s.cards.reduce((t, c) => t + c.failed, 0);
  const planned = s.cards.reduce((t, c) => t + c.planned, 0);
  const text = `${s.full ? '' : `Quick run: a shortlist of ${s.size.k} and ${s.size.perOrder} seed indices a deck pair only, to show the stage — rerun with --full for the real confirmation (${CONFIRM_FULL.k} cards, up to ${CONFIRM_FULL.owners} decks holding each against ${CONFIRM_FULL.opponents} opponents, ${CONFIRM_FULL.perOrder} seed indices a pair, the deck pair as the unit). `}Shortlist rule (from the screening data only): the ${s.size.k} cards of the ${s.list.eligible} eligible (of ${s.screened} screened; eligible: barred in screening and played at least ${MIN_PLAYS} times a game) with the largest ${ruleText}; ties by id${s.list.entries.some((e) => e.reason === 'user card') ? '; your own cards join whatever their estimate (chosen before any game, they bias nothing)' : ''}. Shortlist: ${chosen || '(empty: no card was eligible)'}. Confirmation: each on fresh seeds (the tables' master seed derives from the study's seed, the stage and the card, so no screening game recurs), ${s.size.owners === 1 ? 'one deck holding it' : `up to ${s.size.owners} decks holding it`} (a seeded choice) against ${s.size.opponents === 1 ? 'one other deck' : `${s.size.opponents} other decks`}, ${s.size.perOrder} seed indices per pair, each played unbarred and barred in both seat orders (4 games a unit), ${play}. Seed unit = one seed index of one deck pair: unbarred − barred share of the deck holding the card (a unit with a failed game is dropped and counted). Unit of inference: the deck pair (the mean of its seed units) when a card has ${MIN_PAIRS} pairs or more, so the interval carries deck-to-deck variation and the verdict speaks for decks like these; else the seed unit, and the verdict is about the pairs played. Only these games decide: ${holmNote(s.analysis.families.loss, 'restricted-play losses')} ${s.line.usable ? `${holmNote(s.analysis.families.price, 'gaps from the price line')} The gap's standard error carries the screening β's uncertainty (β = ${fmt(s.line.beta, 4)} ± ${fmt(1.96 * s.line.betaSe, 4)}).` : ''} Games: ${planned} planned, ${failed} failed.`;
  const rows = s.analysis.findings.map((f) => {
    const c = s.cards.find((x) => x.id === f.id)!;
    const e = s.list.entries.find((x) => x.id === f.id)!;
    return {
      card: c.name,
      id: c.id,
      cost: c.cost,
      chosenBy: e.reason === 'user card' ? 'your card' : `screening rank ${e.rank} of ${s.list.eligible}`,
      screeningScore: r3(e.score),
      deckPairs: c.pairs.map(([d, o]) => `${d} v ${o}`).join('; '),
      unit: c.unit,
      units: f.loss.n,
      seedUnits: c.seedUnits,
      gamesPlanned: c.planned,
      gamesFailed: c.failed,
      unitsDropped: c.dropped,
      playsPerGame: r3(f.plays.mean),
      playsLo: r3(f.plays.lo),
      playsHi: r3(f.plays.hi),
      restrictedLoss: r3(f.loss.mean),
      lossLo: r3(f.loss.lo),
      lossHi: r3(f.loss.hi),
      lossLevel: r3(f.loss.level),
      lossVerdict: f.loss.n < 2 ? 'too few units' : f.loss.rejected ? (f.loss.mean > 0 ? 'pulls its weight' : 'playing it hurts') : c.loss.every((x) => x === 0) ? 'not shown ≠ 0 (every unit 0: barring changed no result on these pairs; the interval is the exact one for equal units, what so few identical units leave open)' : 'not shown ≠ 0',
      expectedLoss: f.price ? r3(f.price.expected) : null,
      gapFromLine: f.price ? r3(f.price.gap) : null,
      gapLo: f.price ? r3(f.price.lo) : null,
      gapHi: f.price ? r3(f.price.hi) : null,
      priceLevel: f.price ? r3(f.price.level) : null,
      cpValuePerPlay: f.price ? r3(f.price.value) : null,
      cpValueLo: f.price ? r3(f.price.valueLo) : null,
      cpValueHi: f.price ? r3(f.price.valueHi) : null,
      confirmation: f.price ? (f.price.rejected ? `too ${f.price.direction} for its cost` : 'not shown mispriced') : `not priced (${f.unpriced})`,
      ...replicationColumns(s, f.id),
      verdict: finalVerdict(s, f),
    };
  });
  const effects = s.analysis.findings.flatMap((f) => {
    const name = s.cards.find((x) => x.id === f.id)!.name;
    const out = [];
    if (f.price) out.push({ label: `${name} · gap`, estimate: f.price.gap, lo: f.price.lo, hi: f.price.hi, n: f.loss.n, group: 'gap from the price line' });
    if (f.loss.n >= 2) out.push({ label: `${name} · lost`, estimate: f.loss.mean, lo: f.loss.lo, hi: f.loss.hi, n: f.loss.n, group: 'share lost when barred' });
    const r = s.replication?.findings.find((x) => x.id === f.id);
    if (r && Number.isFinite(r.lo)) out.push({ label: `${name} · replicated ${r.test === 'gap' ? 'gap' : 'lost'}`, estimate: r.estimate, lo: r.lo, hi: r.hi, n: r.n, group: 'replication (other seeds and pairs)' });
    return out;
  });
  const blocks: ReportBlock[] = [{ kind: 'text', text }, { kind: 'text', text: replicationText(s, play) }];
  if (effects.length)
    blocks.push({
      kind: 'chart',
      id: 'confirmation-intervals',
      title: 'Confirmation and replication on fresh seeds: intervals against 0',
      caption: `Only these intervals decide. Right of 0 on the gap: the card is worth more than the line says for its cost (too strong); left: too weak. A card is called mispriced when its confirmation gap and its replication gap (other seeds and deck pairs) both lie on one side of 0. Confirmation intervals at each card's Holm level over the shortlist, replication intervals at their Holm level over the named cards; n = units of inference (deck pairs, or seed units below ${MIN_PAIRS} pairs)${s.full ? '' : '; quick run'}.`,
      spec: fitAxes(
        forestPlot(effects, {
          title: 'Shortlisted cards replayed on fresh seeds (and the named ones once more)',
          subtitle: `${s.full ? `confirmation: Holm over ${s.cards.length} cards` : `quick run: ${s.size.perOrder} seed indices a deck pair — --full for the real check`}${s.replication?.named.length ? `; replication: Holm over the ${s.replication.named.length} named` : ''}`,
          xTitle: s.analysis.families.price ? 'win share (share lost = unbarred − barred; gap = share lost − β·cost·plays)' : 'win share lost when barred (unbarred − barred)',
          intervalLabel: 'Holm-level',
        }),
        effects,
      ),
    });
  blocks.push({ kind: 'table', id: 'confirmation', title: 'Confirmation stage: the shortlisted cards on fresh seeds', caption: 'units: the units of inference (deck pairs, or seed units when a card has fewer than ' + MIN_PAIRS + ' pairs); seedUnits: seed index × deck pair with all four games completed. Loss and gap intervals at their Holm levels over the shortlist (t; the gap\'s carries β\'s uncertainty); cpValuePerPlay = loss / (β · plays), its range with the loss in its interval and β anywhere in its 95% interval. confirmation: what the confirmation games alone say; replication: for the cards the confirmation names, the same quantity (replicatedWhat) on other seeds and deck pairs, at its Holm level over the named cards; verdict: the report\'s verdict (mispriced only when confirmed and replicated). gamesFailed: games that ended in an error (never scored, counted here and in the report header).', rows });
  return blocks;
}
