import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Strength measurements take minutes: `npm run strength` (vitest.strength.config.ts).
    exclude: ['test/strength/**', '**/node_modules/**'],
    // Ceilings that hold at 8x slowdown (npm test beside 8 busy processes: scripts/busy.sh),
    // so a verdict never depends on the machine's speed: the slowest files (the queue CLI,
    // the full disk, Ophidian studies) take up to ~60 s on a loaded 2-core machine. A test
    // that needs more says so itself; none sets a lower ceiling.
    testTimeout: 480_000,
    hookTimeout: 480_000,
    pool: 'forks',
    // Vitest's default in a run is one worker less than the cores: ONE on the 2-core CI
    // machine, which then idles while a file waits on the processes it spawned (CLI,
    // redis, queue workers). Two forks keep both cores busy; files stay isolated (tests
    // rely on fresh module state, e.g. the tfjs backend not yet started).
    maxWorkers: 2,
  },
});
