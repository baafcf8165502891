import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Strength measurements take minutes: `npm run strength` (vitest.strength.config.ts).
    exclude: ['test/strength/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default in a run is one worker less than the cores: ONE on the 2-core CI
    // machine, which then idles while a file waits on the processes it spawned (CLI,
    // redis, queue workers). Two forks keep both cores busy; files stay isolated (tests
    // rely on fresh module state, e.g. the tfjs backend not yet started).
    maxWorkers: 2,
  },
});
