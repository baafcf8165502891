/**
 * One progress bar per study: every run of a study is a part of the same bar (started
 * once, its total reset per part), its counters cover the whole study, and it is silent
 * when not asked for (off a terminal the ledger prints a line per part instead).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StudyEta, startStudyProgress, type BarView, type PlanPart } from '../../src/sim/progress.js';
import { compactPlan, familyKey, partsOf } from '../../src/sim/plan-families.js';
import { playStudyTable } from '../../experiments/study-table.js';
import { PLANS_FILE, formatPlans, recordedPlans, studyPlan } from '../../experiments/study-plans.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-study-progress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeView(): BarView & { calls: string[]; last: Record<string, string>; value: number; total: number } {
  const v = {
    calls: [] as string[],
    last: {} as Record<string, string>,
    value: 0,
    total: 0,
    start(total: number, value: number, payload: Record<string, string>) {
      v.calls.push('start');
      v.total = total;
      v.value = value;
      v.last = payload;
    },
    setTotal(total: number) {
      v.calls.push('setTotal');
      v.total = total;
    },
    update(value: number, payload: Record<string, string>) {
      v.value = value;
      v.last = payload;
    },
    stop() {
      v.calls.push('stop');
    },
  };
  return v;
}

describe('study progress', () => {
  it('draws one bar across the parts of a study, counting the study’s games', () => {
    const view = fakeView();
    const bar = startStudyProgress('my-study', true, { view });
    const a = bar.sink('table a', 10, 0);
    a.tick(4);
    a.tick(6);
    a.stop();
    const b = bar.sink('table b', 5, 2); // a resumed part: 2 already on disk
    b.tick(3);
    b.stop();
    bar.stop();
    // Drawn at once (before the first part), one bar to the end.
    expect(view.calls).toEqual(['start', 'stop']);
    expect(bar.parts).toBe(2);
    expect(bar.games).toBe(13); // played now: the 2 on disk are done, not played
    expect(view.last['part']).toBe('2');
    expect(view.last['games']).toBe('15/15');
    expect(view.last['note']).toBe(' | table b');
    expect(view.last['etaLabel']).toBe('part ETA'); // no plan: says it knows only the part under way
  });

  it('is silent when disabled (no terminal)', () => {
    const bar = startStudyProgress('quiet', false);
    const p = bar.sink('t', 3, 0);
    p.tick();
    p.stop();
    bar.stop();
    expect(bar.parts).toBe(0);
  });

  it('a study table reports into the study’s bar, not a bar of its own', async () => {
    const view = fakeView();
    const bar = startStudyProgress('s', true, { view });
    const ctx = { seed: 1, full: false, workers: 1, runDir: dir, command: 't', progress: true, progressSink: bar.sink };
    const config = { gameId: 'gladiator-duel', options: {}, agents: ['random'], games: 6 };
    await playStudyTable(ctx, 'one', config);
    await playStudyTable(ctx, 'two', { ...config, games: 4 });
    bar.stop();
    expect(view.calls).toEqual(['start', 'stop']); // drawn at once, one bar for both tables
    expect(bar.games).toBe(10);
  });

  it('the ETA of a planned study covers every part, not the part under way', () => {
    // Issue #30: "ETA 45s" with 20 minutes left — the ETA was the current part's.
    let ms = 0;
    const view = fakeView();
    const plan = { parts: [{ label: 'one', games: 10 }, { label: 'two', games: 30 }] };
    const bar = startStudyProgress('s', true, { view, plan, now: () => ms });
    const one = bar.sink('one', 10, 0);
    ms = 10_000;
    one.tick(10); // part one done in 10 s: 1 game/s
    expect(view.last['etaLabel']).toBe('ETA');
    expect(view.last['remaining']).toBe('30 s'); // part two's 30 games are still to play
    expect(view.last['games']).toBe('10/40');
    expect(view.last['part']).toBe('1/2');
    expect(view.value).toBe(250); // a quarter of the study's work
    const two = bar.sink('two', 30, 0);
    ms = 25_000;
    two.tick(15);
    expect(view.last['remaining']).toBe('15 s');
    bar.stop();
  });

  it('weighs each planned part by its measured cost a game', () => {
    let ms = 0;
    const view = fakeView();
    // Part two's games cost 10× part one's: after part one the study is 1/11 done.
    const plan = { parts: [{ label: 'cheap', games: 100, cpuPerGame: 0.01 }, { label: 'dear', games: 100, cpuPerGame: 0.1 }] };
    const bar = startStudyProgress('s', true, { view, plan, now: () => ms });
    const cheap = bar.sink('cheap', 100, 0);
    ms = 10_000;
    cheap.tick(100);
    expect(view.last['remaining']).toBe('1 min 40 s');
    expect(bar.snapshot().fraction).toBeCloseTo(1 / 11, 6);
    bar.stop();
  });

  it('games/s and the ETA count only games played now, not a resumed part’s games on disk', () => {
    // Issue #29: a resumed run showed 1,308 games/s against 557 live.
    let ms = 0;
    const view = fakeView();
    const plan = { parts: [{ label: 'big', games: 1000 }] };
    const bar = startStudyProgress('s', true, { view, plan, now: () => ms });
    const big = bar.sink('big', 1000, 900); // 900 on disk from an interrupted run
    ms = 10_000;
    big.tick(50);
    expect(view.last['rate']).toBe('5.0');
    expect(view.last['remaining']).toBe('10 s'); // 50 left at 5/s, not at (900+50)/10 s
    expect(view.last['games']).toBe('950/1000');
    bar.stop();
  });

  it('a part the plan lacks (the user’s own content) adds its games; labels it does not know take the next planned part', () => {
    let ms = 0;
    const view = fakeView();
    const plan = { parts: [{ label: 'a', games: 10 }, { label: 'b', games: 10 }] };
    const bar = startStudyProgress('s', true, { view, plan, now: () => ms });
    bar.sink('a-seeded-name', 10, 0).tick(10);
    bar.sink('b', 10, 0).tick(10);
    const extra = bar.sink('user power', 20, 0);
    ms = 20_000;
    extra.tick(10);
    expect(view.last['games']).toBe('30/40');
    expect(view.last['part']).toBe('3/3');
    expect(view.last['remaining']).toBe('7 s'); // 10 games left at 1.5 games/s
    expect(view.last['etaLabel']).toBe('ETA ≥'); // parts no plan foresaw may follow
    bar.stop();
  });

  it('the set-up before the first table (content checks, threads loading) is not in the rate', () => {
    let ms = 0;
    const view = fakeView();
    const bar = startStudyProgress('s', true, { view, plan: { parts: [{ label: 'a', games: 20 }] }, now: () => ms });
    ms = 12_000; // 12 s of set-up
    const a = bar.sink('a', 20, 0);
    ms = 22_000;
    a.tick(10);
    expect(view.last['rate']).toBe('1.0');
    expect(view.last['remaining']).toBe('10 s');
    expect(view.last['elapsed']).toBe('22 s');
    bar.stop();
  });

  it('is drawn at once and redrawn while nothing finishes (never silent at the start)', async () => {
    const view = fakeView();
    const bar = startStudyProgress('s', true, { view });
    expect(view.calls).toEqual(['start']);
    expect(view.last['note']).toContain('setting up');
    bar.stop();
  });
});

describe('plans stored by table family (issue #30: 15,000 one-game tables recorded 3.5 MB)', () => {
  // SHG costs' shape: one-game tables, seat-swapped (-ab, -ba), named by a counter and a hash.
  const hash = (i: number): string => ((i * 2654435761) >>> 0).toString(16).padStart(8, 'a');
  const labels = Array.from({ length: 7500 }, (_, i) => [`superhero-gladiators duels-${i}-${hash(i)}-ab`, `superhero-gladiators duels-${i}-${hash(i)}-ba`]).flat();
  const measured = labels.map((label, i) => ({ label, games: 1, sampled: 1, cpu: label.endsWith('-ab') ? 0.02 + (i % 7) * 0.001 : 0.05 }));

  it('a family key replaces numbers and hashes, keeps names', () => {
    expect(familyKey('superhero-gladiators duels-17-3fa9c2d1-ab')).toBe('superhero-gladiators duels-#-#-ab');
    expect(familyKey('superhero-gladiators duels-18-deadbeef-ab')).toBe('superhero-gladiators duels-#-#-ab');
    expect(familyKey('rumble values-2p-laser-eyes-x100')).toBe('rumble values-#-laser-eyes-#');
    expect(familyKey('rumble duel-tough-skin-combat-training')).toBe('rumble duel-tough-skin-combat-training');
  });

  it('15,000 one-game tables compact to one entry a family, with the family’s CPU-s a game', () => {
    const plan = compactPlan(measured);
    expect(plan).toHaveLength(2);
    expect(plan.map(partsOf)).toEqual([7500, 7500]);
    expect(plan[0]!.label).toBe('superhero-gladiators duels-#-#-ab');
    const abCpu = measured.filter((p) => p.label.endsWith('-ab')).reduce((a, p) => a + p.cpu, 0);
    expect(plan[0]!.cpuPerGame).toBeCloseTo(abCpu / 7500, 6);
    expect(plan[1]!.cpuPerGame).toBe(0.05);
    expect(JSON.stringify(plan).length).toBeLessThan(300);
    // A family of one keeps its own label; parts of other sizes are families of their own.
    expect(compactPlan([{ label: 'a 1', games: 10, sampled: 2, cpu: 1 }, { label: 'a 2', games: 20, sampled: 2, cpu: 1 }])).toEqual([
      { label: 'a 1', games: 10, cpuPerGame: 0.5 },
      { label: 'a 2', games: 20, cpuPerGame: 0.5 },
    ]);
  });

  it('the ETA from the family plan is the ETA from the part-by-part plan, part by part', () => {
    const expanded: PlanPart[] = [...labels.slice(0, 200).map((label) => ({ label, games: 1, cpuPerGame: label.endsWith('-ab') ? 0.02 : 0.05 })), { label: 'x report', games: 40, cpuPerGame: 0.01 }];
    const compact = compactPlan(expanded.map((p) => ({ label: p.label, games: p.games, sampled: 1, cpu: p.cpuPerGame! })));
    expect(compact).toHaveLength(3);
    const byPart = new StudyEta({ parts: expanded });
    const byFamily = new StudyEta({ parts: compact });
    expect(byFamily.plannedParts).toBe(201);
    for (const [i, label] of labels.slice(0, 150).entries()) {
      const a = byPart.startPart(label, 1, 0);
      const b = byFamily.startPart(label, 1, 0);
      byPart.played(a, 1);
      byFamily.played(b, 1);
      if (i % 50 === 49) {
        const [f, p] = [byFamily.snapshot(10 + i), byPart.snapshot(10 + i)];
        expect({ ...f, fraction: 0, eta: 0 }).toEqual({ ...p, fraction: 0, eta: 0 });
        expect(f.fraction).toBeCloseTo(p.fraction, 12); // the same work, summed in another order
        expect(f.eta!).toBeCloseTo(p.eta!, 9);
      }
    }
    const s = byFamily.snapshot(100);
    expect(s.gamesPlanned).toBe(240);
    expect(s.scope).toBe('study');
    expect(s.beyondPlan).toBe(false);
    // 50 one-game parts and the 40-game part are left: 25 × 0.02 + 25 × 0.05 + 40 × 0.01 of work.
    expect(s.eta).toBeCloseTo((25 * 0.02 + 25 * 0.05 + 40 * 0.01) / ((75 * 0.02 + 75 * 0.05) / 100), 6);
  });

  it('the bar counts a family’s parts', () => {
    const view = fakeView();
    const bar = startStudyProgress('s', true, { view, plan: { parts: [{ label: 'g t-#', games: 1, count: 3 }, { label: 'g end', games: 5 }] } });
    bar.sink('g t-1', 1, 0).tick(1);
    expect(view.last['part']).toBe('1/4');
    expect(view.last['games']).toBe('1/8');
    bar.stop();
  });

  it('study-plans.json is written one entry a line: formatPlans gives back the committed file', () => {
    const text = readFileSync(PLANS_FILE, 'utf8');
    expect(formatPlans(JSON.parse(text))).toBe(text);
    // A plan may say how it was measured (the bench writes it); the file's "measured" covers the rest.
    const one = formatPlans({ measured: 'm', studies: { s: { full: { source: 'bench at abc', parts: [{ label: 'g t-#', games: 1, cpuPerGame: 0.02, count: 7500 }] } } } });
    expect(one.split('\n')).toContain('    {"label":"g t-#","games":1,"cpuPerGame":0.02,"count":7500}');
    expect(JSON.parse(one).studies.s.full.source).toBe('bench at abc');
  });

  it('the committed study-plans.json is well formed, and the SHG one-game-table studies have plans', () => {
    const plans = recordedPlans();
    expect(plans).not.toBeNull();
    for (const [name, kinds] of Object.entries(plans!.studies)) {
      for (const plan of [kinds.full, kinds.quick]) {
        for (const p of plan?.parts ?? []) {
          expect(typeof p.label, name).toBe('string');
          expect(Number.isInteger(p.games) && p.games > 0, `${name} ${p.label}`).toBe(true);
          expect(Number.isInteger(partsOf(p)) && partsOf(p) >= 1, `${name} ${p.label}`).toBe(true);
          if (p.cpuPerGame !== undefined) expect(p.cpuPerGame, `${name} ${p.label}`).toBeGreaterThan(0);
        }
      }
    }
    // 15,000 and 13,020 one-game tables: a few families, so their bars give a study-wide ETA.
    for (const [name, tables] of [['superhero-gladiators-costs', 15_000], ['superhero-gladiators-builds', 13_020]] as const) {
      const plan = studyPlan(name, true);
      expect(plan, name).toBeDefined();
      expect(plan!.parts.reduce((a, p) => a + partsOf(p), 0), name).toBe(tables);
      expect(plan!.parts.length, name).toBeLessThan(10);
      // Recorded by the studies bench (alone or with every study), which names its command.
      expect(plan!.source, name).toMatch(/npm run bench -- studies .*--write-plans/);
    }
  });
});
