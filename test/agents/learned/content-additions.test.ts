/**
 * Models that know their content (issue #31): adding one card to Ophidian's sample set, or
 * one power type to Superhero Gladiators' catalogue, once changed the encoder's
 * observationSize (4727 -> 4771 for a card) and the shipped model was refused, failing 8
 * tests. The encoders now freeze the vocabulary they index (ophidian/encoder-cards.ts,
 * ENCODED_POWER_TYPES): content added later shares the OTHER card index or the last power
 * type's action indexes, and the shipped models still load. Each case re-imports the game
 * with its content module replaced by one holding the addition.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('../../../src/games/ophidian/sample.js');
  vi.doUnmock('../../../src/games/superhero-gladiators/catalogue.js');
  vi.resetModules();
});

describe('the shipped models survive content additions', () => {
  it('Ophidian: one more sample card leaves the layout alone; the shipped model loads and the new card is OTHER', async () => {
    vi.resetModules();
    vi.doMock('../../../src/games/ophidian/sample.js', async (importOriginal) => {
      const original = await importOriginal<typeof import('../../../src/games/ophidian/sample.js')>();
      const [, card] = [...original.SAMPLE_CARDS.strategies][0]!;
      const strategies = new Map(original.SAMPLE_CARDS.strategies);
      strategies.set('added-card', { ...card, id: 'added-card', name: 'Added Card' });
      return { ...original, SAMPLE_CARDS: { ...original.SAMPLE_CARDS, strategies } };
    });
    const sample = await import('../../../src/games/ophidian/sample.js');
    expect(sample.SAMPLE_CARDS.strategies.has('added-card')).toBe(true);
    const { getGame } = await import('../../../src/games/index.js');
    const { loadModel } = await import('../../../agents/learned/model-files.js');
    const encoder = await import('../../../src/games/ophidian/encoder.js');
    const game = getGame('ophidian');
    const { manifest } = loadModel('models/ophidian', game, 'test');
    expect(game.encoder!.observationSize).toBe(manifest.encoder.observationSize);
    expect(game.encoder!.actionCount).toBe(manifest.encoder.actionCount);
    const frozen = await import('../../../src/games/ophidian/encoder-cards.js');
    expect(encoder.CARDS).toBe(frozen.ENCODED_GLADIATORS.length + frozen.ENCODED_STRATEGIES.length + 1);
  });

  it('Superhero Gladiators: one more power type leaves the layout alone; the shipped model loads', async () => {
    vi.resetModules();
    vi.doMock('../../../src/games/superhero-gladiators/catalogue.js', async (importOriginal) => {
      const original = await importOriginal<typeof import('../../../src/games/superhero-gladiators/catalogue.js')>();
      return { ...original, POWER_TYPES: [...original.POWER_TYPES, 'added-type'] };
    });
    const catalogue = await import('../../../src/games/superhero-gladiators/catalogue.js');
    expect(catalogue.POWER_TYPES).toContain('added-type');
    const { getGame } = await import('../../../src/games/index.js');
    const { loadModel } = await import('../../../agents/learned/model-files.js');
    const game = getGame('superhero-gladiators');
    const { manifest } = loadModel('models/superhero-gladiators', game, 'test');
    expect(game.encoder!.observationSize).toBe(manifest.encoder.observationSize);
    expect(game.encoder!.actionCount).toBe(manifest.encoder.actionCount);
  });
});

describe('a model that truly does not fit', () => {
  it('the study says so in one line and seats the search agent instead of failing', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { learnedAgentFor } = await import('../../../experiments/skill.js');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crucible-models-'));
    try {
      const dir = path.join(root, 'gladiator-duel');
      fs.cpSync('models/gladiator-duel', dir, { recursive: true });
      // As after a content addition that an encoder did reserve no room for: one more input.
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { encoder: { observationSize: number } };
      manifest.encoder.observationSize += 1;
      fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
      const warnings: string[] = [];
      const spec = learnedAgentFor('gladiator-duel', false, root, (line) => warnings.push(line));
      expect(spec).toBe('mcts:iterations=100');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).not.toContain('\n');
      // (Its weights no longer match its manifest's shape either; whichever check refuses it names the model.)
      expect(warnings[0]).toMatch(/^model .*gladiator-duel: .*: the study seats the search agent mcts:iterations=100 instead \(retrain with `crucible train gladiator-duel`\)$/);
      // The shipped model fits: the learned agent, no warning.
      const shipped: string[] = [];
      expect(learnedAgentFor('gladiator-duel', false, 'models', (line) => shipped.push(line))).toMatch(/prior=net:model=models\/gladiator-duel/);
      expect(shipped).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
