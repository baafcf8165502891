/**
 * Wall-clock time for bookkeeping only (when a queued run started, how long a worker has
 * been up, how old a status line is). Nothing that decides a game's outcome reads it:
 * outcomes come from the seeded streams alone.
 */
export function wallClockMs(): number {
  return Date.now();
}
