/**
 * ophidian-cards end to end at its quick size, and `--card-file` / `--deck-file` on
 * `crucible study`: checked before any game (one line naming the card or deck, the field and
 * the problem; the size cap), exit 2; the files' content hashes recorded in meta.json.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectMdeOnInconclusive, expectMdeOnYourContent } from './mde-check.js';
import { ophidianCardsStudy } from '../../experiments/ophidian/cards.js';
import { withCode } from '../../experiments/default.js';
import { GameLedger } from '../../experiments/ledger.js';
import { crucibleInProcess } from '../cli/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'crucible-oph-cards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CARD = (extra: string) => `sample: true\ngladiators: []\nstrategies:\n  - {id: big-cheer, name: Big Cheer, type: quick-hit, flow: '+', discipline: universal, level: 1, cost: 1, maintain: skull, on-play: [{gain-cheer: 2}]${extra}}\n`;
const DECK = `decks:\n  - {id: cheer-war, team: [hammerhands, ironsides, simon-bantus], arsenal: {big-cheer: 3, arm-blade: 3, spiked-fists: 3, battle-armor: 3, war-cry: 3, charge: 3, pit-veteran: 3, one-two-punch: 3, sniper-drone: 3, laser-sight: 3, overclock: 3, repair-kit: 3, magnetic-floor: 3, combat-stims: 3, stim-pack: 3, bribe: 3, showboat: 2}}\n`;

describe('ophidian-cards end to end', () => {
  it('a user card and deck join: the card is barred, priced and reported beside the sample cards', async () => {
    const cardFile = join(dir, 'cards.yaml');
    const deckFile = join(dir, 'decks.yaml');
    writeFileSync(cardFile, CARD(''));
    writeFileSync(deckFile, DECK);
    const ledger = new GameLedger(() => undefined);
    const report = await ophidianCardsStudy.run({ seed: 2, full: false, workers: 1, runDir: join(dir, 'run'), command: 'test', progress: false, ledger, cardFile, deckFile });
    expectMdeOnInconclusive(report.verdicts);
    expect(ledger.failed).toBe(0);
    const confirmation = report.sections.flatMap((s) => s.blocks).find((b) => b.kind === 'table' && b.id === 'confirmation');
    const confirmed = confirmation && confirmation.kind === 'table' ? confirmation.rows : [];
    // The confirmation stage: the quick shortlist of 2, and the user's card besides unless the
    // screening shortlisted it already (which it does depends on play, not on this test).
    expect(confirmed.filter((r) => r['id'] === 'big-cheer').map((r) => r['chosenBy'])).toEqual([expect.stringMatching(/^(your card|screening rank [12] of \d+)$/)]);
    expect(confirmed).toHaveLength(confirmed.some((r) => r['chosenBy'] === 'your card') ? 3 : 2);
    // Five decks in a round robin (10 matchups × 8 games) + five barred cards × 8 games + 32 games a confirmed card.
    expect(ledger.games).toBe(80 + 40 + confirmed.length * 32);
    expect(report.meta.sampleSizes['confirmation games']).toBe(confirmed.length * 32);
    const table = report.sections.flatMap((s) => s.blocks).find((b) => b.kind === 'table' && b.id === 'cards');
    const rows = table && table.kind === 'table' ? table.rows : [];
    const mine = rows.find((r) => r['id'] === 'big-cheer')!;
    expect(mine['lossUnits']).toBe(4);
    expect(mine['decks']).toBe(1);
    expect(report.verdicts.length).toBeGreaterThan(0);
    for (const v of report.verdicts) expect(v.statement + v.evidence).toMatch(/heuristic|Holm/);
    // "Your content" (issue #29): the user's card by its name, its restricted-play loss (the
    // table's, at its Holm level) ranked among the 4 sample cards barred, and the
    // confirmation stage's word on it with that stage's numbers.
    const yours = report.yourContent!;
    expectMdeOnYourContent(yours);
    expect(yours.items.map((i) => [i.name, i.n, i.level])).toEqual([['Big Cheer', 4, mine['lossLevel']]]);
    expect(yours.items[0]!.estimate).toBeCloseTo(Number(mine['restrictedLoss']), 3);
    expect(yours.field).toHaveLength(4);
    expect(yours.nullValue).toBe(0);
    expect(yours.items[0]!.verdict).toMatch(/confirmation on fresh seeds: share lost -?\d\.\d{3} \[-?\d\.\d{3}, -?\d\.\d{3}\] at [\d.]+%, n=\d+/);
    // The files' content keys land in meta.json.
    const meta = withCode(report, undefined, undefined, { cardFile, deckFile }).meta.details as { content: Record<string, { sha256: string }> };
    expect(Object.keys(meta.content).sort()).toEqual(['cardFile', 'deckFile']);
    expect(meta.content['cardFile']!.sha256).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('ophidian-cards with agents that cannot bar a card', () => {
  it('plays the round robin and says restricted play was not run', async () => {
    const ledger = new GameLedger(() => undefined);
    const report = await ophidianCardsStudy.run({ seed: 2, full: false, workers: 1, runDir: join(dir, 'run-random'), command: 'test', progress: false, ledger, agents: ['random'] });
    expectMdeOnInconclusive(report.verdicts);
    expect(ledger.games).toBe(48);
    expect(JSON.stringify(report.sections[0])).toMatch(/Restricted play was not run: it bars a card through the agent's bar option, which \\"random\\" does not have/);
    expect(report.meta.sampleSizes['cards barred']).toBe(0);
    // The report leads with why it gives no price verdict, and its key findings are the screening inclusion shares only.
    expect(report.verdicts[0]).toMatchObject({ strength: 'warning' });
    expect(report.verdicts[0]!.statement).toMatch(/^Restricted play, the confirmation and the replication were not run: "random" cannot be barred/);
    expect(report.verdicts.some((v) => /too strong|too weak/.test(v.statement) && v.strength === 'supported')).toBe(false);
    expect(report.findings!.every((f) => f.id.startsWith('screening-inclusion-'))).toBe(true);
    expect(report.yourContent).toBeUndefined(); // no card or deck file
  });
});

describe('crucible study --card-file / --deck-file', () => {
  it('a malformed card is refused before any game: one line naming the card and the field, exit 2', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, CARD('').replace('level: 1', 'level: 7'));
    const r = await crucibleInProcess(['study', 'ophidian-cards', '--card-file', bad, '--runs', join(dir, 'r1'), '--out', join(dir, 'o1'), '--no-progress']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(/^error: card file .*bad\.yaml: card "big-cheer": field level is 7; allowed: <= 4$/);
  });

  it('a deck breaking a construction rule is refused in one line, exit 2', async () => {
    const cards = join(dir, 'ok.yaml');
    writeFileSync(cards, CARD(''));
    const decks = join(dir, 'bad-decks.yaml');
    writeFileSync(decks, DECK.replace('simon-bantus', 'lothar'));
    const r = await crucibleInProcess(['study', 'ophidian-teams', '--card-file', cards, '--deck-file', decks, '--runs', join(dir, 'r2'), '--out', join(dir, 'o2'), '--no-progress']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^error: deck file .*bad-decks\.yaml: deck "cheer-war": team VP is 11; allowed: exactly 10/);
  });

  it('a file over the size cap is refused before it is parsed, exit 2', async () => {
    const big = join(dir, 'big.yaml');
    writeFileSync(big, '#'.repeat(1024 * 1024 + 10));
    const r = await crucibleInProcess(['study', 'ophidian-flow', '--deck-file', big, '--runs', join(dir, 'r3'), '--out', join(dir, 'o3'), '--no-progress']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--deck-file is ".*big\.yaml": \d+ bytes; allowed: content files up to 1048576 bytes/);
  });

});
