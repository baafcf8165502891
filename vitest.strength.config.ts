import { defineConfig } from 'vitest/config';

/**
 * Agent-strength measurements (`npm run strength`): hundreds of search games each, minutes
 * on 2 cores, so they stay out of the fast functional suite (`npm test`), which keeps a
 * seeded sanity check of the order (test/agents/strength-gladiator-duel.test.ts,
 * test/games/rumble/agents.test.ts). CI runs them separately: `.ci/strength`.
 */
export default defineConfig({
  test: {
    include: ['test/strength/**/*.strength.test.ts'],
    testTimeout: 900_000,
    pool: 'forks',
  },
});
