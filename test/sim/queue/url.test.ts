import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/errors.js';
import { parseQueueUrl, redisOptions } from '../../../src/sim/queue/url.js';
import { batchSize } from '../../../src/sim/queue/run-key.js';
import { collectContent, isFileField } from '../../../src/sim/queue/content.js';

describe('--queue addresses', () => {
  it('reads host, port, database, ACL user and password; hides the password when shown', () => {
    const t = parseQueueUrl('redis://alice:s%40cret@cache.local:6380/3');
    expect(t).toMatchObject({ host: 'cache.local', port: 6380, db: 3, username: 'alice', password: 's@cret', tls: false, prefix: 'crucible' });
    expect(t.display).toBe('redis://alice:***@cache.local:6380/3');
    expect(parseQueueUrl('redis://:pw@h').display).toBe('redis://:***@h:6379/0');
  });

  it('rediss:// turns TLS on, checking the server name', () => {
    const t = parseQueueUrl('rediss://h.example:6390');
    expect(t.tls).toBe(true);
    expect(redisOptions(t).tls).toEqual({ servername: 'h.example' });
    expect(redisOptions(parseQueueUrl('redis://h')).tls).toBeUndefined();
  });

  it('takes batch and prefix parameters', () => {
    expect(parseQueueUrl('redis://h?batch=32&prefix=alice').batch).toBe(32);
    expect(parseQueueUrl('redis://h?batch=32&prefix=alice').prefix).toBe('alice');
  });

  it.each([
    ['http://h', /scheme http is not redis or rediss/],
    ['not a url', /not a URL/],
    ['redis://h/x', /database "x"/],
    ['redis://h?batch=0', /batch "0"/],
    ['redis://h?prefix=a:b', /prefix "a:b"/],
    ['redis://h?color=red', /parameter "color" is unknown/],
  ])('rejects %s with a one-line error', (raw, message) => {
    expect(() => parseQueueUrl(raw)).toThrow(UserError);
    expect(() => parseQueueUrl(raw)).toThrow(message);
  });

  it('never prints a password in an error', () => {
    expect(() => parseQueueUrl('redis://u:topsecret@h/x')).toThrow(/redis:\/\/u:\*\*\*@h\/x/);
    expect(() => parseQueueUrl('redis://u:topsecret@h/x')).not.toThrow(/topsecret/);
  });
});

describe('batches and content', () => {
  it('fixes the batch size from the run size alone (a restarted coordinator names the same jobs)', () => {
    expect(batchSize(100)).toBe(8);
    expect(batchSize(64 * 100)).toBe(100);
    expect(batchSize(10_000_000)).toBe(256);
    expect(batchSize(10_000_000, 17)).toBe(17);
  });

  it('finds file fields at any depth and refuses files that are not data', () => {
    expect(isFileField('file')).toBe(true);
    expect(isFileField('powerFile')).toBe(true);
    expect(isFileField('profile')).toBe(false);
    expect(collectContent({ a: [{ x: 1 }] })).toEqual([]);
    expect(() => collectContent({ map: { file: '/bin/sh' } })).toThrow(/options map\.file is "\/bin\/sh"; allowed: a \.json, \.yaml or \.yml file/);
    expect(() => collectContent({ map: { file: '/nope/x.yaml' } })).toThrow(/cannot read the file \(ENOENT\)/);
  });
});
