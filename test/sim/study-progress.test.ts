/**
 * One progress bar per study: every run of a study is a part of the same bar (started
 * once, its total reset per part), its counters cover the whole study, and it is silent
 * when not asked for (off a terminal the ledger prints a line per part instead).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStudyProgress, type BarView } from '../../src/sim/progress.js';
import { playStudyTable } from '../../experiments/study-table.js';

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
