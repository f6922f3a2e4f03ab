import { describe, expect, it } from 'vitest';
import { brokerUrl, decide, firstLeaf, matchMessage, mqttBindings } from './mqtt-match.js';

describe('matchMessage', () => {
  it('matches the same text', () => {
    expect(matchMessage('ON', 'ON')).toBe('match');
    expect(matchMessage('ON', 'on')).toBe('noMatch');
    expect(matchMessage('ON', 'ON ')).toBe('noMatch');
    expect(matchMessage('ON', '"ON"')).toBe('match');
    expect(matchMessage('1', '1.0')).toBe('match');
    expect(matchMessage('true', 'false')).toBe('noMatch');
  });

  it('matches the first leaf path of a configured JSON object', () => {
    const configured = '{"event":{"state":true,"other":1}}';
    expect(matchMessage(configured, '{"id":4,"event":{"zone":2,"state":true}}')).toBe('match');
    expect(matchMessage(configured, '{"event":{"state":false}}')).toBe('noMatch');
    expect(matchMessage(configured, '{"event":{"state":"true"}}')).toBe('noMatch');
    expect(matchMessage(configured, '{"state":true}')).toBe('noMatch');
    expect(matchMessage(configured, '[1]')).toBe('noMatch');
    expect(matchMessage('{"zones":[{"motion":"yes"}]}', '{"zones":[{"motion":"yes"},{"motion":"no"}]}')).toBe('match');
    expect(matchMessage('{"a":null}', '{"a":null}')).toBe('match');
    expect(matchMessage('{"a":null}', '{"b":null}')).toBe('noMatch');
  });

  it('reports a payload that is not JSON when JSON is configured', () => {
    expect(matchMessage('{"motion":true}', '{motion:true')).toBe('invalidJson');
    expect(matchMessage('ON', '{motion:true')).toBe('noMatch');
  });

  it('does not walk prototype keys', () => {
    expect(matchMessage('{"constructor":{"name":"Object"}}', '{}')).toBe('noMatch');
    expect(matchMessage('{"__proto__":{"x":1}}', '{"x":1}')).toBe('noMatch');
  });

  it('finds the first leaf in document order', () => {
    expect(firstLeaf({ a: { b: [], c: 'x' }, d: 1 })).toEqual({ path: ['a', 'c'], value: 'x' });
    expect(firstLeaf({})).toBeUndefined();
  });
});

describe('decide', () => {
  const bindings = mqttBindings([
    { name: 'Front Door', mqtt: { motionTopic: 'cams/front', motionResetTopic: 'cams/front', doorbellTopic: 'cams/front/ring' } },
    { name: 'Garage', mqtt: { motionTopic: 'cams/garage', motionMessage: '{"motion":true}', motionResetMessage: '{"motion":false}' } },
    { name: 'Yard', mqtt: { doorbellTopic: 'cams/front/ring', doorbellMessage: 'PRESSED' } },
    { name: 'None' },
  ]);

  it('applies the defaults ON/OFF/ON', () => {
    expect(decide(bindings, 'cams/front', 'ON').actions).toEqual([{ camera: 'Front Door', action: 'motion' }]);
    expect(decide(bindings, 'cams/front', 'OFF').actions).toEqual([{ camera: 'Front Door', action: 'motionReset' }]);
    expect(decide(bindings, 'cams/front/ring', 'ON').actions).toEqual([{ camera: 'Front Door', action: 'doorbell' }]);
    expect(decide(bindings, 'cams/front/ring', 'PRESSED').actions).toEqual([{ camera: 'Yard', action: 'doorbell' }]);
  });

  it('a motion topic takes the reset message too', () => {
    expect(decide(bindings, 'cams/garage', '{"motion":false,"t":1}').actions).toEqual([{ camera: 'Garage', action: 'motionReset' }]);
    expect(decide(bindings, 'cams/garage', '{"motion":true}').actions).toEqual([{ camera: 'Garage', action: 'motion' }]);
  });

  it('ignores other topics, other messages and invalid JSON', () => {
    expect(decide(bindings, 'cams/front/x', 'ON')).toEqual({ actions: [], invalidJson: false });
    expect(decide(bindings, 'cams/front', 'MAYBE')).toEqual({ actions: [], invalidJson: false });
    expect(decide(bindings, 'cams/garage', 'not json')).toEqual({ actions: [], invalidJson: true });
  });
});

describe('brokerUrl', () => {
  it('builds mqtt[s]://host:port from the config block', () => {
    expect(brokerUrl({ host: 'broker.lan', port: 1883 }).url).toBe('mqtt://broker.lan:1883');
    expect(brokerUrl({ host: 'broker.lan', port: 8883, tls: true }).url).toBe('mqtts://broker.lan:8883');
    expect(brokerUrl({ host: '::1', port: 1883 }).url).toBe('mqtt://[::1]:1883');
  });

  it('takes a whole URL, keeps its port, hides user info in the display form', () => {
    expect(brokerUrl({ host: 'mqtts://u:secret@broker.lan:9000', port: 1883 })).toEqual({
      url: 'mqtts://u:secret@broker.lan:9000',
      display: 'mqtts://broker.lan:9000',
    });
    expect(brokerUrl({ host: 'mqtt://broker.lan', port: 1884 }).url).toBe('mqtt://broker.lan:1884');
  });

  it('names a missing host or a wrong scheme', () => {
    expect(() => brokerUrl({ host: ' ' })).toThrow('no broker host');
    expect(() => brokerUrl({ host: 'http://broker' })).toThrow("unsupported broker URL scheme 'http:'");
  });
});
