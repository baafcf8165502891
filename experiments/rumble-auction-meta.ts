/**
 * rumble-auction-meta: what happens in real auctions?
 *
 * Design: full 4-hero games, lots drawn at random (2 per hero), every seat a
 * value-based bidder (the Rumble heuristic's auction, `bid=1`: each lot bid at its
 * value) playing the menu uniformly. The values come from play, not from the hand-set
 * priors: see rumble-measured-values.ts (values → bids → auction games → new values,
 * until they settle; the report shows the iteration). Per power: how often it is won, the mean
 * winning bid, its holder's win share against the fair 1/4 (Wilson interval) and the
 * surplus (share − 1/4). Restricted play: slot 0 may not bid on one power, the same
 * seeds replayed; the share it loses is that power's value to a bidder (paired, t
 * interval). Synergy: a factorial of fixed tables (neither, A only, B only, both) for
 * named pairs in 4-hero tables (Galactic Helm + Galactic Ray Gun first); interaction =
 * share(both) − share(A) − share(B) + share(neither), with a normal interval.
 */
import { forestPlot } from '../src/analysis/charts.js';
import type { Report, ReportBlock, ReportVerdict } from '../src/analysis/report-model.js';
import { restrictedPlay, type RestrictedPlayValue } from '../src/analysis/stats/restricted.js';
import { wilson } from '../src/analysis/stats/wilson.js';
import type { GameRecord } from '../src/sim/types.js';
import { GAME_ID, RUMBLE_PRICE_AGENT, RUMBLE_PRICE_AGENT_NOTE, RUMBLE_STALL_NOTE, TABLE_AGENT, fixedTable, fmt, playTable, powerName, r3, userPowers, type RumbleStudyContext, type RumbleStudyOptions } from './rumble-common.js';
import type { Study } from './study.js';
import { BIDDER_BASE, SKILLED_BIDDER_BASE, ROUND1_MAX, bidderSpec, measureValues, MIN_HOLDINGS, TOLERANCE, type MeasuredValues } from './rumble-measured-values.js';
import { parseAgentSpec } from '../agents/index.js';
import { UserError } from '../src/core/errors.js';
import { studyAgents } from './study.js';
import { holm, holmNote, formatLevel } from '../src/analysis/stats/multiplicity.js';
import { responseCurve } from '../src/analysis/charts.js';

/**
 * Every seat is a value bidder: a Rumble heuristic spec to which the study adds its
 * measured values (and, for restricted play, the barred power). --full plays each round
 * by the max^n search (SKILLED_BIDDER_BASE, `play=search`: its evaluate counts the same
 * measured values, never a prior) and its fixed synergy tables by RUMBLE_PRICE_AGENT;
 * the quick run plays the menu uniformly to stay fast, and every verdict says so.
 */
const AGENTS: Pick<Study, 'agentSlots' | 'defaultAgents' | 'agentChoice' | 'checkAgents'> = {
  agentSlots: ['every seat (a Rumble heuristic spec; the study adds its measured values and barred power)'],
  defaultAgents: (full) => [full ? SKILLED_BIDDER_BASE : BIDDER_BASE],
  agentChoice: (full) =>
    full
      ? `value bidders ("${SKILLED_BIDDER_BASE}" plus measured values) that play each round by a max^n search: ${RUMBLE_PRICE_AGENT_NOTE}`
      : `value bidders ("${BIDDER_BASE}" plus measured values) that play the menu uniformly — the quick run keeps random play to stay fast; --full plays "${SKILLED_BIDDER_BASE}": ${RUMBLE_STALL_NOTE}`,
  checkAgents: (specs) => {
    for (const spec of specs) {
      const parsed = parseAgentSpec(spec);
      if (parsed.kind !== 'heuristic' || 'values' in parsed.params || 'skip' in parsed.params) {
        throw new UserError(`--agents is ${JSON.stringify(spec)} for study rumble-auction-meta; allowed: a Rumble heuristic spec without values or skip (the study measures the values and bars powers itself), e.g. ${SKILLED_BIDDER_BASE}`);
      }
    }
  },
};

/** The agent of the fixed synergy tables: the table counterpart of the bidders' play. */
export function synergyAgent(base: string): string {
  const parsed = parseAgentSpec(base);
  if (parsed.params['play'] === 'random') return TABLE_AGENT;
  // Same play, no bids needed (fixed tables have no auction): a search spec keeps its iterations.
  if (parsed.params['play'] === 'search') return `heuristic:play=search${parsed.params['iterations'] ? `,iterations=${parsed.params['iterations']}` : ''}`;
  return base;
}

/** Sample sizes of the quick run and of --full (--full plays the search: ~0.06 s a 4-hero auction game). */
export const QUICK_SIZES = { games: 300, valueRounds: 3, restricted: 2, perCell: 150 } as const;
export const FULL_SIZES = { games: 1500, valueRounds: 6, restricted: 6, perCell: 1000 } as const;

const PAIRS: readonly (readonly [string, string])[] = [
  ['galactic-helm', 'galactic-ray-gun'],
  ['tough-skin', 'reflex-training'],
];

interface PowerRow {
  readonly power: string;
  /** Lots of this power put up for auction. */
  readonly offered: number;
  /** Lots someone paid for (a positive top bid). */
  readonly bought: number;
  /** Lots with no positive bid. */
  readonly unbid: number;
  /** Mean top bid over the lots bought (null when never bought). */
  readonly meanBid: number | null;
  /** Heroes holding it at the game's end (can exceed lots: Brainswap and other transfers move powers). */
  readonly heldAtEnd: number;
  /** Holders' win share with its Wilson interval (Holm level). */
  readonly share: number;
  readonly lo: number;
  readonly hi: number;
  readonly level: number;
  readonly supported: boolean;
}

/** Per power: lots offered, bought (top bid > 0), unbid, mean top bid, holders' results. */
type RawRow = Omit<PowerRow, 'lo' | 'hi' | 'level' | 'supported'> & { readonly wins: number };

function powerTable(records: readonly GameRecord[], players: number): RawRow[] {
  const stats = new Map<string, { offered: number; bought: number; unbid: number; bids: number; wins: number; held: number }>();
  const get = (id: string) => {
    let s = stats.get(id);
    if (!s) stats.set(id, (s = { offered: 0, bought: 0, unbid: 0, bids: 0, wins: 0, held: 0 }));
    return s;
  };
  for (const r of records) {
    const lots = (r.tags['lots'] as readonly string[]) ?? [];
    const bids = Array.from({ length: players }, (_, p) => (r.tags[`bids_p${p}`] as readonly number[]) ?? []);
    lots.forEach((id, i) => {
      const s = get(id);
      s.offered++;
      const top = Math.max(0, ...bids.map((b) => b[i] ?? 0));
      if (top > 0) {
        s.bought++;
        s.bids += top;
      } else s.unbid++;
    });
    for (let p = 0; p < players; p++) {
      for (const id of (r.tags[`powers_p${p}`] as readonly string[]) ?? []) {
        const s = get(id);
        s.held++;
        s.wins += r.returns[p]!;
      }
    }
  }
  return [...stats.entries()]
    .map(([power, s]) => ({ power, offered: s.offered, bought: s.bought, unbid: s.unbid, meanBid: s.bought ? s.bids / s.bought : null, heldAtEnd: s.held, share: s.held ? s.wins / s.held : NaN, wins: s.wins }))
    .sort((a, b) => b.offered - a.offered || (a.power < b.power ? -1 : 1));
}

/** Holm over the powers' holder shares against the fair share (Wilson intervals at each level). */
function withHolm(rows: readonly RawRow[], fair: number): PowerRow[] {
  const tested = rows.filter((r) => r.heldAtEnd >= 10);
  const decisions = holm(
    tested,
    (r) => Math.abs(r.share - fair) / Math.sqrt((fair * (1 - fair)) / r.heldAtEnd),
    (r, level) => {
      const w = wilson(r.wins, r.heldAtEnd, level);
      return w.lo > fair || w.hi < fair;
    },
  );
  return rows.map((r) => {
    const i = tested.indexOf(r);
    const level = i >= 0 ? decisions[i]!.level : 0.95;
    const w = r.heldAtEnd ? wilson(r.wins, r.heldAtEnd, level) : { p: NaN, lo: NaN, hi: NaN };
    return { power: r.power, offered: r.offered, bought: r.bought, unbid: r.unbid, meanBid: r.meanBid, heldAtEnd: r.heldAtEnd, share: w.p, lo: w.lo, hi: w.hi, level, supported: i >= 0 && decisions[i]!.rejected };
  });
}

interface Synergy {
  readonly pair: string;
  readonly both: number;
  readonly a: number;
  readonly b: number;
  readonly none: number;
  readonly interaction: number;
  readonly lo: number;
  readonly hi: number;
  readonly n: number;
}

export function rumbleAuctionMeta(options: RumbleStudyOptions = {}): Study {
  return {
    name: 'rumble-auction-meta',
    gameId: GAME_ID,
    title: 'Rumble: which powers win auctions, and are they worth their price?',
    question: 'In full games with auctions, which powers are bought, for how much, does holding them beat the fair share, which would a bidder miss most, and which pairs work together?',
    ...AGENTS,
    async run(ctx: RumbleStudyContext): Promise<Report> {
      const user = userPowers(options, ctx);
      const base = studyAgents(AGENTS, ctx)[0]!;
      const players = 4;
      const sizes = ctx.full ? FULL_SIZES : QUICK_SIZES;
      const games = sizes.games;
      const table0 = { players, customPowers: user.specs, roundCap: 50 };
      // Bidders' values from play (no hand-set priors), iterated until they settle.
      const measured = await measureValues(ctx, table0, games, sizes.valueRounds, base);
      const BIDDER = bidderSpec(measured.values, undefined, base);
      // Stuck values: the last round already played these very bids on these seeds.
      const records = measured.lastRecordsAtFinalValues ? measured.lastRecords : await playTable(ctx, 'auction-full', table0, games, [BIDDER]);
      const table = withHolm(powerTable(records, players), 1 / players);

      // Restricted play on the most often won powers (and the user's powers).
      const restrictedCount = sizes.restricted;
      const chosen = [...new Set([...table.filter((t) => t.bought > 0).sort((a, b) => b.bought - a.bought).slice(0, restrictedCount).map((t) => t.power), ...user.ids])];
      const restricted: RestrictedPlayValue[] = [];
      // The unrestricted baseline is the main auction's games (same bidders, seats, seeds).
      const unrestricted = records;
      for (const id of chosen) {
        const recs = await playTable(ctx, `auction-skip-${id}`, table0, games, [bidderSpec(measured.values, id, base), BIDDER, BIDDER, BIDDER]);
        restricted.push(restrictedPlay(unrestricted, recs, 0, id));
      }

      // Synergy factorial on fixed tables.
      const perCell = sizes.perCell;
      const synergies: Synergy[] = [];
      for (const [a, b] of PAIRS) {
        const cell = async (powers: string[], tag: string) => {
          const recs = await playTable(ctx, `synergy-${a}-${b}-${tag}`, { ...fixedTable(players, powers, 100), customPowers: user.specs }, perCell, [synergyAgent(base)]);
          const w = wilson(recs.reduce((x, r) => x + r.returns[0]!, 0), recs.length);
          return w;
        };
        const both = await cell([a, b], 'both');
        const onlyA = await cell([a], 'a');
        const onlyB = await cell([b], 'b');
        const none = await cell([], 'none');
        const interaction = both.p - onlyA.p - onlyB.p + none.p;
        const v = (w: { p: number; n: number }) => (w.n ? (w.p * (1 - w.p)) / w.n : 0);
        const se = Math.sqrt(v(both) + v(onlyA) + v(onlyB) + v(none));
        synergies.push({ pair: `${powerName(a)} + ${powerName(b)}`, both: both.p, a: onlyA.p, b: onlyB.p, none: none.p, interaction, lo: interaction - 1.96 * se, hi: interaction + 1.96 * se, n: both.n });
      }
      return report(ctx, table, restricted, synergies, { games, perCell, players, restrictedRuns: chosen.length }, measured, BIDDER, base);
    },
  };
}

function report(
  ctx: RumbleStudyContext,
  table: readonly PowerRow[],
  restricted: readonly RestrictedPlayValue[],
  synergies: readonly Synergy[],
  sizes: { games: number; perCell: number; players: number; restrictedRuns: number },
  measured: MeasuredValues,
  BIDDER: string,
  base: string,
): Report {
  const fair = 1 / sizes.players;
  const verdicts: ReportVerdict[] = [];
  const userBase = ctx.agents?.[0];
  const { play, tablePlay } = playPhrases(ctx, base);
  const last = measured.history[measured.history.length - 1]!;
  verdicts.push(
    measured.stuck
      ? { statement: `The bidders' power values could not be measured in Energy: in round ${measured.history.length} of the auctions, a hero's Energy after the auction did not raise its chance of winning (log-odds per Energy ${fmt(last.energyCoefficient, 4)} ≤ 0), so β_power / β_Energy means nothing and the values stopped moving; the bids below rest on the last values that did, ${playPhrases(ctx, base).play}.`, evidence: `round ${measured.history.length}: ${last.games} games; further rounds would replay the same bids on the same seeds`, strength: 'warning' }
      : measured.settled
      ? { statement: `The bidders' power values settled after ${measured.history.length} rounds of auctions (values from play, no hand-set priors).`, evidence: `largest change in the last round ${fmt(last.maxChange, 1)} Energy < ${TOLERANCE}; ${last.estimated} powers estimated`, strength: 'supported' }
      : { statement: `The bidders' power values had not settled after ${measured.history.length} rounds of auctions: the bids below rest on values still moving.`, evidence: `largest change in the last round ${fmt(last.maxChange, 1)} Energy (settled means < ${TOLERANCE}); ${last.estimated} powers estimated; --full runs more rounds and games`, strength: 'inconclusive' },
  );
  const tested = table.filter((t) => t.heldAtEnd >= 10).length;
  for (const t of table) {
    if (t.heldAtEnd < 10) continue;
    const ev = `holder share ${fmt(t.share)} (${formatLevel(t.level)} CI ${fmt(t.lo)} to ${fmt(t.hi)}, Holm over ${tested} powers), n = ${t.heldAtEnd} holders; bought ${t.bought} of ${t.offered} lots${t.meanBid === null ? '' : ` at ${fmt(t.meanBid, 1)} Energy on average`}`;
    if (t.supported && t.lo > fair) verdicts.push({ statement: `${powerName(t.power)} is underpriced: its holders win more than 1/${sizes.players} after paying for it, ${play}.`, evidence: ev, strength: 'supported' });
    else if (t.supported && t.hi < fair) verdicts.push({ statement: `${powerName(t.power)} is overpriced or harmful: its holders win less than 1/${sizes.players}, ${play}.`, evidence: ev, strength: 'supported' });
  }
  for (const r of restricted) {
    const ev = `share ${fmt(r.shareUnrestricted)} → ${fmt(r.shareRestricted)}, loss ${fmt(r.value)} [${fmt(r.lo)}, ${fmt(r.hi)}], n=${r.n} games`;
    verdicts.push(
      r.significant
        ? { statement: `Being barred from ${powerName(r.choice)} ${r.value > 0 ? 'costs' : 'helps'} a bidder, ${play}.`, evidence: ev, strength: 'supported' }
        : { statement: `Being barred from ${powerName(r.choice)} is not shown to matter, ${play}.`, evidence: ev, strength: 'inconclusive' },
    );
  }
  for (const s of synergies) {
    const ev = `interaction ${fmt(s.interaction)} [${fmt(s.lo)}, ${fmt(s.hi)}]; shares both ${fmt(s.both)}, A ${fmt(s.a)}, B ${fmt(s.b)}, neither ${fmt(s.none)}; n=${s.n} games per cell`;
    verdicts.push(
      s.lo > 0
        ? { statement: `${s.pair} is a real synergy: together they beat the sum of their parts, ${tablePlay}.`, evidence: ev, strength: 'supported' }
        : s.hi < 0
          ? { statement: `${s.pair} overlap: together they are worth less than the sum of their parts, ${tablePlay}.`, evidence: ev, strength: 'supported' }
          : { statement: `${s.pair}: no synergy is shown, ${tablePlay}.`, evidence: ev, strength: 'inconclusive' },
    );
  }
  const blocks: ReportBlock[] = [
    {
      kind: 'chart',
      id: 'holder-share',
      title: 'Holder win share by power',
      caption: `Point: win share of heroes holding the power (after paying for it); bar: Wilson interval at the Holm level; the line is the fair 1/${sizes.players}. Powers held fewer than 10 times are left out (see the table).`,
      spec: forestPlot(
        table.filter((t) => t.heldAtEnd >= 10).map((t) => ({ label: powerName(t.power), estimate: t.share, lo: t.lo, hi: t.hi, n: t.heldAtEnd })).sort((a, b) => b.estimate - a.estimate),
        { title: 'Holder win share', xTitle: 'win share', zero: fair },
      ),
    },
    {
      kind: 'table',
      id: 'powers',
      title: 'Auction outcomes per power',
      caption: 'offered: lots put up; bought: lots with a positive top bid; unbid: lots with no positive bid; meanBid: mean top bid over the lots bought (empty: never bought); heldAtEnd: heroes holding it when the game ended (can exceed the lots: Brainswap and other powers move powers between heroes); share: holders\' win share with its Wilson interval at the Holm level (empty: never held); surplus: share − 1/N.',
      rows: table.map((t) => ({ power: t.power, offered: t.offered, bought: t.bought, unbid: t.unbid, meanBid: t.meanBid === null ? null : r3(t.meanBid), heldAtEnd: t.heldAtEnd, share: t.heldAtEnd ? r3(t.share) : null, lo: t.heldAtEnd ? r3(t.lo) : null, hi: t.heldAtEnd ? r3(t.hi) : null, level: r3(t.level), surplus: t.heldAtEnd ? r3(t.share - fair) : null })),
    },
  ];
  const restrictedBlocks: ReportBlock[] = [
    {
      kind: 'chart',
      id: 'restricted-play',
      title: 'Restricted play: share lost when a bidder may not bid on a power',
      caption: 'Paired over common seeds; right of zero = the power is worth having access to.',
      spec: forestPlot(
        restricted.map((r) => ({ label: powerName(r.choice), estimate: r.value, lo: r.lo, hi: r.hi, n: r.n })),
        { title: 'Value of access to a power', xTitle: 'win share lost', zero: 0 },
      ),
    },
  ];
  const synergyBlocks: ReportBlock[] = [
    {
      kind: 'table',
      id: 'synergy',
      title: 'Pair synergy (4-hero tables, factorial)',
      caption: 'interaction = share(both) − share(A) − share(B) + share(neither), with a 95% normal interval.',
      rows: synergies.map((s) => ({ pair: s.pair, both: r3(s.both), a: r3(s.a), b: r3(s.b), neither: r3(s.none), interaction: r3(s.interaction), lo: r3(s.lo), hi: r3(s.hi), n: s.n })),
    },
  ];
  return {
    id: 'rumble-auction-meta',
    title: 'Rumble: which powers win auctions, and are they worth their price?',
    gameId: GAME_ID,
    question: 'In full games with auctions, which powers are bought, for how much, does holding them beat the fair share, which would a bidder miss most, and which pairs work together?',
    verdicts,
    sections: [
      {
        heading: 'Method',
        blocks: [
          {
            kind: 'text',
            text: `${sizes.games} full ${sizes.players}-hero games, 2 random lots per hero, every seat a value bidder (bids each lot at its measured value — see "Values from play" — ${userBase ? `, built on the user's --agents spec` : ctx.full ? ` and plays each round by a max^n search — ${RUMBLE_PRICE_AGENT_NOTE}` : ` and plays the action menu uniformly: the quick run keeps random play to stay fast; --full plays by search — ${RUMBLE_STALL_NOTE}`}). Agent: ${BIDDER.length > 160 ? BIDDER.slice(0, 160) + '…' : BIDDER}. ${holmNote(tested, 'holder shares')} Restricted play replays the same seeds with slot 0 barred from one power (${sizes.restrictedRuns} powers). Synergy: ${sizes.perCell} ${sizes.players}-hero games per cell of a 2x2 factorial (hero 0 holds both powers, one, the other, or neither; the others hold nothing).`,
          },
        ],
      },
      { heading: 'Values from play', blocks: convergenceBlocks(measured) },
      { heading: 'Auction outcomes', blocks },
      { heading: 'Restricted play', blocks: restrictedBlocks },
      { heading: 'Synergies', blocks: synergyBlocks },
    ],
    meta: {
      command: ctx.command,
      seed: ctx.seed,
      sampleSizes: { 'auction games': sizes.games, 'restricted runs': sizes.restrictedRuns, 'games per restricted run': sizes.games, 'games per synergy cell': sizes.perCell },
      details: { agents: BIDDER, tableAgent: synergyAgent(base), pairs: PAIRS.map((p) => p.join('+')), values: measured.values, valueRounds: measured.history.length, settled: measured.settled },
    },
  };
}

/**
 * How verdicts name the play behind them: the auction games' bidders (`play`) and the
 * fixed synergy tables' agent (`tablePlay`), with the quick run's reason for random play.
 */
export function playPhrases(ctx: Pick<RumbleStudyContext, 'agents' | 'full'>, base: string): { play: string; tablePlay: string } {
  const mode = parseAgentSpec(base).params['play'];
  const quick = !ctx.agents && !ctx.full ? `; quick run: uniform-random play to stay fast, --full plays by search ("${SKILLED_BIDDER_BASE}")` : '';
  const how = mode === 'search' ? 'play each round by max^n search' : mode === 'random' ? 'play the menu uniformly at random' : 'play by the lookahead heuristic';
  return {
    play: `under value bidders that ${how} ("${base}" plus measured values${quick})`,
    tablePlay: `played by "${synergyAgent(base)}" in every seat${quick}`,
  };
}

/** The value iteration: how far the values moved each round, and the final values. */
function convergenceBlocks(m: MeasuredValues): ReportBlock[] {
  const final = Object.entries(m.values).sort((a, b) => b[1] - a[1]);
  return [
    {
      kind: 'text',
      text: `In round 1 each bidder values every power at its own seeded draw from 0 to ${ROUND1_MAX} Energy (a hash of its seat and the power's id — no prior is read), so who wins which lot and how much Energy each hero keeps vary independently of the powers. After each round, a logistic regression of each hero's result on its Energy after the auction and the powers it holds (relative to the table average; a small ridge) prices every power held at least ${MIN_HOLDINGS} times as β_power / β_Energy, clamped to 0–60 Energy and averaged with the previous value. A round whose games do not show that more Energy helps (log-odds per Energy ≤ 0) keeps the previous values and ends the iteration (the next round would replay the same bids on the same seeds): values in Energy are then not identified by this play, and the report says so first. The next round's bidders bid those values. Settled means no power moved by ${TOLERANCE} Energy or more.`,
    },
    {
      kind: 'chart',
      id: 'value-convergence',
      title: 'Value iteration: largest change per round',
      caption: `Largest change of any estimated power's value from one round to the next (Energy); below ${TOLERANCE} counts as settled.`,
      spec: responseCurve(
        m.history.map((h) => ({ x: h.iteration, value: h.maxChange, lo: h.maxChange, hi: h.maxChange, n: h.games })),
        { title: 'Value iteration', xTitle: 'round of auctions', yTitle: 'largest value change (Energy)', target: TOLERANCE, integerX: true },
      ),
    },
    {
      kind: 'table',
      id: 'value-iterations',
      title: 'Value iteration, round by round',
      rows: m.history.map((h) => ({ round: h.iteration, games: h.games, 'powers estimated': h.estimated, 'largest change': r3(h.maxChange), 'mean change': r3(h.meanChange), 'log-odds per Energy': r3(h.energyCoefficient), settled: h.converged })),
    },
    {
      kind: 'table',
      id: 'measured-values',
      title: 'Final measured values (Energy), used by the bidders',
      rows: final.map(([id, v]) => ({ power: id, name: powerName(id), value: r3(v) })),
    },
  ];
}

export const rumbleAuctionMetaStudy = rumbleAuctionMeta();
