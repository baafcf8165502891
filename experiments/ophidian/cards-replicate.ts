/**
 * ophidian-cards, stage 3: replicating what the confirmation stage names.
 *
 * The confirmation stage (cards-confirm.ts) tests a data-chosen shortlist on fresh
 * seeds, Holm over the shortlist. Its verdicts still rest on one draw of deck pairs: a first
 * design named Showboat at 0.096 [0.041, 0.151] on 6 pairs, and other pairs found 0.029
 * [−0.004, 0.061]. So every card the confirmation names (too strong / too weak for its cost;
 * without a price line, a restricted-play effect) is replayed once more:
 *
 * - on seeds of its own — the tables' master seed is deriveSeed(master, 'ophidian-cards',
 *   'replicate', card), so no screening or confirmation game seed recurs;
 * - on deck pairs of its own — the confirmation's pairs (in either seat order) are left out
 *   of the seeded choice of holders and opponents;
 * - with the confirmation's design otherwise (unbarred and barred, both seat orders, the deck
 *   pair as the unit from 4 pairs on) and the same quantity it named (the gap from the
 *   screening price line, or the share lost when barred);
 * - Holm over the named cards: a card *replicates* when its replication interval, at its Holm
 *   level, lies on the same side of 0 as the confirmation's.
 *
 * The headline (cards-confirm.ts, confirmVerdicts) calls a card mispriced only when
 * it was confirmed AND replicated; a confirmed card that does not replicate gets its own
 * "not settled" line with both intervals. Why both: a designer acts on "mispriced" by
 * reprinting a card, so a false one is costly; requiring a second, disjoint test roughly
 * squares the chance that a fairly priced card is named (0.05 → 0.0025 at worst per family),
 * while a large effect (Grand Entrance, 0.219 then 0.260) passes both. The price is power:
 * a real but small effect may fail the replication — which the report shows instead of
 * hiding (both intervals, "leans the same way").
 */
import { mean, tFor } from '../../src/analysis/stats/descriptive.js';
import { holm } from '../../src/analysis/stats/multiplicity.js';
import { CONFIRM_FULL, gapFromLine, lossSe, MIN_PLAYS, stageSeed, type ConfirmAnalysis, type ConfirmedCard, type ConfirmSize, type NamedCard, type PriceLine, type ReplicationFinding } from './cards-confirm.js';

export type { NamedCard, ReplicationFinding, ReplicationStage } from './cards-confirm.js';

/** Quick (`npm start`): one deck pair, 8 seed indices a named card (32 games; a quick run rarely names one). Full: the confirmation's own design. */
export const REPLICATE_QUICK: ConfirmSize = { k: 0, owners: 1, opponents: 1, perOrder: 8 };
export const REPLICATE_FULL: ConfirmSize = { ...CONFIRM_FULL, k: 0 };

/** The master seed of a card's replication tables. */
export function replicationSeed(master: string | number, cardId: string): number {
  return stageSeed(master, 'replicate', cardId);
}

/** The cards the confirmation stage names: mispriced ones by their gap, the others with a confirmed restricted-play effect by their loss. */
export function namedByConfirmation(a: ConfirmAnalysis): NamedCard[] {
  return a.findings.flatMap((f): NamedCard[] => {
    if (f.price?.rejected) return [{ id: f.id, test: 'gap', direction: f.price.gap > 0 ? 1 : -1 }];
    if (f.loss.rejected) return [{ id: f.id, test: 'loss', direction: f.loss.mean > 0 ? 1 : -1 }];
    return [];
  });
}

/**
 * The replication rule, from the replayed cards' unit values and the screening line alone:
 * Holm over every named card (a card that cannot be tested stays in the family, not
 * rejected), replicated = rejected on the confirmation's side.
 */
export function analyseReplication(named: readonly NamedCard[], cards: readonly Pick<ConfirmedCard, 'id' | 'cost' | 'loss' | 'plays'>[], line: PriceLine): ReplicationFinding[] {
  const measure = (n: NamedCard): { est: number; se: number; df: number; untestable: string | null } => {
    const c = cards.find((x) => x.id === n.id);
    if (!c || c.loss.length < 2) return { est: c?.loss.length ? mean(c.loss) : NaN, se: NaN, df: 0, untestable: 'fewer than 2 units (no fresh deck pair, or failed games)' };
    if (n.test === 'loss') return { est: mean(c.loss), se: lossSe(c.loss), df: c.loss.length - 1, untestable: null };
    const plays = c.plays.length ? mean(c.plays) : 0;
    const g = gapFromLine({ ...c, cost: c.cost ?? 0 }, line);
    return { est: g.gap, se: g.se, df: g.df, untestable: c.cost === null ? 'X cost' : plays < MIN_PLAYS ? `played under ${MIN_PLAYS} times a game in the replication` : null };
  };
  const m = named.map(measure);
  const half = (i: number, level: number) => tFor(level, m[i]!.df) * m[i]!.se;
  const decisions = holm(
    named.map((_, i) => i),
    (i) => (m[i]!.untestable ? 0 : Math.abs(m[i]!.est) / m[i]!.se),
    (i, level) => !m[i]!.untestable && (m[i]!.est - half(i, level) > 0 || m[i]!.est + half(i, level) < 0),
  );
  return named.map((n, i) => {
    const x = m[i]!;
    const d = decisions[i]!;
    const h = Number.isFinite(x.se) ? half(i, d.level) : NaN;
    // A share lost lies in [−1, 1]; the gap is a share lost minus a small expected loss, left as is.
    const clip = (v: number) => (n.test === 'loss' ? Math.max(-1, Math.min(1, v)) : v);
    const lo = clip(x.est - h);
    const hi = clip(x.est + h);
    const sameSide = Math.sign(x.est) === n.direction;
    const replicated = d.rejected && sameSide;
    const why = replicated
      ? null
      : x.untestable ?? (d.rejected ? 'significant on the other side of 0' : sameSide ? 'leans the same way, but its interval reaches 0' : 'its estimate is on the other side of 0 (interval reaches 0)');
    return { id: n.id, test: n.test, estimate: x.est, lo, hi, level: d.level, n: cards.find((c) => c.id === n.id)?.loss.length ?? 0, replicated, why };
  });
}

