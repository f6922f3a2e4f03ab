import { describe, expect, it } from 'vitest';
import { liveMessage, parseLiveClientMessage, parseLiveServerMessage } from './live-messages.js';

describe('live server messages', () => {
  it('round-trips every message the server builds', () => {
    const messages = [
      liveMessage.init('video/mp4; codecs="avc1.640029"', false),
      liveMessage.state('offline', 'camera unreachable'),
      liveMessage.state('streaming', null),
      liveMessage.error('CAMERA_NOT_FOUND', 'camera not found'),
    ];
    for (const message of messages) expect(parseLiveServerMessage(JSON.stringify(message))).toEqual(message);
  });

  it('keeps an error code this version does not know (a newer server may add codes)', () => {
    expect(parseLiveServerMessage('{"type":"error","code":"SOMETHING_NEW","message":"x"}')).toEqual({
      type: 'error',
      code: 'SOMETHING_NEW',
      message: 'x',
    });
  });

  it('drops fields it does not know, so nothing unchecked reaches the player', () => {
    expect(parseLiveServerMessage('{"type":"state","state":"idle","reason":null,"extra":1}')).toEqual({ type: 'state', state: 'idle', reason: null });
  });

  it.each([
    ['not JSON', 'nope{'],
    ['a JSON string', '"init"'],
    ['null', 'null'],
    ['an unknown type', '{"type":"hello"}'],
    ['init without a MIME type', '{"type":"init","transcoding":false}'],
    ['init with a non-boolean transcoding', '{"type":"init","mimeType":"video/mp4","transcoding":"yes"}'],
    ['an unknown camera state', '{"type":"state","state":"exploded","reason":null}'],
    ['a state without reason', '{"type":"state","state":"idle"}'],
    ['an error without a code', '{"type":"error","message":"x"}'],
  ])('rejects %s', (_name, text) => {
    expect(parseLiveServerMessage(text)).toBeNull();
  });
});

describe('live client messages', () => {
  it('accepts auth with a token, pause and resume', () => {
    expect(parseLiveClientMessage('{"type":"auth","token":"t0k"}')).toEqual({ type: 'auth', token: 't0k' });
    expect(parseLiveClientMessage('{"type":"pause"}')).toEqual({ type: 'pause' });
    expect(parseLiveClientMessage('{"type":"resume"}')).toEqual({ type: 'resume' });
  });

  it.each([
    ['an empty token', '{"type":"auth","token":""}'],
    ['a numeric token', '{"type":"auth","token":42}'],
    ['an unknown type', '{"type":"seek"}'],
    ['not JSON', '{'],
  ])('rejects %s', (_name, text) => {
    expect(parseLiveClientMessage(text)).toBeNull();
  });
});
