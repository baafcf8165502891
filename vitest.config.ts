import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Strength measurements take minutes: `npm run strength` (vitest.strength.config.ts).
    exclude: ['test/strength/**', '**/node_modules/**'],
    // Ceilings that hold at 8x slowdown (npm test beside 8 busy processes: scripts/busy.sh), so
    // a verdict never depends on the machine's speed, and low enough that one hung test fails in
    // two minutes, not eight. The default: every test not named below took at most ~8 s on a
    // near-idle CI run (.ci/run, 27 Nov 2026: the slowest Rumble encoder masks 7.9 s, the Rumble
    // no-priors study 7.0 s) — 64 s at 8x, half this ceiling. The few files with longer tests
    // (10-15 s there: the queue CLI 14.3 s, house-rule compare 12.2 s, SHG agents 11.9 s, CLI
    // reliability 11.7 s, CLI play 10.2 s, queue faults 10.2 s) and the queue files whose hooks
    // start redis-server and workers set their own ceiling at the top of the file
    // (`vi.setConfig`, 300 s: 8x their slowest test is ~115 s). A new slow test does the same
    // and says why.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default in a run is one worker less than the cores: ONE on the 2-core CI
    // machine, which then idles while a file waits on the processes it spawned (CLI,
    // redis, queue workers). Two forks keep both cores busy; files stay isolated (tests
    // rely on fresh module state, e.g. the tfjs backend not yet started).
    maxWorkers: 2,
  },
});
