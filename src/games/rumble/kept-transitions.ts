/**
 * Rumble's `applyUnchecked` for searches (issue #30): the joint move's next state kept per
 * search node (search-memo.ts). A search's determinizations differ only in the random stream
 * (`determinize`), and a Rumble step draws from it only in the auction's tie draw, so at an
 * Allocation or Reveal decision the same joint move from any determinization gives the same
 * next state but for its stream — a whole round's resolution each time. A step that did draw
 * is never kept. A kept state is handed back as a copy carrying the asker's stream (what the
 * step would have left there; one shallow copy, against a round's resolution).
 *
 * Only `applyUnchecked` (searches, rollouts, random play) is wrapped: a recorded game is
 * applied with `apply` and its listeners hear every event (core/listeners.ts); a kept step
 * emits nothing again, and nobody listens to a search's steps.
 */
import { unrolled } from '../../core/random.js';
import { SearchMemo } from './search-memo.js';
import { copyState, type RumbleAction, type RumbleState } from './types.js';

/** `apply` (unchecked), with the next states of steps that drew nothing kept per search node. */
export function keptTransitions(apply: (s: RumbleState, moves: readonly RumbleAction[]) => RumbleState): (s: RumbleState, moves: readonly RumbleAction[]) => RumbleState {
  const memo = new SearchMemo<RumbleState>(null);
  return (s, moves) => {
    const kept = memo.get(s, moves, null, null);
    if (kept !== undefined) {
      // A copy with the asker's stream, and the rest of a test's dice script if `s` has one
      // (`unrolled`: the step drew nothing), as the step itself would have left them.
      const d = copyState(kept);
      d.rng = s.rng;
      return unrolled(s, d as RumbleState);
    }
    const next = apply(s, moves);
    // A step that drew from the stream depends on it: not kept.
    return next.rng === s.rng ? memo.keep(s, moves, null, null, next) : next;
  };
}
