/**
 * ophidian-teams: which 10-VP Level-1 team is best?
 *
 * Design: a seeded sample of the legal teams (construction.ts legalTeams: every set of up
 * to four Level-1 Gladiators totalling exactly 10 VP — 1,566 in the sample set, too many for
 * a full matrix), each with the rule-derived Arsenal (construction.ts defaultArsenal: every
 * card the team can play, Level 1 first, 3 copies, to 50 cards) so the team is what differs.
 * The decks are written to a deck file in the run folder (a content file: the run is keyed
 * on it). Every pair meets in both seat orders on common seeds; from the share matrix:
 * Bradley–Terry ratings (bootstrap over units), the maximum-entropy symmetric Nash
 * equilibrium with a parametric bootstrap of its support, α-Rank, dominant / dominated teams
 * (rumble/dominance.ts classifyDominance, Holm over the teams), and the mean field share by
 * discipline pairing (both disciplines on the team at Level 1). A user's decks (--deck-file)
 * join as teams with their own Arsenals; a user's Gladiators (--card-file) join the pool.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { equilibriumBars, forestPlot, matchupHeatmap, ratingBars, type MatchupCell } from '../../src/analysis/charts.js';
import type { Report, ReportVerdict, YourContent } from '../../src/analysis/report-model.js';
import { contentFromTexts, DISCIPLINES, defaultArsenal, legalTeams } from '../../src/games/ophidian/index.js';
import { alphaRankSingle } from '../../src/analysis/stats/alpharank.js';
import { holm, holmNote } from '../../src/analysis/stats/multiplicity.js';
import { symmetricNash, symmetricNashBootstrap } from '../../src/analysis/stats/nash.js';
import { bradleyTerry, type PairResult } from '../../src/analysis/stats/ratings.js';
import { tInterval } from '../../src/analysis/stats/descriptive.js';
import { unitShareInterval } from '../../src/analysis/stats/paired.js';
import { classifyDominance, effectiveGames, fieldScores } from '../rumble/dominance.js';
import { GAME_ID, OPH_AGENTS, OPH_CONTENT, playMatchup, r3, seededSample, userContent, type MatchupUnit, type OphidianStudyContext } from './common.js';
import { describeAgents, studyAgents, type Study } from '../study.js';
import { teamFindings } from './findings.js';

/**
 * Team names run to ~50 characters and the default axis cuts labels at 180 px, so two teams
 * with the same first Gladiators read alike ("Goth Garal + Lothar + M…"): give them room.
 */
function withFullTeamNames(spec: Record<string, unknown>): Record<string, unknown> {
  const enc = spec['encoding'] as Record<string, Record<string, unknown>>;
  const room = (ch: Record<string, unknown>) => ({ ...ch, axis: { ...(ch['axis'] as Record<string, unknown>), labelLimit: 600 } });
  // Vega lays the row title out from estimated label widths, which undershoot long names and
  // put "team" over them: the subtitle names the rows and columns instead.
  return { ...spec, encoding: { ...enc, x: room(enc['x']!), y: { ...room(enc['y']!), title: null } } };
}

/** The same room for the team names of a chart with one team a row (ratings, equilibria). */
function withFullRowNames(spec: Record<string, unknown>): Record<string, unknown> {
  const enc = spec['encoding'] as Record<string, Record<string, unknown>>;
  return { ...spec, encoding: { ...enc, y: { ...enc['y']!, axis: { ...(enc['y']!['axis'] as Record<string, unknown>), labelLimit: 600 } } } };
}

/** Fewest teams for a discipline pairing's interval and test. */
export const MIN_PAIRING_TEAMS = 3;

/** A pairing's field shares can carry a t interval: enough teams, and not all equal. */
export function pairingTestable(xs: readonly number[]): boolean {
  return xs.length >= MIN_PAIRING_TEAMS && xs.some((x) => x !== xs[0]);
}

/** A deck's identity for play: its team (a set), its Reinforcement and its Arsenal (a multiset). */
export function deckKey(team: readonly string[], reinforcement: string | null, arsenal: Readonly<Record<string, number>>): string {
  const cards = Object.keys(arsenal).filter((id) => (arsenal[id] ?? 0) > 0).sort().map((id) => `${id}x${arsenal[id]}`);
  return `${[...team].sort().join('+')}|${reinforcement ?? ''}|${cards.join(',')}`;
}

/**
 * Decks that are exact copies of an earlier one in the list (same team, Reinforcement and
 * Arsenal): each copy's id → the id of the first deck it copies. A deck is neither better nor
 * worse than itself — their games against each other are mirror matches, 0.5 by construction —
 * so the study plays each distinct deck once (six copies of one deck made a degenerate share
 * matrix, issue #31, and would have given one verdict per copy).
 */
export function copiesOf(decks: readonly { readonly id: string; readonly key: string }[]): Map<string, string> {
  const first = new Map<string, string>();
  const copies = new Map<string, string>();
  for (const d of decks) {
    const seen = first.get(d.key);
    if (seen === undefined) first.set(d.key, d.id);
    else copies.set(d.id, seen);
  }
  return copies;
}

/** The verdict that names the copies left out of play (none when there are none). */
export function copiesVerdict(copies: ReadonlyMap<string, string>, nameOf: (id: string) => string): ReportVerdict | null {
  if (copies.size === 0) return null;
  const byOriginal = new Map<string, string[]>();
  for (const [copy, original] of copies) byOriginal.set(original, [...(byOriginal.get(original) ?? []), copy]);
  const parts = [...byOriginal].map(([original, cs]) => `${cs.join(', ')} ${cs.length === 1 ? 'is a copy' : 'are copies'} of ${nameOf(original)}`);
  return {
    statement: `Your deck file repeats decks: ${parts.join('; ')} (same team, Reinforcement and Arsenal). Each distinct deck is played and judged once; a copy is equal to its original by construction.`,
    evidence: `${copies.size} deck(s) left out of the matrix; games between a deck and its exact copy are mirror matches (seat-swapped on one seed, share 0.5 whatever the play), so copies would only split the original's Nash weight and repeat its verdict.`,
    strength: 'warning',
  };
}

/**
 * A degenerate share matrix: every pairing split its games evenly (every off-diagonal share
 * exactly 0.5). Then every mix of teams is an equilibrium and no team is better than another in
 * these games: the study says so in one verdict instead of one "not shown" per team.
 */
export function levelMatrixVerdict(shares: readonly (readonly number[])[], names: readonly string[], games: number, play: string): ReportVerdict | null {
  const n = shares.length;
  if (n < 2) return null;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j && shares[i]![j] !== 0.5) return null;
  const pairs = (n * (n - 1)) / 2;
  return {
    statement: `All ${n} teams are equal in these games: every one of the ${pairs} pairings split its games evenly, so no team is dominant or dominated, ${play}.`,
    evidence: `share 0.500 in each of the ${pairs} pairings (${games} games; teams: ${names.join(', ')}); with every share at 0.5 every mix of teams is a Nash equilibrium (the maximum-entropy one is uniform); MDE not estimable (every unit split evenly, so no spread).`,
    strength: 'inconclusive',
  };
}

export function ophidianTeams(): Study {
  const study: Study = {
    name: 'ophidian-teams',
    power: {
      measure: "a team's share against the field, the seed as unit (Holm over the teams)",
      unit: 'share',
      primary: (f) => f.id.startsWith('field-'),
      fullSize: '60 seeds, 24 teams, 33,120 games',
      full: { median: 0.048, range: [0.036, 0.081], how: "measured at each team's Holm level on the --full run of 28 Nov (seed 1, commit 9c8615a: 33,120 games, 60 seeds); at 95% 0.036 (0.026–0.061); 30 seeds gave 0.066 (0.052–0.128), 54 seeds 0.051 (0.038–0.085)" },
      fullMinutes: { minutes: 1.3 },
      why: "Holm over 24 teams widens each team's interval ≈ 1.35× over a 95% one",
    },
    gameId: GAME_ID,
    title: 'Ophidian: which 10-VP team is best?',
    question: 'Among the legal teams of Level-1 Gladiators totalling 10 VP, which are dominant, which are dominated, and which discipline pairings win?',
    ...OPH_AGENTS,
    ...OPH_CONTENT,
    async run(ctx: OphidianStudyContext): Promise<Report> {
      const user = userContent(ctx);
      const spec = studyAgents(study, ctx)[0]!;
      const play = `played by ${describeAgents(study, ctx)}`;
      const cards = user.content.cards;
      const all = legalTeams(cards);
      const k = ctx.full ? 24 : 5;
      // The field share's unit is the seed (fieldScores). Median MDE over teams (runs of 28 Nov): 10 seeds 0.110 at
      // 95%; 30 seeds 0.049 at 95% but 0.066 at each team's Holm level, the level its verdicts test; 54 seeds 0.051
      // there — so 60 seeds, ≈ 0.051·√(54/60) = 0.048 (issue #28). The 28-seed run's analysis once hung in the Nash LP
      // (javascript-lp-solver cycled); Nash now uses src/analysis/stats/simplex.ts, which cannot.
      const perOrder = ctx.full ? 60 : 3;
      // Teams whose disciplines give fewer than 50 playable cards (possible with a user's Gladiators) cannot field an Arsenal: skipped.
      const fits = (t: readonly string[]) => {
        try {
          defaultArsenal(t.map((id) => cards.gladiators.get(id)!), cards);
          return true;
        } catch {
          return false;
        }
      };
      const teams = seededSample(all, all.length, `${String(ctx.seed)}:teams`).filter(fits).slice(0, k);
      const teamId = (t: readonly string[]) => `team-${t.join('-')}`.slice(0, 120);
      const label = (t: readonly string[]) => t.map((id) => cards.gladiators.get(id)!.name).join(' + ');
      // The team decks as a deck file in the run folder (with the user's decks, if any).
      mkdirSync(ctx.runDir, { recursive: true });
      const file = join(ctx.runDir, 'team-decks.json');
      const specs = teams.map((t) => ({ id: teamId(t), name: label(t), team: t, arsenal: defaultArsenal(t.map((id) => cards.gladiators.get(id)!), cards) }));
      writeFileSync(file, JSON.stringify({ decks: specs }, null, 1));
      // A user deck that copies an earlier deck (a sampled team's or another of the file) is played once, as that deck.
      const multiset = (list: readonly { id: string }[]) => list.reduce<Record<string, number>>((m, c) => ({ ...m, [c.id]: (m[c.id] ?? 0) + 1 }), {});
      const copies = copiesOf([
        ...specs.map((t) => ({ id: t.id, key: deckKey(t.team, null, t.arsenal) })),
        ...user.deckIds.map((id) => {
          const d = user.content.decks.get(id)!;
          return { id, key: deckKey(d.team.map((g) => g.id), d.reinforcement?.id ?? null, multiset(d.arsenal)) };
        }),
      ]);
      const userDeckIds = user.deckIds.filter((id) => !copies.has(id));
      const entries = [...specs.map((s) => ({ id: s.id, name: s.name, team: s.team })), ...userDeckIds.map((id) => ({ id, name: `${user.content.decks.get(id)!.name} (your deck)`, team: user.content.decks.get(id)!.team.map((g) => g.id) }))];
      const n = entries.length;
      // User decks come from --deck-file; the team decks from the generated file: both files cannot be one option, so user decks are re-listed in the generated file.
      if (userDeckIds.length) {
        const userSpecs = userDeckIds.map((id) => {
          const d = user.content.decks.get(id)!;
          const arsenal: Record<string, number> = {};
          for (const c of d.arsenal) arsenal[c.id] = (arsenal[c.id] ?? 0) + 1;
          return { id, name: d.name, team: d.team.map((g) => g.id), ...(d.reinforcement ? { reinforcement: d.reinforcement.id } : {}), arsenal };
        });
        writeFileSync(file, JSON.stringify({ decks: [...specs, ...userSpecs] }, null, 1));
      }
      const options = { ...(user.options['cardFile'] ? { cardFile: user.options['cardFile'] } : {}), deckFile: file };

      const units: MatchupUnit[][][] = Array.from({ length: n }, () => new Array<MatchupUnit[]>(n).fill([]));
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++) {
          const u = await playMatchup(ctx, 'm', entries[i]!.id, entries[j]!.id, perOrder, [spec, spec], options);
          units[i]![j] = u;
          units[j]![i] = u.map((x) => ({ ...x, share: 1 - x.share }));
        }
      const shares = units.map((row, i) => row.map((u, j) => (i === j ? 0.5 : u.length ? u.reduce((t, x) => t + x.share, 0) / u.length : 0.5)));
      const games = units.map((row, i) => row.map((u, j) => (i === j ? 0 : u.length * 2)));
      // The Nash bootstrap draws each cell as binomial games: as many as its interval over
      // seat-swapped units is worth (a unit's two games share a seed), not the games played.
      const worth = units.map((row, i) => row.map((u, j) => (i === j ? 0 : effectiveGames(tInterval(u.map((x) => x.share), 0.95, { min: 0, max: 1 })))));
      const results: PairResult[] = [];
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) for (const u of units[i]![j]!) results.push({ a: entries[i]!.id, b: entries[j]!.id, score: u.share, weight: 2, group: `seed-${u.index}` });
      const bt = bradleyTerry(results, { bootstrap: ctx.full ? 500 : 100 });
      const nash = symmetricNash(shares);
      // The support comes from the LPs; Frank–Wolfe only refines the weights inside it, which the
      // bootstrap does not report: 30 iterations keep a 24-team resample near 0.1 s, not tens of seconds.
      const bootSamples = ctx.full ? 200 : 100;
      const boot = symmetricNashBootstrap(shares, worth, { samples: bootSamples, seed: 1, maxIterations: 30 });
      const alpha = alphaRankSingle(shares);
      // Field share: a team's mean share over its opponents, one unit per seed index (issue #28:
      // game i of every table plays seed i, so a team's pairs on one seed share their dice).
      const fieldUnits = entries.map((_, i) => fieldScores(units[i]!.map((us) => new Map(us.map((u) => [u.index, u.share] as const))), i));
      // unitShareInterval: a team that won every unit gets the exact (Clopper–Pearson) bound over units, not [1, 1].
      const field = fieldUnits.map((xs) => {
        const t = unitShareInterval(xs, 0.95);
        return { p: t.mean, lo: t.lo, hi: t.hi, n: xs.length };
      });
      const fieldTests = holm(field, (f) => Math.abs(f.p - 0.5) / ((f.hi - f.lo) || 1), (_f, level) => {
        const i = field.indexOf(_f);
        const t = unitShareInterval(fieldUnits[i]!, level);
        return t.lo > 0.5 || t.hi < 0.5;
      });
      // The verdicts quote each field share at the level it was tested at (Holm), cut to [0, 1].
      const fieldAtLevel = field.map((f, i) => {
        const t = unitShareInterval(fieldUnits[i]!, fieldTests[i]!.level);
        return { ...f, lo: Math.max(0, t.lo), hi: Math.min(1, t.hi) };
      });
      const classes = entries.map((e, i) =>
        classifyDominance(e.name, i, { field: fieldAtLevel[i]!, fieldUnit: "seed indices (t interval over seeds, each the mean of the team's seat-swapped pairs against the other teams on that seed: game i of every table plays seed i)", fieldTest: fieldTests[i]!, nash: nash.probabilities[i]!, inSupport: boot.inSupport[i]!, alpha: alpha.pi[i]!, strictly: nash.strictlyDominated.includes(i), weakly: nash.weaklyDominated.includes(i) }, play),
      );
      // classifyDominance speaks of powers (Rumble); here the strategies are teams.
      const teamWords = (t: string) => t.replace(/\bpowers?\b/g, (w) => (w === 'power' ? 'team' : 'teams'));
      const level = levelMatrixVerdict(shares, entries.map((e) => e.name), games.flat().reduce((a, b) => a + b, 0) / 2, play);
      const verdicts: ReportVerdict[] = level ? [level] : classes.map((c) => ({ ...c.verdict, statement: teamWords(c.verdict.statement), evidence: teamWords(c.verdict.evidence) })).sort((x, y) => Number(y.strength === 'supported') - Number(x.strength === 'supported'));
      const copied = copiesVerdict(copies, (id) => entries.find((e) => e.id === id)?.name ?? id);
      if (copied) verdicts.unshift(copied);

      // Discipline pairings: teams with both disciplines at Level 1, their field-share units pooled.
      const pairings: { pairing: string; teams: number; mean: number; lo: number; hi: number; n: number; xs: number[] }[] = [];
      for (let a = 0; a < DISCIPLINES.length; a++)
        for (let b = a + 1; b < DISCIPLINES.length; b++) {
          const pair = [DISCIPLINES[a]!, DISCIPLINES[b]!];
          const idx = entries.map((e, i) => ({ e, i })).filter(({ e }) => pair.every((d) => e.team.some((g) => cards.gladiators.get(g)!.levels[0]!.disciplines.includes(d))));
          // The unit is the team (its units share a team): a t interval over the teams' field shares.
          const xs = idx.map(({ i }) => field[i]!.p).filter(Number.isFinite);
          const t = tInterval(xs, 0.95, { min: 0, max: 1 });
          // An interval needs MIN_PAIRING_TEAMS teams that differ: with two, t(1) runs far past [0, 1];
          // with identical shares (common in quick runs, shares come in steps of 1/24) it has zero width and would "support" anything.
          const ok = pairingTestable(xs);
          pairings.push({ pairing: pair.join(' + '), teams: xs.length, mean: t.mean, lo: ok ? Math.max(0, t.lo) : NaN, hi: ok ? Math.min(1, t.hi) : NaN, n: xs.length, xs });
        }
      // A pairing is named only where Holm over the pairings with an interval supports it.
      const testable = pairings.filter((p) => pairingTestable(p.xs));
      const pairTests = holm(testable, (p) => Math.abs(p.mean - 0.5) / ((p.hi - p.lo) || 1), (p, level) => {
        const t = tInterval(p.xs, level, { min: 0, max: 1 });
        return t.lo > 0.5 || t.hi < 0.5;
      });
      testable.forEach((p, i) => {
        if (!pairTests[i]!.rejected) return;
        const t = tInterval(p.xs, pairTests[i]!.level, { min: 0, max: 1 });
        verdicts.push({
          statement: `Teams holding ${p.pairing} at Level 1 ${t.mean > 0.5 ? 'beat' : 'lose to'} the field (mean share ${t.mean.toFixed(3)}) — across the sampled teams with their rule-derived Arsenals, ${play}.`,
          evidence: `mean field share ${t.mean.toFixed(3)} [${Math.max(0, t.lo).toFixed(3)}, ${Math.min(1, t.hi).toFixed(3)}] at ${(pairTests[i]!.level * 100).toFixed(2)}%, n=${p.n} teams; ${holmNote(testable.length, 'pairings')} A team holds several pairings, so these are not independent.`,
          strength: 'supported',
        });
      });

      // "Your content": the user's decks, and the sampled teams holding a Gladiator of the user's card file.
      const baseGladiators = contentFromTexts(undefined, undefined).cards.gladiators;
      const userGladiators = [...cards.gladiators.keys()].filter((g) => baseGladiators.get(g) !== cards.gladiators.get(g));
      const isYours = (e: (typeof entries)[number]) => userDeckIds.includes(e.id) || e.team.some((g) => userGladiators.includes(g));
      const yourIdx = entries.map((e, i) => (isYours(e) ? i : -1)).filter((i) => i >= 0);
      const yourContent: YourContent | undefined = yourIdx.length
        ? {
            measure: 'field share (mean seat-swapped share against the other teams of the matrix)',
            fieldName: `the ${n - yourIdx.length} sampled legal teams`,
            nullValue: 0.5,
            items: yourIdx.map((i) => {
              const e = entries[i]!;
              const mine = e.team.filter((g) => userGladiators.includes(g)).map((g) => cards.gladiators.get(g)!.name);
              return {
                name: userDeckIds.includes(e.id) ? e.name : `${e.name} (your ${mine.join(', ')})`,
                estimate: fieldAtLevel[i]!.p,
                lo: fieldAtLevel[i]!.lo,
                hi: fieldAtLevel[i]!.hi,
                level: fieldTests[i]!.level,
                n: field[i]!.n,
                // The statement opens with the team's name, which the section shows beside it.
                verdict: teamWords(classes[i]!.verdict.statement).replace(`${e.name} `, ''),
                strength: classes[i]!.verdict.strength === 'supported' ? ('supported' as const) : ('inconclusive' as const),
              };
            }),
            field: entries.flatMap((e, i) => (yourIdx.includes(i) ? [] : [{ name: e.name, estimate: field[i]!.p, lo: Math.max(0, field[i]!.lo), hi: Math.min(1, field[i]!.hi) }])),
          }
        : undefined;

      const cells: MatchupCell[] = [];
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          if (i === j) continue;
          const t = unitShareInterval(units[i]![j]!.map((x) => x.share), 0.95);
          cells.push({ row: entries[i]!.name, col: entries[j]!.name, share: t.mean, lo: t.lo, hi: t.hi, n: units[i]![j]!.length * 2 });
        }
      const total = games.flat().reduce((a, b) => a + b, 0) / 2;
      const byName = new Map(entries.map((e) => [e.id, e.name]));
      return {
        id: 'ophidian-teams',
        title: study.title,
        gameId: GAME_ID,
        question: study.question,
        verdicts,
        ...(yourContent ? { yourContent } : {}),
        findings: teamFindings(entries, fieldUnits, fieldTests.map((t) => t.level)),
        sections: [
          {
            heading: 'Method',
            blocks: [
              {
                kind: 'text',
                text: `${teams.length} of the ${all.length} legal 10-VP Level-1 teams (a seeded sample; the set has too many for a full matrix)${userDeckIds.length ? ` and ${userDeckIds.length} user deck(s)${copies.size ? ` (${copies.size} exact copies left out)` : ''}` : ''}, each with the rule-derived Arsenal (every card the team can play, Level 1 first, 3 copies, 50 cards; no Reinforcement) so that the team is what differs. Every pair plays ${perOrder} games in each seat order on common seeds (${2 * perOrder} games a pair, ${total} in all), ${play}. Bradley–Terry: strengths from every seat-swapped unit, ${ctx.full ? 500 : 100} bootstrap resamples of seed indices (game i of every table plays seed i, so a seed's units share their dice and are resampled together). Field share: a team's mean seat-swapped share against the other teams, one unit per seed index (its pairs on that seed averaged), t interval over seeds — in the full run of 2026-11-27 the pairs on one seed were correlated (intra-seed correlation 0.043, F = 2.03 on 216 and 5,280 df; a design effect of 1.9), so counting opponent × seed pairs as units made these intervals about 1.4× too narrow. Nash: maximum-entropy symmetric equilibrium of the share matrix with a ${bootSamples}-sample parametric bootstrap of its support (each cell drawn with the games its interval over units is worth). α-Rank: single population, α = 10, m = 50. A team is dominant only when the bootstrap keeps it in the support (≥ 95% of resamples) and it beats the field; dominated only when the bootstrap drops it (≤ 5%) and it loses to the field. ${holmNote(n, 'field shares')} Discipline pairings: the teams holding both disciplines at Level 1, the mean of their field shares with a t interval over those teams (from ${MIN_PAIRING_TEAMS} teams whose shares differ; ${testable.length ? holmNote(testable.length, 'pairings') : 'no pairing testable in this run.'})`,
              },
            ],
          },
          {
            heading: 'Ratings',
            blocks: [
              {
                kind: 'chart',
                id: 'team-ratings',
                title: 'Bradley–Terry rating per team',
                caption: 'Elo-scale ratings (0 = the average team of the sample) with 95% bootstrap intervals; overlapping intervals are not shown apart.',
                spec: withFullRowNames(ratingBars(bt.ratings.map((r) => ({ name: byName.get(r.name) ?? r.name, rating: r.elo, lo: r.lo, hi: r.hi, n: r.games })), { title: 'Team strength (Bradley–Terry)' })),
              },
            ],
          },
          {
            heading: 'Matchup matrix',
            blocks: [
              {
                kind: 'chart',
                id: 'team-matrix',
                title: 'Win share of the row team against the column team',
                caption: 'Blue: the row team wins more than half of the pair\'s games. Tooltips: 95% t interval over seat-swapped units and games.',
                spec: withFullTeamNames(matchupHeatmap(cells, { title: 'Team against team', subtitle: 'cell: the row team\'s win share against the column team (its opponent)', rowTitle: 'team', colTitle: 'opponent', order: entries.map((e) => e.name) })),
              },
            ],
          },
          {
            heading: 'Equilibria',
            blocks: [
              {
                kind: 'chart',
                id: 'team-equilibria',
                title: 'Nash weight and α-Rank mass per team',
                caption: 'Teams with weight are what a player picking a team should mix over; zero in both suggests a dominated team (the verdicts say where the bootstrap confirms it).',
                spec: withFullRowNames(equilibriumBars(entries.flatMap((e, i) => [{ name: e.name, mass: nash.probabilities[i]!, method: 'Nash' }, { name: e.name, mass: alpha.pi[i]!, method: 'α-Rank' }]), { title: 'Which teams survive in equilibrium' })),
              },
              {
                kind: 'table',
                id: 'teams',
                title: 'Per team',
                caption: 'fieldShare: mean share against the other teams (95% t interval over seed indices, each the mean of the team’s pairs on that seed, cut to [0, 1]; units = seeds; the verdicts quote it at its Holm level); inSupport: share of bootstrap resamples with the team in the Nash support; verdict: as in the verdicts above.',
                rows: entries.map((e, i) => {
                  const r = bt.ratings.find((x) => x.name === e.id)!;
                  return { team: e.name, id: e.id, elo: r3(r.elo), eloLo: r3(r.lo), eloHi: r3(r.hi), fieldShare: r3(field[i]!.p), lo: r3(Math.max(0, field[i]!.lo)), hi: r3(Math.min(1, field[i]!.hi)), units: field[i]!.n, nash: r3(nash.probabilities[i]!), inSupport: r3(boot.inSupport[i]!), alphaRank: r3(alpha.pi[i]!), verdict: classes[i]!.label };
                }),
              },
            ],
          },
          {
            heading: 'Discipline pairings',
            blocks: [
              {
                kind: 'chart',
                id: 'pairings',
                title: 'Mean field share of the teams holding a discipline pairing',
                caption: `Each row: the teams of the sample with both disciplines at Level 1 (n = teams); 95% t interval over teams, cut to [0, 1]; pairings held by fewer than ${MIN_PAIRING_TEAMS} teams, or whose teams all have the same field share, have no interval and are not shown.`,
                spec: forestPlot(pairings.filter((p) => Number.isFinite(p.lo)).map((p) => ({ label: p.pairing, estimate: p.mean, lo: p.lo, hi: p.hi, n: p.n })), { title: 'Discipline pairings', xTitle: 'mean win share against the field', zero: 0.5, bounds: { min: 0, max: 1 } }),
              },
              { kind: 'table', id: 'pairings-table', title: 'Discipline pairings', caption: `lo/hi: 95% t interval over the teams, cut to [0, 1]; empty below ${MIN_PAIRING_TEAMS} teams or when their field shares are all equal.`, rows: pairings.map((p) => ({ pairing: p.pairing, teams: p.teams, meanFieldShare: r3(p.mean), lo: r3(p.lo), hi: r3(p.hi) })) },
            ],
          },
        ],
        meta: { command: ctx.command, seed: ctx.seed, sampleSizes: { 'legal teams': all.length, 'teams played': n, 'games per pair': 2 * perOrder, 'total games': total }, details: { teams: entries.map((e) => e.team.join('+')) } },
      };
    },
  };
  return study;
}

export const ophidianTeamsStudy = ophidianTeams();
