import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStudies } from '../../../experiments/default.js';
import { getStudy, STUDIES } from '../../../experiments/index.js';
import { pairScores } from '../../../experiments/gladiator-duel/matchups.js';
import type { Study, StudyContext } from '../../../experiments/study.js';
import type { GameRecord } from '../../../src/sim/types.js';
import { sampleReport } from './fixture.js';

describe('study registry', () => {
  it('has unique names and includes the gladiator-duel studies', () => {
    const names = STUDIES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['gladiator-duel-matchups', 'gladiator-duel-tuning']));
    expect(names).not.toContain('default');
  });

  it('rejects an unknown name with a UserError listing the names', () => {
    expect(() => getStudy('nope')).toThrow(/unknown study "nope"; allowed: default, gladiator-duel-matchups/);
  });
});

describe('runStudies', () => {
  it('gives each study its own run folder, writes its report and the reports index', async () => {
    const root = mkdtempSync(join(tmpdir(), 'crucible-studies-'));
    const seen: StudyContext[] = [];
    const fake = (name: string): Study => ({
      name,
      gameId: 'gladiator-duel',
      title: name,
      question: 'q',
      agentSlots: ['every seat'],
      defaultAgents: () => ['heuristic'],
      agentChoice: () => 'the heuristic (test)',
      async run(ctx) {
        seen.push(ctx);
        return sampleReport(name);
      },
    });
    const lines: string[] = [];
    const out = await runStudies([fake('one'), fake('two')], {
      seed: 'a/b', full: false, workers: 1, out: join(root, 'reports'), runs: join(root, 'runs'), command: 'crucible study default', progress: false, log: (l) => lines.push(l),
    });
    expect(out.map((o) => o.name)).toEqual(['one', 'two']);
    expect(seen.map((c) => c.runDir)).toEqual([join(root, 'runs', 'one-quick-seed-a_b'), join(root, 'runs', 'two-quick-seed-a_b')]);
    expect(seen.every((c) => c.full === false && c.seed === 'a/b')).toBe(true);
    expect(out[0]!.supported).toBe(1);
    expect(existsSync(join(root, 'reports', 'one', 'index.html'))).toBe(true);
    const index = readFileSync(join(root, 'reports', 'index.html'), 'utf8');
    expect(index).toContain('href="one/index.html"');
    expect(index).toContain('href="two/index.html"');
    // Issue #28: every written report says what its design can detect (here: a study that declares no design power).
    const html = readFileSync(join(root, 'reports', 'one', 'index.html'), 'utf8');
    expect(html).toContain('Sample size and power');
    expect(html).toContain('This study has no MDE: it declares no key findings to size');
    // One line per study; the tfjs backend only when native tfjs-node is installed (or failed to
    // load) — a missing one is said by `crucible --version` and the README, not on every run.
    const studyLines = lines.filter((l) => !/^tfjs backend: tensorflow|failed to load/.test(l));
    expect(lines.some((l) => /not installed/.test(l))).toBe(false);
    expect(studyLines[0]).toBe('[1/2] one: one');
  });
});

describe('gladiator-duel matchup pairing', () => {
  const rec = (index: number, returns: number[], error?: string): GameRecord => ({ index, seed: index, seats: ['a', 'a'], slots: [0, 0], returns, length: 5, tags: {}, ...(error ? { error } : {}) });

  it("scores type A's share over both seatings of the same seed, dropping incomplete pairs", () => {
    const ab = [rec(0, [1, 0]), rec(1, [0, 1]), rec(2, [0.5, 0.5]), rec(3, [1, 0])];
    const ba = [rec(0, [1, 0]), rec(1, [0, 1]), rec(2, [0, 1]), rec(3, [], 'boom')];
    // Pair 0: A wins as seat 0, loses as seat 1 → 0.5. Pair 1: loses, then wins → 0.5.
    // Pair 2: draw, then A (seat 1) wins → 0.75. Pair 3: the mirror game failed → dropped.
    expect(pairScores(ab, ba)).toEqual([0.5, 0.5, 0.75]);
  });
});
