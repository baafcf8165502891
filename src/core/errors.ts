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

/** Formats a value for an error message: short, quoted when a string. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  try {
    const s = JSON.stringify(value);
    return s.length > 80 ? s.slice(0, 77) + '...' : s;
  } catch {
    return String(value);
  }
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
