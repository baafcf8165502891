/**
 * Opening a decision window from inside a rule or a card effect. The windows belong to the
 * flow that rules.ts defines from every module's phases and windows; the modules that open
 * them (effects, attacks, responses, the Breather) cannot import that flow without an import
 * cycle, so rules.ts plugs core's `openWindow` in here once, when it defines the flow.
 */
import type { Draft } from '../../core/flow.js';
import type { OphidianState } from './state.js';

/** Every window of the Ophidian flow (rules.ts): a misspelt name is a type error. */
export type WindowName =
  | 'defend' | 'respond' | 'retarget' | 'choose' | 'react' | 'cost'
  | 'redraw' | 'bottom' | 'force' | 'maintain' | 'promote' | 'reinforce' | 'maneuver' | 'trade-cheer';

type Open = (d: Draft<OphidianState>, name: WindowName, askers: readonly number[], data?: number) => void;

let open: Open = () => {
  throw new Error('ophidian: a window was opened before rules.ts defined the flow');
};

/** Push window `name` asking `askers` once each, in order (core's flow.openWindow). */
export function openWindow(d: Draft<OphidianState>, name: WindowName, askers: readonly number[], data = 0): void {
  open(d, name, askers, data);
}

/** Called once by rules.ts with the defined flow's `openWindow`. */
export function plugFlow(f: Open): void {
  open = f;
}
