/**
 * Errors a user can cause (bad options, content files, builds, agent specs, CLI
 * arguments) are `UserError`s: the CLI prints their message on one line and exits 2,
 * with no stack trace. Anything else is a bug and keeps its stack.
 */
export class UserError extends Error {
  override readonly name = 'UserError';
  constructor(message: string) {
    super(message);
  }
}

/** The most characters of a value an error line quotes: enough to recognise it, never a file's contents. */
export const MAX_QUOTED_CHARS = 60;

/** Every non-printable character (controls, the replacement character binary bytes decode to, line separators) as \\uXXXX. */
function escapeNonPrintable(text: string): string {
  return text.replace(/[\p{C}\u{FFFD}\u2028\u2029]/gu, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);
}

/**
 * A string quoted for an error line: JSON-escaped, non-printable characters escaped, cut
 * to MAX_QUOTED_CHARS characters with the full length named.
 */
export function quoteText(text: string): string {
  const chars = [...text];
  if (chars.length <= MAX_QUOTED_CHARS) return escapeNonPrintable(JSON.stringify(text));
  const cut = escapeNonPrintable(JSON.stringify(chars.slice(0, MAX_QUOTED_CHARS - 3).join('')));
  return `${cut.slice(0, -1)}..." (${chars.length} characters)`;
}

/** Formats a value for an error message: short, quoted and escaped when a string. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return quoteText(value);
  if (value === undefined) return 'undefined';
  try {
    const s = JSON.stringify(value);
    if (s === undefined) return String(value);
    const chars = [...s];
    return escapeNonPrintable(chars.length > 80 ? chars.slice(0, 77).join('') + '...' : s);
  } catch {
    return String(value);
  }
}

/**
 * A whole parsed document shown in an error: a document that is one text (a binary file,
 * /etc/passwd read as YAML) is described by its length, never quoted.
 */
export function showDocument(value: unknown): string {
  return typeof value === 'string' ? `a plain text of ${[...value].length} characters` : showValue(value);
}

/**
 * The first line of a parser's error without the text it quotes: Node's JSON.parse names
 * a snippet of the input ('Unexpected token 'r', "root:x:0:0"... is not valid JSON'),
 * which for a wrong file is that file's contents. Non-printable characters escaped.
 */
export function parseErrorText(err: unknown): string {
  const first = (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
  const line = first.replace(/, "(?:[^"\\]|\\.)*"(?:\.\.\.)? is not valid JSON$/, '').replace(/"(?:[^"\\]|\\.)*"(?:\.\.\.)?/g, '(text)');
  return escapeNonPrintable(line.length > 160 ? line.slice(0, 157) + '...' : line);
}

/**
 * An error line as the CLI prints it: one line, non-printable characters escaped, at most
 * MAX_ERROR_LINE characters (a last guard; messages quote values through showValue).
 */
export const MAX_ERROR_LINE = 600;
export function errorLine(message: string): string {
  const line = escapeNonPrintable(message.replace(/\s*\n\s*/g, ' ').trim());
  const chars = [...line];
  return chars.length > MAX_ERROR_LINE ? chars.slice(0, MAX_ERROR_LINE - 3).join('') + '...' : line;
}

/**
 * A uniform message: "<where>: <field> is <value>; allowed: <allowed>".
 * `where` names the thing being checked (an option set, a content file, an agent spec).
 */
export function invalid(where: string, field: string, value: unknown, allowed: string): UserError {
  return new UserError(`${where}: ${field} is ${showValue(value)}; allowed: ${allowed}`);
}

/**
 * A run stopped by Ctrl-C or SIGTERM. Not a failure: the games finished so far are on
 * disk and rerunning the same command resumes. The CLI prints one line and exits with
 * the signal's conventional code (130 for SIGINT, 143 for SIGTERM).
 */
export class Interrupted extends Error {
  override readonly name = 'Interrupted';
  constructor(readonly signal: 'SIGINT' | 'SIGTERM') {
    super(`run interrupted (${signal}); rerun the same command to resume`);
  }

  get exitCode(): number {
    return this.signal === 'SIGINT' ? 130 : 143;
  }
}

/**
 * The contract's refusal of a move that is not legal in the state given to `apply`
 * (an API user's mistake, a hand-edited record, a search that kept a stale move): one
 * line naming the move, the player and the first few legal moves.
 */
export function illegalMove(game: string, player: number, move: string, legal: readonly string[]): UserError {
  const shown = legal.slice(0, 6).join(', ');
  const more = legal.length > 6 ? ` (+${legal.length - 6} more)` : '';
  const text = (s: string, max: number) => (s.length > max ? s.slice(0, max - 3) + '...' : s).replace(/\s+/g, ' ');
  return new UserError(`${game}: illegal move ${text(move, 60)} for player ${player}; legal now: ${text(shown, 120)}${more}`);
}
