import { describe, expect, it } from 'vitest';
import { problemCodeOf } from './problem-code.js';

describe('problemCodeOf', () => {
  it('recognises the problems integrations report', () => {
    expect(problemCodeOf('listen EADDRINUSE: address already in use 0.0.0.0:7272')).toBe('PORT_IN_USE');
    expect(problemCodeOf('listen EACCES: permission denied 0.0.0.0:21')).toBe('PORT_NOT_ALLOWED');
    expect(problemCodeOf('MQTT trigger: no broker host is configured')).toBe('NO_BROKER');
    expect(problemCodeOf('MQTT: not connected to mqtt://broker.local:1883')).toBe('NOT_CONNECTED');
    expect(problemCodeOf('connect ECONNREFUSED 127.0.0.1:1883')).toBe('CONNECTION_REFUSED');
    expect(problemCodeOf('getaddrinfo ENOTFOUND broker.invalid')).toBe('HOST_NOT_FOUND');
    // mqtt.js words a refused login as a refused connection: the login is what to fix.
    expect(problemCodeOf('Connection refused: Not authorized')).toBe('AUTH_FAILED');
    expect(problemCodeOf('Bad username or password')).toBe('AUTH_FAILED');
    expect(problemCodeOf('HTTP 401 from http://ha.local:8123')).toBe('AUTH_FAILED');
    expect(problemCodeOf('MQTT: no acknowledgement within 10000 ms')).toBe('TIMEOUT');
    expect(problemCodeOf('self-signed certificate in certificate chain')).toBe('TLS_FAILED');
    expect(problemCodeOf('access key id or secret missing')).toBe('KEYS_MISSING');
    expect(problemCodeOf('monthly contingent of 10 calls used up')).toBe('BUDGET_USED_UP');
    expect(problemCodeOf('no device of yours is subscribed to push on this server')).toBe('NO_DEVICE');
    expect(problemCodeOf('HTTP 500 from https://hooks.example')).toBe('REJECTED');
    expect(problemCodeOf('something nobody foresaw')).toBe('FAILED');
  });

  it('reads a hostile message in linear time and only its first 500 characters', () => {
    expect(problemCodeOf(`${'a'.repeat(600)} EADDRINUSE`)).toBe('FAILED');
    expect(problemCodeOf('HTTP '.repeat(100_000))).toBe('FAILED');
  });
});
