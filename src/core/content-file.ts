/**
 * Reading a user's content or options file with bounds: a regular file only (a symlink
 * to /dev/zero or a FIFO is refused without reading a byte, a FIFO without blocking),
 * at most MAX_CONTENT_BYTES, checked before reading. Every reader of a user's file
 * (options, power, hero, card, deck and map files) goes through here, so no path reads
 * without bound. Errors are one-line UserErrors naming `where`, the path and the cause.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UserError, showValue } from './errors.js';

/** 1 MiB: the largest sample content is a few tens of KB; a 10 MB power file took minutes and GBs. */
export const MAX_CONTENT_BYTES = 1024 * 1024;

function cannotRead(where: string, file: string, cause: string): UserError {
  return new UserError(`${where} is ${showValue(file)}: cannot read the file (${cause}); allowed: a readable JSON or YAML file up to 1 MiB`);
}

function tooBig(where: string, file: string, size: number): UserError {
  return new UserError(`${where} is ${showValue(file)}: ${size} bytes; allowed: content files up to ${MAX_CONTENT_BYTES} bytes (1 MiB)`);
}

/**
 * Opens `file` without blocking (a FIFO with no writer would block a plain open), checks it
 * is a regular file within the cap, and returns its descriptor and size.
 */
function openBounded(where: string, file: string): { fd: number; size: number } {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (err) {
    throw cannotRead(where, file, (err as NodeJS.ErrnoException).code ?? 'unreadable');
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw cannotRead(where, file, stat.isDirectory() ? 'a folder' : 'not a regular file');
    if (stat.size > MAX_CONTENT_BYTES) throw tooBig(where, file, stat.size);
    return { fd, size: stat.size };
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
}

/**
 * Checks `file` is a regular file within the cap without opening it (a stat, which never
 * blocks; run checks call this for every game); returns its size.
 */
export function checkBoundedFile(where: string, file: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (err) {
    throw cannotRead(where, file, (err as NodeJS.ErrnoException).code ?? 'unreadable');
  }
  if (!stat.isFile()) throw cannotRead(where, file, stat.isDirectory() ? 'a folder' : 'not a regular file');
  if (stat.size > MAX_CONTENT_BYTES) throw tooBig(where, file, stat.size);
  return stat.size;
}

/**
 * The text of `file` after the checks above. Reads at most MAX_CONTENT_BYTES + 1 bytes, so a
 * file that grows after the check is still refused rather than read without bound.
 */
export function readBoundedFile(where: string, file: string | URL): string {
  const name = typeof file === 'string' ? file : fileURLToPath(file);
  const { fd } = openBounded(where, name);
  try {
    const buf = Buffer.allocUnsafe(MAX_CONTENT_BYTES + 1);
    let length = 0;
    for (;;) {
      let n: number;
      try {
        n = fs.readSync(fd, buf, length, buf.length - length, null);
      } catch (err) {
        throw cannotRead(where, name, (err as NodeJS.ErrnoException).code ?? 'unreadable');
      }
      if (n === 0) break;
      length += n;
      if (length > MAX_CONTENT_BYTES) throw tooBig(where, name, length);
    }
    return buf.toString('utf8', 0, length);
  } finally {
    fs.closeSync(fd);
  }
}
