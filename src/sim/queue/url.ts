/**
 * The `--queue` address: redis://[user:password@]host[:port][/db][?batch=N&prefix=NAME]
 * or rediss:// for TLS. Parsed once, with one-line errors naming what is wrong, and
 * printed only with the password hidden.
 */
import { UserError, showValue } from '../../core/errors.js';

export interface QueueTarget {
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
  readonly tls: boolean;
  /** Games per batch (a job); default from the run size, see `batchSize`. */
  readonly batch?: number;
  /** Key prefix of every key Crucible writes (default "crucible"). */
  readonly prefix: string;
  /** The address with the password replaced by ***, for messages. */
  readonly display: string;
}

const ALLOWED = 'redis://[user:password@]host[:port][/db] or rediss://... (TLS), optionally ?batch=N&prefix=NAME';

function fail(raw: string, why: string): never {
  const shown = raw.replace(/(\/\/[^:@/]*:)[^@/]*@/, '$1***@');
  throw new UserError(`--queue is ${showValue(shown)}: ${why}; allowed: ${ALLOWED}`);
}

export function parseQueueUrl(raw: string): QueueTarget {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    fail(raw, 'not a URL');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') fail(raw, `scheme ${url.protocol.replace(':', '')} is not redis or rediss`);
  if (!url.hostname) fail(raw, 'no host');
  const port = url.port === '' ? 6379 : Number(url.port);
  const dbText = url.pathname.replace(/^\//, '');
  if (dbText !== '' && !/^\d{1,2}$/.test(dbText)) fail(raw, `database ${JSON.stringify(dbText)} is not a number 0-99`);
  const db = dbText === '' ? 0 : Number(dbText);
  let batch: number | undefined;
  let prefix = 'crucible';
  for (const [key, value] of url.searchParams) {
    if (key === 'batch') {
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 100_000) fail(raw, `batch ${JSON.stringify(value)} is not an integer 1-100000`);
      batch = Number(value);
    } else if (key === 'prefix') {
      if (!/^[A-Za-z0-9_.-]{1,40}$/.test(value)) fail(raw, `prefix ${JSON.stringify(value)} is not 1-40 letters, digits, _ . -`);
      prefix = value;
    } else {
      fail(raw, `parameter ${JSON.stringify(key)} is unknown (batch and prefix are known)`);
    }
  }
  const username = url.username === '' ? undefined : decodeURIComponent(url.username);
  const password = url.password === '' ? undefined : decodeURIComponent(url.password);
  const hostPart = url.hostname.includes(':') && !url.hostname.startsWith('[') ? `[${url.hostname}]` : url.hostname;
  const auth = username !== undefined || password !== undefined ? `${username ?? ''}${password !== undefined ? ':***' : ''}@` : '';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    db,
    ...(username !== undefined ? { username } : {}),
    ...(password !== undefined ? { password } : {}),
    tls: url.protocol === 'rediss:',
    ...(batch !== undefined ? { batch } : {}),
    prefix,
    display: `${url.protocol}//${auth}${hostPart}:${port}/${db}`,
  };
}

/** ioredis connection options for a target (also what BullMQ takes as `connection`). */
export function redisOptions(target: QueueTarget): {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls?: object;
  maxRetriesPerRequest: null;
  retryStrategy: (times: number) => number;
} {
  return {
    host: target.host,
    port: target.port,
    db: target.db,
    ...(target.username !== undefined ? { username: target.username } : {}),
    ...(target.password !== undefined ? { password: target.password } : {}),
    // rediss:// verifies the server certificate against the system CAs (NODE_EXTRA_CA_CERTS adds your own).
    ...(target.tls ? { tls: { servername: target.host } } : {}),
    // Commands wait through a Redis restart instead of failing; reconnect quickly, forever.
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(100 * times, 1000),
  };
}
