/**
 * An effect program that stops for a choice ("or", a `choose` step) resumes with everything it
 * started with — including the event that triggered it (8.0: an "After …" Response reads the
 * Wound, the card played, …), so steps after the choice act on the same event.
 */
import { describe, expect, it } from 'vitest';
import type { CardEnv, Step } from '../../../src/games/ophidian/cards/types.js';
import { chooseWindow, runProgram } from '../../../src/games/ophidian/effects.js';
import type { D } from '../../../src/games/ophidian/state.js';
import { position } from './play.js';

describe('a parked effect choice keeps its triggering event', () => {
  it('the steps after the choice see the same event as the steps before it', () => {
    const seen: CardEnv['event'][] = [];
    const record: Step = { kind: 'run', run: (env) => void seen.push(env.event) };
    const choose: Step = { kind: 'choose', chooser: 'you', who: (env) => env.controller, labels: ['a', 'b'], branches: [[record], []] };
    const d = { ...position(1) } as D;
    const event = { subject: 3, source: 7, amount: 2 };
    runProgram(d, [record, choose, record], 0, 0, [], 0, event);
    expect(d.pending).not.toBeNull();
    expect(seen).toEqual([event]);
    chooseWindow.play(d, 0, 'opt:0', 0);
    expect(seen).toEqual([event, event, event]);
    expect(d.pending).toBeNull();
  });
});
