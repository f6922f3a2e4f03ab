import { configFileSchema } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { secretsOf } from './config-secrets.js';
import { Scrubber } from './scrub.js';

describe('log scrubbing', () => {
  const scrubber = new Scrubber();

  it('masks URL passwords, secret assignments and bearer tokens', () => {
    expect(scrubber.scrub('open rtsp://admin:hunter2@cam:554/live now')).toBe('open rtsp://admin:********@cam:554/live now');
    expect(scrubber.scrub('GET /trigger?camera=Door&token=abc123&x=1')).toBe('GET /trigger?camera=Door&token=********&x=1');
    expect(scrubber.scrub('{"msg":"key=k3y secret=s3c password=pw1"}')).toBe('{"msg":"key=******** secret=******** password=********"}');
    expect(scrubber.scrub('authorization: Bearer eyJhbGciOi.J9.xyz')).toBe('authorization: Bearer ********');
    expect(scrubber.scrub('nothing secret here')).toBe('nothing secret here');
  });

  it('masks an API token wherever it is quoted (issue 21)', () => {
    const token = `hct_${'Ab3_-'.repeat(9)}`;
    expect(scrubber.scrub(`pasted ${token} into the name`)).toBe('pasted hct_******** into the name');
    expect(scrubber.scrub('hct_short stays')).toBe('hct_short stays');
  });

  it('masks the configured secrets verbatim, also JSON-escaped, but not very short ones', () => {
    const own = new Scrubber();
    own.setSecrets(['pa"ss-word', 'abc']);
    expect(own.scrub('said pa"ss-word')).toBe('said ********');
    expect(own.scrub(JSON.stringify({ msg: 'said pa"ss-word' }))).toBe('{"msg":"said ********"}');
    expect(own.scrub('abc stays')).toBe('abc stays');
  });

  it('collects the secrets of config.json: trigger credentials, tokens (of every alert channel, by key name), the AWS secret, camera URL passwords (raw and decoded)', () => {
    const config = configFileSchema.parse({
      http: { token: 'tok-1234' },
      smtp: { password: 'smtp-pass' },
      ftp: { password: 'ftp-pass' },
      mqtt: { password: 'mqtt-pass' },
      notifications: { telegram: { active: true, token: '123456:bot-token' }, alexa: { active: true, token: 'ha-token' }, pager: { apiKey: 'pager-key' } },
      aws: { active: true, accessKeyId: 'AKIDTEST', secretAccessKey: 'aws-secret' },
      cameras: [{ name: 'Door', videoConfig: { source: '-i rtsp://u:p%40ss-word@cam/live', subSource: 'rtsp://cam/sub' } }],
    });
    expect(secretsOf(config).sort()).toEqual(
      ['ftp-pass', 'mqtt-pass', 'p%40ss-word', 'p@ss-word', 'smtp-pass', 'tok-1234', '123456:bot-token', 'ha-token', 'pager-key', 'aws-secret'].sort(),
    );
  });
});
