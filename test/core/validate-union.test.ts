/**
 * A number written as a word in a user file ("cost: thirty") is answered with what the
 * field allows in words ("a number or "X""), never zod's bare "Invalid input".
 */
import { describe, expect, it } from 'vitest';
import { parseWith, z } from '../../src/core/validate.js';
import { parseCardFile } from '../../src/games/ophidian/cards/format.js';

describe('union fields say what they allow', () => {
  it('a number or a literal', () => {
    const schema = z.object({ bonus: z.union([z.number(), z.literal('X')]) });
    expect(() => parseWith('my file', schema, { bonus: 'thirty' })).toThrow('my file: field bonus is "thirty"; allowed: a number or "X"');
  });
  it('an Ophidian card whose cost is a word', () => {
    const card = `sample: true\ngladiators: []\nstrategies:\n  - {id: bc, name: BC, type: quick-hit, flow: '+', discipline: universal, level: 1, cost: thirty, maintain: skull, on-play: [{gain-cheer: 1}]}\n`;
    expect(() => parseCardFile(card, 'card file mine.yaml')).toThrow(/field cost is "thirty"; allowed: a number or "X"$/);
  });
});
