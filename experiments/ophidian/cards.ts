/**
 * ophidian-cards: which Strategy card is too strong or too weak for its cost?
 *
 * Design (every game seat-swapped on common seeds, see common.ts):
 * 1. A round robin of ready decks. Per card, the *inclusion* comparison: in the matchups
 *    where exactly one deck holds the card, that deck's win share (0.5 = no difference),
 *    averaged per matchup and over matchups (the matchup is the unit: the same two decks
 *    meet again and again). Observational: a deck holding the card differs in other cards too.
 * 2. *Restricted play*, the causal measure: the same deck against the same opponent on the
 *    same seeds, its player barred from playing the card (the agent's `bar` option:
 *    `heuristic:bar=card`, or `net:…,bar=card` / `mcts:…,bar=card` for learned and search
 *    play, agents/barring.ts; random and flatmc cannot be barred). The share
 *    lost (unbarred − barred) per seed index is the unit.
 * 3. How often it is played: plays per game by the player whose deck holds it (tags.played).
 * 4. Price: restricted-play loss is fitted against CP spent on the card (listed cost × plays
 *    per game) by weighted least squares through the origin: β = win share per CP spent.
 *    A card's fitted CP value per play is loss / (β · plays); it is *mispriced* when its loss
 *    interval excludes the line's β · cost · plays. Holm's correction over the cards tested
 *    in each family (inclusion, restricted play, price), the family sizes shown.
 * 5. Confirmation (cards-confirm.ts): steps 1–4 are a screening pass. The cards whose
 *    screening estimate is most extreme are replayed on fresh seeds with many more paired
 *    units, and only those games decide whether a card is mispriced (Holm over the shortlist).
 * 6. Replication (cards-replicate.ts): every card the confirmation names is replayed
 *    once more on seeds and deck pairs of its own (Holm over the named cards); the headline
 *    calls a card mispriced only when confirmed and replicated.
 */
import { costScatter, forestPlot } from '../../src/analysis/charts.js';
import type { Report, ReportVerdict, YourContent, YourItem } from '../../src/analysis/report-model.js';
import { yourShares } from '../../src/analysis/report/yours.js';
import { formatLevel } from '../../src/analysis/stats/multiplicity.js';
import { mdeRangeText } from '../../src/analysis/stats/verdict.js';
import { holm, holmNote } from '../../src/analysis/stats/multiplicity.js';
import { mean, seFloored, tInterval, type Bounds } from '../../src/analysis/stats/descriptive.js';
import { unitShareInterval } from '../../src/analysis/stats/paired.js';
import { BARRING_KINDS, parseAgentSpec } from '../../agents/index.js';
import type { StrategyCard } from '../../src/games/ophidian/index.js';
import { barredSpec, GAME_ID, OPH_AGENTS, OPH_CONTENT, fmt, inBatches, meanCi, pairUnits, playDecks, playedBy, r3, seededSample, userContent, type MatchupUnit, type OphidianStudyContext, type UserContent } from './common.js';
import { describeAgents, studyAgents, type Study } from '../study.js';
import { cardFindings } from './findings.js';
import { analyseReplication, namedByConfirmation, REPLICATE_FULL, REPLICATE_QUICK } from './cards-replicate.js';
import { analyseConfirmation, confirmBlocks, confirmVerdicts, CONFIRM_FULL, CONFIRM_QUICK, MIN_PLAYS, playConfirmation, shortlist, type ConfirmStage } from './cards-confirm.js';

/** The evidence on one card, as unit values (so intervals can be drawn at any level). */
export interface CardEvidence {
  readonly id: string;
  readonly name: string;
  /** Listed CP cost; null for X. */
  readonly cost: number | null;
  /** Per matchup where exactly one deck holds it: that deck's mean share. */
  readonly inclusion: readonly number[];
  /** Per seed index: unbarred − barred share of the deck holding it. */
  readonly loss: readonly number[];
  /** Per game (unrestricted, seat holding the card): times played. */
  readonly plays: readonly number[];
  /**
   * The same per seat-swapped unit (the two games on one seed, as one observation): the
   * mean plays and the share of holding seats that played it at least once. The intervals
   * on plays are over these; without them (hand-built evidence) over `plays`.
   */
  readonly playUnits?: readonly { readonly plays: number; readonly played: number }[];
}

export interface CardFinding {
  readonly id: string;
  readonly inclusion: { mean: number; lo: number; hi: number; n: number; level: number; rejected: boolean };
  readonly loss: { mean: number; lo: number; hi: number; n: number; level: number; rejected: boolean };
  /** n counts `unit`s: seat-swapped units when the evidence has them, else games. */
  readonly plays: { mean: number; lo: number; hi: number; n: number; unit?: string };
  /** Expected loss from the price line (β · cost · plays), the fitted CP value per play and its interval. */
  readonly price: { expected: number; lossLo: number; lossHi: number; value: number; lo: number; hi: number; level: number; rejected: boolean; direction: 'strong' | 'weak' | 'fair' } | null;
}

export interface CardAnalysis {
  /** Win share per CP spent (the price line's slope) and its standard error; NaN when it cannot be fitted. */
  readonly beta: number;
  readonly betaSe: number;
  readonly findings: readonly CardFinding[];
  readonly families: { inclusion: number; loss: number; price: number };
}

/** What the measures can take: an inclusion share [0, 1], a share lost when barred [−1, 1]. */
const SHARE = { min: 0, max: 1 } as const;
const LOSS = { min: -1, max: 1 } as const;
const ci2 = (xs: readonly number[], level: number, bounds?: Bounds) => {
  const t = tInterval(xs, level, bounds);
  return { mean: t.mean, lo: t.lo, hi: t.hi, n: xs.length };
};
/**
 * A t interval cut to the values the quantity can take (a share to [0, 1], a share lost to
 * [-1, 1]): with two or three units t's width runs far beyond them (0.708 [-4.675, 6.091]),
 * and the truth lies inside, so the cut interval covers it as often and says no more than is known.
 * Units without spread (a card whose barring changed no game: every unit 0) get the exact
 * interval for equal units, never a zero-width one ("loss 0 [0, 0]").
 */
export function boundedCi(xs: readonly number[], level: number, min: number, max: number): { mean: number; lo: number; hi: number; n: number } {
  return ci2(xs, level, { min, max });
}
/** The price chart's range: noisy prices of rarely played cards run to hundreds of CP and would squeeze every other point. */
const CLIP = { lo: -5, hi: 15 };

/** The gap from the price line beyond which a card is labelled: at least 1 CP, and at most five labels. */
function labelGap(gaps: readonly number[]): number {
  const sorted = [...gaps].sort((a, b) => b - a);
  return Math.max(1, sorted[5] ?? 0);
}

/** The verdict rules, from the unit values alone (tests feed synthetic evidence with a known truth). */
export function analyseCards(cards: readonly CardEvidence[]): CardAnalysis {
  const inc = cards.filter((c) => c.inclusion.length >= 2);
  const los = cards.filter((c) => c.loss.length >= 2);
  // Rankings and weights use the floored standard error (seFloored): identical units are not exact.
  const incHolm = holm(inc, (c) => Math.abs(ci2(c.inclusion, 0.95).mean - 0.5) / seFloored(c.inclusion, SHARE), (c, level) => {
    const x = ci2(c.inclusion, level, SHARE);
    return x.lo > 0.5 || x.hi < 0.5;
  });
  const lossHolm = holm(los, (c) => Math.abs(ci2(c.loss, 0.95).mean) / seFloored(c.loss, LOSS), (c, level) => {
    const x = ci2(c.loss, level, LOSS);
    return x.lo > 0 || x.hi < 0;
  });
  // The price line: loss ≈ β · (cost × plays), weighted by 1/se². The se is floored at what n
  // identical units leave open (seFloored), not at a constant: under a deterministic agent a
  // card whose units are all 0 had weight 10⁴ and set the slope alone with one edited card.
  const priced = los.filter((c) => c.cost !== null && c.plays.length > 0 && ci2(c.plays, 0.95).mean >= MIN_PLAYS);
  let sxy = 0;
  let sxx = 0;
  for (const c of priced) {
    const x = c.cost! * ci2(c.plays, 0.95).mean;
    const w = 1 / seFloored(c.loss, LOSS) ** 2;
    sxy += w * x * ci2(c.loss, 0.95).mean;
    sxx += w * x * x;
  }
  const beta = sxx > 0 ? sxy / sxx : NaN;
  const betaSe = sxx > 0 ? Math.sqrt(1 / sxx) : NaN;
  // Prices only on an established line: a slope not shown above 0 would turn noise into huge CP values.
  const usable = Number.isFinite(beta) && beta - 1.96 * betaSe > 0;
  const priceItems = usable ? priced : [];
  const expected = (c: CardEvidence) => beta * c.cost! * ci2(c.plays, 0.95).mean;
  const priceHolm = holm(priceItems, (c) => Math.abs(ci2(c.loss, 0.95).mean - expected(c)) / seFloored(c.loss, LOSS), (c, level) => {
    const x = ci2(c.loss, level, LOSS);
    return x.lo > expected(c) || x.hi < expected(c);
  });
  const findings = cards.map((c): CardFinding => {
    const i = inc.indexOf(c);
    const l = los.indexOf(c);
    const p = priceItems.indexOf(c);
    const incLevel = i >= 0 ? incHolm[i]!.level : 0.95;
    const lossLevel = l >= 0 ? lossHolm[l]!.level : 0.95;
    let price: CardFinding['price'] = null;
    if (p >= 0) {
      const d = priceHolm[p]!;
      const x = ci2(c.loss, d.level, LOSS);
      const plays = ci2(c.plays, 0.95).mean;
      const e = expected(c);
      price = { expected: e, lossLo: x.lo, lossHi: x.hi, value: x.mean / (beta * plays), lo: x.lo / (beta * plays), hi: x.hi / (beta * plays), level: d.level, rejected: d.rejected, direction: !d.rejected ? 'fair' : x.lo > e ? 'strong' : 'weak' };
    }
    return {
      id: c.id,
      inclusion: { ...boundedCi(c.inclusion, incLevel, 0, 1), level: incLevel, rejected: i >= 0 && incHolm[i]!.rejected },
      loss: { ...boundedCi(c.loss, lossLevel, -1, 1), level: lossLevel, rejected: l >= 0 && lossHolm[l]!.rejected },
      plays: c.playUnits ? { ...meanCi(c.playUnits.map((u) => u.plays)), unit: 'seat-swapped units' } : { ...meanCi(c.plays), unit: 'games' },
      price,
    };
  });
  return { beta, betaSe, findings, families: { inclusion: inc.length, loss: los.length, price: priceItems.length } };
}


/**
 * Verdicts: mispriced cards (named only where Holm supports it), then restricted play, then
 * inclusion. `prices: false` when a confirmation stage decides the prices (the study): the
 * screening pass then names no mispriced card and leaves the summary to that stage.
 */
export function cardVerdicts(cards: readonly CardEvidence[], a: CardAnalysis, play: string, opts: { prices?: boolean } = {}): ReportVerdict[] {
  const prices = opts.prices ?? true;
  // Without its own price verdicts this pass is the screening of a later stage (or a run that cannot bar): say so on each line.
  const screening = prices ? '' : 'Screening pass: ';
  const name = new Map(cards.map((c) => [c.id, c.name]));
  const out: ReportVerdict[] = [];
  const lvl = (l: number) => `${(l * 100).toFixed(2)}%`;
  for (const f of a.findings) {
    const card = cards.find((c) => c.id === f.id)!;
    if (prices && f.price?.rejected) {
      out.push({
        statement: `${name.get(f.id)} is too ${f.price.direction} for its cost ${card.cost} CP: it is worth about ${fmt(f.price.value, 1)} CP a play [${fmt(f.price.lo, 1)}, ${fmt(f.price.hi, 1)}], ${play}.`,
        evidence: `restricted-play loss ${fmt(f.loss.mean)} at ${lvl(f.price.level)} [${fmt(f.price.lossLo)}, ${fmt(f.price.lossHi)}] against the price line's ${fmt(f.price.expected)} (β = ${fmt(a.beta, 4)} ± ${fmt(1.96 * a.betaSe, 4)} win share per CP spent, ${fmt(f.plays.mean, 2)} plays a game), n=${f.loss.n} paired units; Holm over ${a.families.price} priced cards`,
        strength: 'supported',
      });
    }
  }
  for (const f of a.findings) {
    if (!f.loss.rejected) continue;
    const helps = f.loss.mean > 0;
    out.push({
      statement: `${screening}${helps
        ? `Barring ${name.get(f.id)} costs its decks ${fmt(f.loss.mean)} of their win share: the card pulls its weight, ${play}.`
        : `Decks do better when ${name.get(f.id)} is barred (by ${fmt(-f.loss.mean)} win share): playing it hurts, ${play}.`}`,
      evidence: `share lost when barred ${fmt(f.loss.mean)} [${fmt(f.loss.lo)}, ${fmt(f.loss.hi)}] at ${lvl(f.loss.level)}, n=${f.loss.n} paired units; played ${fmt(f.plays.mean, 2)} [${fmt(f.plays.lo, 2)}, ${fmt(f.plays.hi, 2)}] times a game (n=${f.plays.n} ${f.plays.unit ?? 'games'}); Holm over ${a.families.loss} cards`,
      strength: 'supported',
    });
  }
  // Inclusion is an association (decks differ in more than one card; mostly their disciplines):
  // one verdict per direction, listing the cards by effect, instead of one per card.
  for (const beat of [true, false]) {
    const hits = a.findings.filter((f) => f.inclusion.rejected && f.inclusion.mean > 0.5 === beat).sort((x, y) => (beat ? y.inclusion.mean - x.inclusion.mean : x.inclusion.mean - y.inclusion.mean));
    if (hits.length === 0) continue;
    const list = hits.map((f) => `${name.get(f.id)} ${fmt(f.inclusion.mean)} [${fmt(f.inclusion.lo)}, ${fmt(f.inclusion.hi)}] (n=${f.inclusion.n} matchups, at ${lvl(f.inclusion.level)})`).join('; ');
    out.push({
      statement: `${screening}Decks holding ${hits.length} of the ${a.families.inclusion} cards ${beat ? 'beat' : 'lose to'} decks without them head to head — most clearly ${hits.slice(0, 5).map((f) => name.get(f.id)).join(', ')}. An association, not a price: those decks also differ in disciplines and other cards (restricted play above is the causal measure), ${play}.`,
      evidence: `share of the deck holding the card: ${list}; Holm over ${a.families.inclusion} cards`,
      strength: 'supported',
    });
  }
  // The study's question is the price: say so first when no card is shown mispriced (whatever else was found).
  // What the price tests could have missed: each priced card's restricted-play loss at its Holm level (the line's own error aside).
  const priced = a.findings.flatMap((f) => (f.price ? [{ lo: f.price.lossLo, hi: f.price.lossHi, level: f.price.level }] : []));
  const missed = priced.length ? `gap from the price line by card, ${mdeRangeText(priced)} win share` : `share lost when barred by card, ${mdeRangeText(a.findings.filter((f) => f.loss.n >= 2).map((f) => f.loss))}`;
  if (prices && !a.findings.some((f) => f.price?.rejected))
    out.unshift({
      statement: `No card is shown too strong or too weak for its cost at this sample size, ${play}.`,
      evidence: `${a.families.price} cards priced (β = ${fmt(a.beta, 4)} ± ${fmt(1.96 * a.betaSe, 4)} win share per CP spent${a.families.price === 0 ? ': no price without a slope shown above 0' : ''}), ${a.families.loss} with restricted play, ${a.families.inclusion} with an inclusion comparison; Holm at 5% within each family; ${missed}`,
      strength: 'inconclusive',
    });
  return out;
}

/** The ready decks a run compares: quick, four hand-made ones; full, every deck. User decks always join. */
function deckSet(full: boolean, all: readonly string[], user: readonly string[]): string[] {
  const base = full ? all.filter((d) => !user.includes(d)) : ['abe', 'betty', 'war-machine', 'mind-gate'];
  return [...base, ...user];
}

export function ophidianCards(): Study {
  const study: Study = {
    name: 'ophidian-cards',
    power: {
      measure: "a shortlisted card's share lost when barred, confirmation, the seed as unit (Holm over 8)",
      unit: 'share',
      primary: (f) => f.id.startsWith('confirm-barred-'),
      fullSize: 'about 90 seed units a shortlisted card',
      full: { median: 0.23, how: 'measured on the --full run (seed 1): Grand Entrance' },
      why: 'the confirmation\'s own time is not measured (the whole --full study takes at least 1.7 min on 2 cores, a lower bound), so the time it would take is not known',
    },
    gameId: GAME_ID,
    title: 'Ophidian: which card is too strong or too weak for its cost?',
    question: 'Per Strategy card: do decks holding it win more, how much win share is lost when its player may not play it, how often is it played, and is it worth its listed CP cost?',
    ...OPH_AGENTS,
    ...OPH_CONTENT,
    async run(ctx: OphidianStudyContext): Promise<Report> {
      const user = userContent(ctx);
      const spec = studyAgents(study, ctx)[0]!;
      const play = `played by ${describeAgents(study, ctx)}`;
      const decks = deckSet(ctx.full, [...user.content.decks.keys()], user.deckIds);
      const perOrder = ctx.full ? 8 : 4;
      const barredCards = ctx.full ? Infinity : 4;
      const withBar = (id: string) => barredSpec(spec, id);
      const holds = (deck: string, card: string) => user.content.decks.get(deck)!.arsenal.some((c) => c.id === card);

      // 1) The round robin (also the unrestricted baseline of restricted play).
      const units = new Map<string, MatchupUnit[]>();
      const tasks: (() => Promise<void>)[] = [];
      for (let i = 0; i < decks.length; i++)
        for (let j = i + 1; j < decks.length; j++) {
          const [a, b] = [decks[i]!, decks[j]!];
          tasks.push(async () => {
            const ab = await playDecks(ctx, `rr-${a}-v-${b}`, a, b, perOrder, [spec, spec], user.options);
            const ba = await playDecks(ctx, `rr-${b}-v-${a}`, b, a, perOrder, [spec, spec], user.options);
            units.set(`${a}|${b}`, pairUnits(a, b, ab, ba));
          });
        }
      await inBatches(tasks, 4);
      const unitsOf = (a: string, b: string): MatchupUnit[] => units.get(`${a}|${b}`) ?? (units.get(`${b}|${a}`) ?? []).map((u) => ({ ...u, a, b, share: 1 - u.share }));

      // Plays per game of each card by the seat whose deck holds it.
      const plays = new Map<string, number[]>();
      const cardIds = [...new Set(decks.flatMap((d) => user.content.decks.get(d)!.arsenal.map((c) => c.id)))].sort();
      const deckCards = new Map(decks.map((d) => [d, new Set(user.content.decks.get(d)!.arsenal.map((c) => c.id))]));
      for (const id of cardIds) plays.set(id, []);
      // Per seat-swapped unit too: its two games share a seed, so the plays' intervals are over units.
      const playUnits = new Map<string, { plays: number; played: number }[]>(cardIds.map((id) => [id, []]));
      for (const list of units.values())
        for (const u of list) {
          const inUnit = new Map<string, number[]>();
          for (const g of u.games)
            (g.tags['decks'] as string[]).forEach((d, seat) => {
              const played = playedBy(g, seat);
              for (const id of deckCards.get(d) ?? []) {
                plays.get(id)?.push(played.get(id) ?? 0);
                const xs = inUnit.get(id) ?? [];
                xs.push(played.get(id) ?? 0);
                inUnit.set(id, xs);
              }
            });
          for (const [id, xs] of inUnit) playUnits.get(id)?.push({ plays: mean(xs), played: mean(xs.map((k) => (k > 0 ? 1 : 0))) });
        }

      // 2) Restricted play: per card, up to two decks holding it, each against up to two decks of the set.
      const chosen = ctx.full ? cardIds : [...new Set([...cardIds].filter((id) => holds('abe', id) || holds('betty', id)).sort((x, y) => playRate(plays.get(y)!) - playRate(plays.get(x)!) || (x < y ? -1 : 1)))].slice(0, barredCards);
      // Restricted play bars a card through the agent's `bar` option: the heuristic's own, or the
      // learned and search agents' (agents/barring.ts). Agents without one (random, flatmc) leave it out (the report says so).
      const canBar = ['heuristic', ...BARRING_KINDS].includes(parseAgentSpec(spec).kind);
      const cardsToBar = canBar ? [...new Set([...chosen, ...user.cardIds.filter((id) => cardIds.includes(id))])] : [];
      const loss = new Map<string, number[]>();
      const barTasks: (() => Promise<void>)[] = [];
      for (const id of cardsToBar) {
        const owners = seededSample(decks.filter((d) => holds(d, id)), ctx.full ? 2 : 1, `${String(ctx.seed)}:${id}:decks`);
        for (const d of owners) {
          const opps = seededSample(decks.filter((o) => o !== d), ctx.full ? 2 : 1, `${String(ctx.seed)}:${id}:${d}:opponents`);
          for (const o of opps)
            barTasks.push(async () => {
              const ab = await playDecks(ctx, `bar-${id}-${d}-v-${o}`, d, o, perOrder, [withBar(id), spec], user.options);
              const ba = await playDecks(ctx, `bar-${id}-${o}-v-${d}`, o, d, perOrder, [spec, withBar(id)], user.options);
              const barred = pairUnits(d, o, ab, ba);
              const free = new Map(unitsOf(d, o).map((u) => [u.index, u.share]));
              const xs = loss.get(id) ?? [];
              for (const u of barred) if (free.has(u.index)) xs.push(free.get(u.index)! - u.share);
              loss.set(id, xs);
            });
        }
      }
      await inBatches(barTasks, 4);
      const strategyOf = (id: string): StrategyCard => user.content.cards.strategies.get(id)!;
      const costOf = (id: string) => {
        const c = strategyOf(id);
        return c.cost.xChosen ? null : c.cost.cp({ w: null as never, card: 0, controller: 0, targets: [], event: null, x: 0 });
      };

      const strategy = strategyOf;
      const evidence: CardEvidence[] = cardIds.map((id) => {
        const inclusion: number[] = [];
        for (const [key, list] of units) {
          const [a, b] = key.split('|') as [string, string];
          const ha = holds(a, id);
          const hb = holds(b, id);
          if (ha === hb || list.length === 0) continue;
          const m = mean(list.map((u) => u.share));
          inclusion.push(ha ? m : 1 - m);
        }
        return { id, name: strategy(id).name, cost: costOf(id), inclusion, loss: loss.get(id) ?? [], plays: plays.get(id) ?? [], playUnits: playUnits.get(id) ?? [] };
      });
      const analysis = analyseCards(evidence);

      // 5) Confirmation: the most extreme cards of the screening pass replayed on fresh seeds (only with barring).
      let stage: ConfirmStage | null = null;
      if (canBar) {
        const size = ctx.full ? CONFIRM_FULL : CONFIRM_QUICK;
        const line = { beta: analysis.beta, betaSe: analysis.betaSe, usable: analysis.families.price > 0 };
        const screened = evidence.map((c, i) => ({ ...c, expected: analysis.findings[i]!.price?.expected ?? null }));
        const list = shortlist(screened, line.usable, size.k, user.cardIds.filter((id) => cardsToBar.includes(id)));
        const plans = list.entries.map((e) => ({ card: { id: e.id, name: e.name, cost: costOf(e.id) }, decks, holds }));
        const confirmed = await playConfirmation(ctx, plans, spec, withBar, size, user.options);
        const confirmation = analyseConfirmation(confirmed, line);
        // 6) Replication: what the confirmation names, once more on seeds and deck pairs of its own.
        const named = namedByConfirmation(confirmation);
        const repSize = ctx.full ? REPLICATE_FULL : REPLICATE_QUICK;
        const repPlans = named.map((n) => ({ ...plans.find((p) => p.card.id === n.id)!, avoid: confirmed.find((c) => c.id === n.id)!.pairs }));
        const replayed = await playConfirmation(ctx, repPlans, spec, withBar, repSize, user.options, 'replicate');
        const replication = { size: repSize, named, cards: replayed, findings: analyseReplication(named, replayed, line) };
        stage = { size, full: ctx.full, list, cards: confirmed, analysis: confirmation, line, screened: cardsToBar.length, replication };
      }
      const cannotBar: ReportVerdict = {
        statement: `Restricted play, the confirmation and the replication were not run: ${JSON.stringify(spec)} cannot be barred from playing a card (only the heuristic, net and mcts agents take bar=…), so this run gives no price verdict — only the screening inclusion comparison, an association.`,
        evidence: `${cardIds.length} cards with inclusion shares from ${decks.length} decks; rerun without --agents (or with --agents heuristic, net:… or mcts:…) for the price verdicts`,
        strength: 'warning',
      };
      const verdicts = stage ? [...confirmVerdicts(stage, play), ...cardVerdicts(evidence, analysis, play, { prices: false })] : [cannotBar, ...cardVerdicts(evidence, analysis, play, { prices: false })];
      const totalGames = [...units.values()].reduce((t, l) => t + l.reduce((s, u) => s + u.games.length, 0), 0);

      const rows = analysis.findings.map((f) => {
        const c = evidence.find((e) => e.id === f.id)!;
        const pu = unitShareInterval((c.playUnits ?? []).map((u) => u.played));
        const played = { p: pu.mean, lo: pu.lo, hi: pu.hi };
        return {
          card: c.name,
          id: c.id,
          type: strategy(c.id).type,
          discipline: strategy(c.id).discipline,
          cost: c.cost,
          decks: decks.filter((d) => holds(d, c.id)).length,
          playsPerGame: r3(f.plays.mean),
          playsLo: r3(f.plays.lo),
          playsHi: r3(f.plays.hi),
          gamesPlayedIn: r3(played.p),
          gamesPlayedLo: r3(played.lo),
          gamesPlayedHi: r3(played.hi),
          games: c.plays.length,
          playUnits: c.playUnits?.length ?? 0,
          inclusionShare: r3(f.inclusion.mean),
          inclusionLo: r3(f.inclusion.lo),
          inclusionHi: r3(f.inclusion.hi),
          inclusionMatchups: f.inclusion.n,
          restrictedLoss: r3(f.loss.mean),
          lossLo: r3(f.loss.lo),
          lossHi: r3(f.loss.hi),
          lossUnits: f.loss.n,
          lossLevel: r3(f.loss.level),
          cpValuePerPlay: f.price ? r3(f.price.value) : null,
          cpValueLo: f.price ? r3(f.price.lo) : null,
          cpValueHi: f.price ? r3(f.price.hi) : null,
          screeningPrice: f.price ? (f.price.rejected ? `off the line, ${f.price.direction} (screening only${stage ? '; the confirmation stage decides' : ''})` : 'on the line') : unpricedReason(c, analysis),
        };
      });
      const yours = yourCards({ user, evidence, analysis, stage, decks, unitsOf });
      const barredRows = analysis.findings.filter((f) => f.loss.n >= 2);
      const pricedRows = analysis.findings.filter((f) => f.price);
      return {
        id: 'ophidian-cards',
        title: study.title,
        gameId: GAME_ID,
        question: study.question,
        verdicts,
        ...(yours ? { yourContent: yours } : {}),
        findings: cardFindings(stage, analysis.findings.map((f) => ({ ...f, name: evidence.find((e) => e.id === f.id)!.name })), analysis.families),
        sections: [
          {
            heading: 'Method',
            blocks: [
              {
                kind: 'text',
                text: `${decks.length} ready decks (${decks.join(', ')}) in a round robin, every matchup ${perOrder} games in each seat order on common seeds (${totalGames} games), ${play}. Inclusion: in the matchups where exactly one deck holds the card, that deck's win share, averaged per matchup (the matchup is the unit; an association, not a cause: those decks differ in more than this card). Restricted play${canBar ? '' : ` was not run: it bars a card through the agent's bar option, which ${JSON.stringify(spec)} does not have (rerun without --agents or with --agents heuristic, net:… or mcts:…)`}: ${cardsToBar.length} cards, each with ${ctx.full ? 'up to two decks holding it against up to two other decks' : 'one deck holding it against one other deck'}, ${perOrder} games each seat order with the card's player barred from playing it (${barredSpec(spec, '…')}) on the seeds of the unbarred games: share lost = unbarred − barred per seed index. Plays: times the card was played a game by the player whose deck holds it (unrestricted games). Price: loss ≈ β · (listed cost × plays a game), weighted least squares through the origin (weights 1/se²); cards are priced only when β's 95% interval is above 0; a card's fitted CP value per play is loss / (β · plays); in this screening pass a card is off the line where its loss interval at the Holm level excludes it${canBar ? ' (a candidate only: the confirmation stage decides)' : ''} (cards played under ${MIN_PLAYS} times a game and X-cost cards are not priced; β is treated as known, which makes these intervals slightly too narrow). Multiplicity: Holm within each family — ${familyNote(analysis.families.price, 'prices')} ${familyNote(analysis.families.loss, 'restricted-play losses')} ${familyNote(analysis.families.inclusion, 'inclusion shares')}${user.deckIds.length || user.cardIds.length ? ` User content: decks ${user.deckIds.join(', ') || '(none)'}, cards ${user.cardIds.join(', ') || '(none)'}.` : ''}`,
              },
            ],
          },
          ...(stage ? [{ heading: 'Confirmation: the most extreme cards on fresh seeds (decides "mispriced")', blocks: confirmBlocks(stage, play) }] : []),
          {
            heading: `${stage ? 'Screening: ' : ''}Price: fitted CP value against listed cost`,
            blocks: pricedRows.length
              ? [
                  {
                    kind: 'chart',
                    id: 'card-prices',
                    title: 'Fitted CP value per play vs listed cost',
                    caption: `Points on the dashed line are fairly priced by the fitted line (β = ${fmt(analysis.beta, 4)} win share per CP spent); bars: intervals at each card's Holm level; red labels: further than 1 CP from the line (a supported verdict needs the interval off the line too).`,
                    spec: costScatter(
                      pricedRows.map((f) => {
                        const c = evidence.find((e) => e.id === f.id)!;
                        const clip = (x: number) => Math.min(CLIP.hi, Math.max(CLIP.lo, x));
                        return { name: c.name, listed: c.cost!, fitted: clip(f.price!.value), lo: clip(f.price!.lo), hi: clip(f.price!.hi) };
                      }),
                      { title: 'Ophidian cards: fitted CP value per play', subtitle: `clipped to [${CLIP.lo}, ${CLIP.hi}] CP (full values in the table)`, unit: 'CP', outlierGap: labelGap(pricedRows.map((f) => Math.abs(f.price!.value - evidence.find((e) => e.id === f.id)!.cost!))) },
                    ),
                  },
                ]
              : [{ kind: 'text', text: `No card could be priced: ${Number.isFinite(analysis.beta) ? `the price line is not established (β = ${fmt(analysis.beta, 4)} ± ${fmt(1.96 * analysis.betaSe, 4)} win share per CP spent, not shown above 0)` : 'too few cards with restricted play and plays'} at this sample size.` }],
          },
          {
            heading: `${stage ? 'Screening: ' : ''}Restricted play: win share lost when the card is barred`,
            blocks: barredRows.length
              ? [
                  {
                    kind: 'chart',
                    id: 'restricted-play',
                    title: 'Win share lost when the card may not be played',
                    caption: 'Right of zero: the deck wins less without the card. Intervals at each card\'s Holm level; n = paired units (seed index × deck × opponent).',
                    spec: forestPlot(
                      barredRows.map((f) => ({ label: evidence.find((e) => e.id === f.id)!.name, estimate: f.loss.mean, lo: f.loss.lo, hi: f.loss.hi, n: f.loss.n })),
                      { title: 'Restricted play per card', xTitle: 'win share lost when barred (unbarred − barred)', intervalLabel: 'Holm-level', bounds: LOSS },
                    ),
                  },
                ]
              : [{ kind: 'text', text: 'No card was barred in this run.' }],
          },
          {
            heading: 'Inclusion: decks with the card against decks without it',
            blocks: [
              {
                kind: 'chart',
                id: 'inclusion',
                title: 'Win share of the deck holding the card (head to head against decks without it)',
                caption: 'Right of 0.5: decks holding the card won more of those matchups. An association only. Intervals at each card\'s Holm level; n = matchups.',
                spec: forestPlot(
                  analysis.findings.filter((f) => f.inclusion.n >= 2).map((f) => ({ label: evidence.find((e) => e.id === f.id)!.name, estimate: f.inclusion.mean, lo: f.inclusion.lo, hi: f.inclusion.hi, n: f.inclusion.n })),
                  { title: 'Inclusion per card', xTitle: 'win share of the deck holding the card', zero: 0.5, intervalLabel: 'Holm-level', bounds: SHARE },
                ),
              },
            ],
          },
          {
            heading: stage ? 'Screening: per card' : 'Per card',
            blocks: [
              {
                kind: 'table',
                id: 'cards',
                title: 'Every Strategy card of the decks studied',
                caption: 'playsPerGame: by the player whose deck holds it (95% t interval over seat-swapped units: the two games on one seed); gamesPlayedIn: share of those games with at least one play (95% interval over the same units); games: the holding seats counted, playUnits: the units; inclusion and restricted loss at their Holm levels (lossLevel), t intervals cut to the possible range ([0, 1] for a share, [−1, 1] for a share lost); cpValuePerPlay: loss / (β · plays).',
                rows,
              },
            ],
          },
        ],
        meta: {
          command: ctx.command,
          seed: ctx.seed,
          sampleSizes: {
            decks: decks.length,
            'games per matchup': 2 * perOrder,
            'round-robin games': totalGames,
            'cards barred': cardsToBar.length,
            'cards studied': cardIds.length,
            'cards confirmed': stage?.cards.length ?? 0,
            'confirmation games': stage?.cards.reduce((t, c) => t + c.planned, 0) ?? 0,
            'cards replicated (named by the confirmation)': stage?.replication?.named.length ?? 0,
            'replication games': stage?.replication?.cards.reduce((t, c) => t + c.planned, 0) ?? 0,
          },
          details: {
            beta: analysis.beta,
            betaSe: analysis.betaSe,
            families: analysis.families,
            confirmation: stage ? { rule: stage.list.rule, shortlist: stage.list.entries.map((e) => e.id), families: stage.analysis.families, failed: stage.cards.reduce((t, c) => t + c.failed, 0) } : null,
            replication: stage?.replication ? { named: stage.replication.named.map((n) => n.id), replicated: stage.replication.findings.filter((f) => f.replicated).map((f) => f.id), failed: stage.replication.cards.reduce((t, c) => t + c.failed, 0) } : null,
          },
        },
      };
    },
  };
  return study;
}

/**
 * The user's content for the report's opening section. Cards (--card-file): each studied
 * card of the user's by its screening measure, ranked among the sample cards measured the
 * same way — the share lost when it is barred (restricted play, the causal measure) at its
 * Holm level, or, when the agents cannot be barred, the inclusion share (an association);
 * the verdict is the study's last word on it (the confirmation and replication stages, which
 * always replay a user's card, with their own numbers). Decks only (--deck-file without new
 * cards): each user deck's field share in the round robin against the sample decks (unit:
 * the seed index, shared by its tables), ranked among the sample decks.
 */
export function yourCards(x: {
  readonly user: UserContent;
  readonly evidence: readonly CardEvidence[];
  readonly analysis: CardAnalysis;
  readonly stage: ConfirmStage | null;
  readonly decks: readonly string[];
  readonly unitsOf: (a: string, b: string) => MatchupUnit[];
}): YourContent | undefined {
  const { user, evidence, analysis, stage } = x;
  const nameOf = (id: string) => evidence.find((e) => e.id === id)?.name ?? id;
  const mine = analysis.findings.filter((f) => user.cardIds.includes(f.id));
  /** The user's cards and the sample cards on one measure of the screening (those with two or more units of it). */
  const onMeasure = (
    measure: (f: CardFinding) => CardFinding['loss'],
    head: Pick<YourContent, 'measure' | 'nullValue' | 'bounds'> & { fieldName: (k: number) => string },
    say: (f: CardFinding) => Pick<YourItem, 'verdict' | 'strength'>,
  ): YourContent | undefined => {
    const items = mine.filter((f) => measure(f).n >= 2);
    if (items.length === 0) return undefined;
    const field = analysis.findings.filter((f) => !user.cardIds.includes(f.id) && measure(f).n >= 2);
    const { fieldName, ...rest } = head;
    return {
      ...rest,
      fieldName: fieldName(field.length),
      items: items.map((f): YourItem => ({ name: nameOf(f.id), estimate: measure(f).mean, lo: measure(f).lo, hi: measure(f).hi, level: measure(f).level, n: measure(f).n, ...say(f) })),
      field: field.map((f) => ({ name: nameOf(f.id), estimate: measure(f).mean, lo: measure(f).lo, hi: measure(f).hi })),
    };
  };
  const byLoss = onMeasure(
    (f) => f.loss,
    { measure: 'win share lost when the card is barred (screening restricted play, unbarred − barred)', fieldName: (k) => `the ${k} sample cards barred in this run`, nullValue: 0, bounds: LOSS },
    (f) => cardVerdict(f, stage),
  );
  if (byLoss) return byLoss;
  const byInclusion = onMeasure(
    (f) => f.inclusion,
    { measure: 'win share of the decks holding the card against decks without it (an association: restricted play was not run)', fieldName: (k) => `the ${k} sample cards with an inclusion comparison`, nullValue: 0.5 },
    (f) => ({
      verdict: f.inclusion.rejected ? `decks holding it ${f.inclusion.mean > 0.5 ? 'beat' : 'lose to'} decks without it head to head — an association, not a price (rerun with barring agents for one).` : 'decks holding it are not shown to beat or lose to decks without it at this sample size; no price without restricted play.',
      strength: f.inclusion.rejected ? 'supported' : 'inconclusive',
    }),
  );
  if (byInclusion) return byInclusion;
  if (user.deckIds.length === 0) return undefined;
  const samples = x.decks.filter((d) => !user.deckIds.includes(d));
  const unitsOf = (deck: string): number[] => {
    const bySeed = new Map<number, number[]>();
    for (const o of samples) if (o !== deck) for (const u of x.unitsOf(deck, o)) bySeed.set(u.index, [...(bySeed.get(u.index) ?? []), u.share]);
    return [...bySeed.entries()].sort((a, b) => a[0] - b[0]).map(([, xs]) => xs.reduce((t, v) => t + v, 0) / xs.length);
  };
  const deckName = (id: string) => user.content.decks.get(id)?.name ?? id;
  return yourShares({
    measure: 'field share in the round robin (mean seat-swapped share against the sample decks; unit: the seed index)',
    fieldName: `the ${samples.length} sample decks`,
    users: user.deckIds.filter((d) => x.decks.includes(d)).map((d) => ({ name: deckName(d), units: unitsOf(d) })),
    field: samples.map((d) => ({ name: deckName(d), units: unitsOf(d) })),
    say: {
      higher: 'beats the sample decks: wins more than half its games against them.',
      lower: 'loses to the sample decks: wins less than half its games against them.',
      none: 'not shown to win or lose more than half its games against the sample decks at this sample size.',
    },
  });
}

/** A user card's verdict: the confirmation and replication stages' word on it when they ran (with their numbers), else the screening's. */
function cardVerdict(f: CardFinding, stage: ConfirmStage | null): Pick<YourItem, 'verdict' | 'strength'> {
  const c = stage?.analysis.findings.find((x) => x.id === f.id);
  if (!stage || !c) {
    if (!f.loss.rejected) return { verdict: 'barring it is not shown to change its decks\' win share at this sample size (screening only).', strength: 'inconclusive' };
    return { verdict: `${f.loss.mean > 0 ? 'pulls its weight: its decks win less when it is barred' : 'playing it hurts: its decks win more when it is barred'} (screening only).`, strength: 'supported' };
  }
  const replicated = stage.replication?.findings.find((r) => r.id === f.id)?.replicated === true;
  const numbers = `confirmation on fresh seeds: share lost ${fmt(c.loss.mean)} [${fmt(c.loss.lo)}, ${fmt(c.loss.hi)}] at ${formatLevel(c.loss.level)}, n=${c.loss.n}${c.price ? `; gap from the price line ${fmt(c.price.gap)} [${fmt(c.price.lo)}, ${fmt(c.price.hi)}] at ${formatLevel(c.price.level)}` : ''}`;
  if (c.price?.rejected)
    return replicated
      ? { verdict: `too ${c.price.direction} for its cost: confirmed on fresh seeds and replicated on other seeds and deck pairs (${numbers}).`, strength: 'supported' }
      : { verdict: `named too ${c.price.direction} for its cost by the confirmation but not replicated — not called mispriced, a lead (${numbers}).`, strength: 'inconclusive' };
  if (c.loss.rejected)
    return replicated
      ? { verdict: `not shown mispriced; ${c.loss.mean > 0 ? 'pulls its weight' : 'playing it hurts'}, confirmed and replicated (${numbers}).`, strength: 'supported' }
      : { verdict: `not shown mispriced; a restricted-play effect that did not replicate — a lead (${numbers}).`, strength: 'inconclusive' };
  return { verdict: `not shown too strong or too weak for its cost at this sample size${c.price ? '' : ` (not priced: ${c.unpriced})`} (${numbers}).`, strength: 'inconclusive' };
}

/** Holm's sentence for a family, or that nothing was tested (holmNote would say "One … tested" for an empty family). */
function familyNote(family: number, what: string): string {
  return family === 0 ? `No ${what} tested.` : holmNote(family, what);
}

/** Why a screened card has no price, in words (the per-card table). */
export function unpricedReason(c: CardEvidence, a: CardAnalysis): string {
  if (c.loss.length < 2) return 'not barred in this run';
  if (a.families.price === 0) return 'not priced: no price line (β not shown above 0)';
  if (c.cost === null) return 'not priced: X cost';
  return `not priced: played under ${MIN_PLAYS} times a game`;
}

/** Plays per game for ordering the cards to bar: a card with no game recorded (no deck of the set holds it) counts as never played, so it sorts last instead of poisoning the sort with NaN. */
export function playRate(plays: readonly number[]): number {
  return plays.length ? mean(plays) : 0;
}

export const ophidianCardsStudy = ophidianCards();
