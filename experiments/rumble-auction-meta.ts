/**
 * rumble-auction-meta: what happens in real auctions?
 *
 * Design: full 4-hero games, lots drawn at random (2 per hero), every seat a
 * value-based bidder (the Rumble heuristic's auction, `bid=1`: each lot bid at its
 * estimated value) playing the menu uniformly. Per power: how often it is won, the mean
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
import { GAME_ID, fixedTable, fmt, playTable, powerName, r3, userPowers, type RumbleStudyContext, type RumbleStudyOptions } from './rumble-common.js';
import type { Study } from './study.js';

const BIDDER = 'heuristic:bid=1,play=random';
const PAIRS: readonly (readonly [string, string])[] = [
  ['galactic-helm', 'galactic-ray-gun'],
  ['tough-skin', 'reflex-training'],
];

interface PowerRow {
  readonly power: string;
  readonly offered: number;
  readonly won: number;
  readonly meanBid: number;
  readonly share: number;
  readonly lo: number;
  readonly hi: number;
  readonly n: number;
}

/** Per power: offers, wins, winning bids and the holders' results. */
function powerTable(records: readonly GameRecord[], players: number): PowerRow[] {
  const stats = new Map<string, { offered: number; won: number; bids: number; wins: number; n: number }>();
  const get = (id: string) => {
    let s = stats.get(id);
    if (!s) stats.set(id, (s = { offered: 0, won: 0, bids: 0, wins: 0, n: 0 }));
    return s;
  };
  for (const r of records) {
    for (const id of (r.tags['lots'] as readonly string[]) ?? []) get(id).offered++;
    for (let p = 0; p < players; p++) {
      const ids = (r.tags[`powers_p${p}`] as readonly string[]) ?? [];
      const strengths = (r.tags[`strengths_p${p}`] as readonly number[]) ?? [];
      ids.forEach((id, i) => {
        const s = get(id);
        s.won++;
        s.bids += strengths[i] ?? 0;
        s.wins += r.returns[p]!;
        s.n++;
      });
    }
  }
  return [...stats.entries()]
    .map(([power, s]) => {
      const w = wilson(s.wins, s.n);
      return { power, offered: s.offered, won: s.won, meanBid: s.won ? s.bids / s.won : NaN, share: w.p, lo: w.lo, hi: w.hi, n: s.n };
    })
    .sort((a, b) => b.offered - a.offered || (a.power < b.power ? -1 : 1));
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
    async run(ctx: RumbleStudyContext): Promise<Report> {
      const user = userPowers(options, ctx);
      const players = 4;
      const games = ctx.full ? 4000 : 300;
      const base = { players, customPowers: user.specs, roundCap: 50 };
      const records = await playTable(ctx, 'auction-full', base, games, [BIDDER]);
      const table = powerTable(records, players);

      // Restricted play on the most often won powers (and the user's powers).
      const restrictedCount = ctx.full ? 8 : 2;
      const chosen = [...new Set([...table.filter((t) => t.won > 0).sort((a, b) => b.won - a.won).slice(0, restrictedCount).map((t) => t.power), ...user.ids])];
      const restricted: RestrictedPlayValue[] = [];
      const unrestricted = await playTable(ctx, 'auction-slot0', base, games, [BIDDER, BIDDER, BIDDER, BIDDER]);
      for (const id of chosen) {
        const recs = await playTable(ctx, `auction-skip-${id}`, base, games, [`heuristic:bid=1,play=random,skip=${id}`, BIDDER, BIDDER, BIDDER]);
        restricted.push(restrictedPlay(unrestricted, recs, 0, id));
      }

      // Synergy factorial on fixed tables.
      const perCell = ctx.full ? 2000 : 150;
      const synergies: Synergy[] = [];
      for (const [a, b] of PAIRS) {
        const cell = async (powers: string[], tag: string) => {
          const recs = await playTable(ctx, `synergy-${a}-${b}-${tag}`, { ...fixedTable(players, powers, 100), customPowers: user.specs }, perCell);
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
      return report(ctx, table, restricted, synergies, { games, perCell, players, restrictedRuns: chosen.length });
    },
  };
}

function report(
  ctx: RumbleStudyContext,
  table: readonly PowerRow[],
  restricted: readonly RestrictedPlayValue[],
  synergies: readonly Synergy[],
  sizes: { games: number; perCell: number; players: number; restrictedRuns: number },
): Report {
  const fair = 1 / sizes.players;
  const verdicts: ReportVerdict[] = [];
  for (const t of table) {
    if (t.n < 10) continue;
    const ev = `holder share ${fmt(t.share)} [${fmt(t.lo)}, ${fmt(t.hi)}], n=${t.n} holders; won ${t.won}/${t.offered} offers at ${fmt(t.meanBid, 1)} Energy on average`;
    if (t.lo > fair) verdicts.push({ statement: `${powerName(t.power)} is underpriced: its holders win more than 1/${sizes.players} after paying for it.`, evidence: ev, strength: 'supported' });
    else if (t.hi < fair) verdicts.push({ statement: `${powerName(t.power)} is overpriced or harmful: its holders win less than 1/${sizes.players}.`, evidence: ev, strength: 'supported' });
  }
  for (const r of restricted) {
    const ev = `share ${fmt(r.shareUnrestricted)} → ${fmt(r.shareRestricted)}, loss ${fmt(r.value)} [${fmt(r.lo)}, ${fmt(r.hi)}], n=${r.n} games`;
    verdicts.push(
      r.significant
        ? { statement: `Being barred from ${powerName(r.choice)} ${r.value > 0 ? 'costs' : 'helps'} a bidder.`, evidence: ev, strength: 'supported' }
        : { statement: `Being barred from ${powerName(r.choice)} is not shown to matter.`, evidence: ev, strength: 'inconclusive' },
    );
  }
  for (const s of synergies) {
    const ev = `interaction ${fmt(s.interaction)} [${fmt(s.lo)}, ${fmt(s.hi)}]; shares both ${fmt(s.both)}, A ${fmt(s.a)}, B ${fmt(s.b)}, neither ${fmt(s.none)}; n=${s.n} games per cell`;
    verdicts.push(
      s.lo > 0
        ? { statement: `${s.pair} is a real synergy: together they beat the sum of their parts.`, evidence: ev, strength: 'supported' }
        : s.hi < 0
          ? { statement: `${s.pair} overlap: together they are worth less than the sum of their parts.`, evidence: ev, strength: 'supported' }
          : { statement: `${s.pair}: no synergy is shown.`, evidence: ev, strength: 'inconclusive' },
    );
  }
  const blocks: ReportBlock[] = [
    {
      kind: 'chart',
      id: 'holder-share',
      title: 'Holder win share by power',
      caption: `Point: win share of heroes holding the power (after paying for it); bar: 95% Wilson interval; the line is the fair 1/${sizes.players}.`,
      spec: forestPlot(
        table.filter((t) => t.n > 0).map((t) => ({ label: powerName(t.power), estimate: t.share, lo: t.lo, hi: t.hi, n: t.n })),
        { title: 'Holder win share', xTitle: 'win share', zero: fair },
      ),
    },
    {
      kind: 'table',
      id: 'powers',
      title: 'Auction outcomes per power',
      caption: 'offered/won: lots and wins; meanBid: mean winning bid (Power Strength); share: holders\' win share with 95% Wilson interval; surplus: share − 1/N.',
      rows: table.map((t) => ({ power: t.power, offered: t.offered, won: t.won, meanBid: r3(t.meanBid), share: r3(t.share), lo: r3(t.lo), hi: r3(t.hi), surplus: r3(t.share - fair), holders: t.n })),
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
            text: `${sizes.games} full ${sizes.players}-hero games, 2 random lots per hero, every seat "${BIDDER}" (bids each lot at its estimated value, plays the action menu uniformly). Restricted play replays the same seeds with slot 0 barred from one power (${sizes.restrictedRuns} powers). Synergy: ${sizes.perCell} ${sizes.players}-hero games per cell of a 2x2 factorial (hero 0 holds both powers, one, the other, or neither; the others hold nothing).`,
          },
        ],
      },
      { heading: 'Auction outcomes', blocks },
      { heading: 'Restricted play', blocks: restrictedBlocks },
      { heading: 'Synergies', blocks: synergyBlocks },
    ],
    meta: {
      command: ctx.command,
      seed: ctx.seed,
      sampleSizes: { 'auction games': sizes.games, 'restricted runs': sizes.restrictedRuns, 'games per restricted run': sizes.games, 'games per synergy cell': sizes.perCell },
      details: { agents: BIDDER, pairs: PAIRS.map((p) => p.join('+')) },
    },
  };
}

export const rumbleAuctionMetaStudy = rumbleAuctionMeta();
