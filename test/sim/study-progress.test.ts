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
    const bar = startStudyProgress('my-study', true, view);
    const a = bar.sink('table a', 10, 0);
    a.tick(4);
    a.tick(6);
    a.stop();
    const b = bar.sink('table b', 5, 2); // a resumed part: 2 already on disk
    b.tick(3);
    b.stop();
    bar.stop();
    // Drawn at once (before the first part), then each part resets the total.
    expect(view.calls).toEqual(['start', 'setTotal', 'setTotal', 'stop']);
    expect(bar.parts).toBe(2);
    expect(bar.games).toBe(13);
    expect(view.total).toBe(5);
    expect(view.value).toBe(5);
    expect(view.last['part']).toBe('2');
    expect(view.last['games']).toBe('13');
    expect(view.last['note']).toBe(' | table b');
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
    const bar = startStudyProgress('s', true, view);
    const ctx = { seed: 1, full: false, workers: 1, runDir: dir, command: 't', progress: true, progressSink: bar.sink };
    const config = { gameId: 'gladiator-duel', options: {}, agents: ['random'], games: 6 };
    await playStudyTable(ctx, 'one', config);
    await playStudyTable(ctx, 'two', { ...config, games: 4 });
    bar.stop();
    expect(view.calls).toEqual(['start', 'setTotal', 'setTotal', 'stop']); // drawn at once, then one total per table
    expect(bar.games).toBe(10);
  });
});
