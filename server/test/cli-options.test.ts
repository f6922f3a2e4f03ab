import { telegramPlugin } from '../src/alerts/telegram/index.js';
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
      trustProxy: false,
      webDir: undefined,
      pushSubject: undefined,
      rekognitionEndpoint: undefined,
      telegramApiRoot: undefined,
      publicUrl: undefined,
      onvifDiscovery: true,
    });
  });

  it('reads the environment', () => {
    const env = {
      HOMECAM_PORT: '9000',
      HOMECAM_DATA: '/srv/homecam',
      HOMECAM_HOST: '127.0.0.1',
      HOMECAM_ADMIN_PASSWORD: 'from-env',
      HOMECAM_LOG_LEVEL: 'debug',
      HOMECAM_TRUST_PROXY: 'loopback, 10.0.0.0/8',
      HOMECAM_WEB_DIR: '/opt/homecam/web',
      HOMECAM_PUSH_SUBJECT: 'mailto:admin@home.example',
      HOMECAM_REKOGNITION_ENDPOINT: 'http://127.0.0.1:18082',
      HOMECAM_TELEGRAM_API_ROOT: 'http://127.0.0.1:8089/',
      HOMECAM_PUBLIC_URL: 'https://cam.home.example/homecam/',
      HOMECAM_ONVIF_DISCOVERY: 'off',
    };
    expect(parseRuntimeOptions([], env, HOME)).toEqual({
      help: false,
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/srv/homecam',
      adminPassword: 'from-env',
      logLevel: 'debug',
      trustProxy: ['loopback', '10.0.0.0/8'],
      webDir: '/opt/homecam/web',
      pushSubject: 'mailto:admin@home.example',
      rekognitionEndpoint: 'http://127.0.0.1:18082/',
      publicUrl: 'https://cam.home.example/homecam',
      onvifDiscovery: false,
    });
  });

  it('lets the command line beat the environment', () => {
    const env = { HOMECAM_PORT: '9000', HOMECAM_DATA: '/srv/homecam', HOMECAM_HOST: '127.0.0.1' };
    const options = parseRuntimeOptions(['--port', '0', '--data', '~/cams', '--host=::1'], env, HOME);
    expect(options).toMatchObject({ port: 0, dataDir: '/home/someone/cams', host: '::1' });
  });

  it.each([
    ['', false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['::1', ['::1']],
  ])('HOMECAM_TRUST_PROXY=%j trusts %j', (value, trust) => {
    expect(parseRuntimeOptions([], { HOMECAM_TRUST_PROXY: value }, HOME).trustProxy).toEqual(trust);
  });

  it.each([
    ['mailto:admin@home.example', 'mailto:admin@home.example'],
    ['https://home.example/contact', 'https://home.example/contact'],
    ['  ', undefined],
  ])('HOMECAM_PUSH_SUBJECT=%j is %j', (value, subject) => {
    expect(parseRuntimeOptions([], { HOMECAM_PUSH_SUBJECT: value }, HOME).pushSubject).toBe(subject);
  });

  it.each(['ftp://x.example', 'https://user:pw@x.example', 'https://x.example/?a=1', 'not a url'])('refuses HOMECAM_TELEGRAM_API_ROOT and HOMECAM_PUBLIC_URL=%j', (value) => {
    // The Telegram channel reads its own variable (alerts/telegram), with the same URL rules.
    expect(() => telegramPlugin.env?.read({ HOMECAM_TELEGRAM_API_ROOT: value })).toThrow(OptionsError);
    expect(() => parseRuntimeOptions([], { HOMECAM_PUBLIC_URL: value }, HOME)).toThrow(/HOMECAM_PUBLIC_URL: expected an http\(s\) URL/);
  });

  it('resolves HOMECAM_WEB_DIR like the data dir (~ and relative paths), and leaves it unset when empty', () => {
    expect(parseRuntimeOptions([], { HOMECAM_WEB_DIR: '~/web' }, HOME).webDir).toBe('/home/someone/web');
    expect(parseRuntimeOptions([], { HOMECAM_WEB_DIR: 'dist' }, HOME).webDir).toBe(`${process.cwd()}/dist`);
    expect(parseRuntimeOptions([], { HOMECAM_WEB_DIR: '' }, HOME).webDir).toBeUndefined();
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
    [[], { HOMECAM_TRUST_PROXY: 'yes please' }, /HOMECAM_TRUST_PROXY: expected true, a hop count/],
    [[], { HOMECAM_TRUST_PROXY: ',' }, /HOMECAM_TRUST_PROXY/],
    [[], { HOMECAM_PUSH_SUBJECT: 'admin@home.example' }, /HOMECAM_PUSH_SUBJECT: expected a mailto: address or an https: URL/],
    [[], { HOMECAM_PUSH_SUBJECT: 'http://home.example' }, /HOMECAM_PUSH_SUBJECT/],
    [[], { HOMECAM_PUSH_SUBJECT: 'mailto:' }, /HOMECAM_PUSH_SUBJECT/],
    [[], { HOMECAM_PUSH_SUBJECT: 'javascript:alert(1)' }, /HOMECAM_PUSH_SUBJECT/],
  ])('refuses %j %j', (argv, env, message) => {
    expect(() => parseRuntimeOptions(argv, env, HOME)).toThrow(OptionsError);
    expect(() => parseRuntimeOptions(argv, env, HOME)).toThrow(message);
  });
});
