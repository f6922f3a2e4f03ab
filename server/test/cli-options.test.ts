import { describe, expect, it } from 'vitest';
import { OptionsError, parseRuntimeOptions } from '../src/cli/options.js';

const HOME = '/home/someone';

describe('parseRuntimeOptions', () => {
  it('defaults: no port (8081 later), all interfaces, ~/.homecam', () => {
    expect(parseRuntimeOptions([], {}, HOME)).toEqual({
      help: false,
      port: undefined,
      host: undefined,
      dataDir: '/home/someone/.homecam',
      adminPassword: undefined,
      logLevel: undefined,
    });
  });

  it('reads the environment', () => {
    const env = {
      HOMECAM_PORT: '9000',
      HOMECAM_DATA: '/srv/homecam',
      HOMECAM_HOST: '127.0.0.1',
      HOMECAM_ADMIN_PASSWORD: 'from-env',
      HOMECAM_LOG_LEVEL: 'debug',
    };
    expect(parseRuntimeOptions([], env, HOME)).toEqual({
      help: false,
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/srv/homecam',
      adminPassword: 'from-env',
      logLevel: 'debug',
    });
  });

  it('lets the command line beat the environment', () => {
    const env = { HOMECAM_PORT: '9000', HOMECAM_DATA: '/srv/homecam', HOMECAM_HOST: '127.0.0.1' };
    const options = parseRuntimeOptions(['--port', '0', '--data', '~/cams', '--host=::1'], env, HOME);
    expect(options).toMatchObject({ port: 0, dataDir: '/home/someone/cams', host: '::1' });
  });

  it('resolves a relative data dir against the working directory', () => {
    expect(parseRuntimeOptions(['--data', 'rel'], {}, HOME).dataDir).toBe(`${process.cwd()}/rel`);
  });

  it.each([
    [['--port', 'abc'], {}, /--port: expected a port number/],
    [['--port', '70000'], {}, /--port: expected a port number/],
    [[], { HOMECAM_PORT: '-1' }, /HOMECAM_PORT: expected a port number/],
    [['--nope'], {}, /Unknown option '--nope'/],
    [['stray'], {}, /positional/],
    [[], { HOMECAM_LOG_LEVEL: 'chatty' }, /HOMECAM_LOG_LEVEL: expected one of/],
  ])('refuses %j %j', (argv, env, message) => {
    expect(() => parseRuntimeOptions(argv, env, HOME)).toThrow(OptionsError);
    expect(() => parseRuntimeOptions(argv, env, HOME)).toThrow(message);
  });
});
