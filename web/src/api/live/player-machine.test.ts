import { describe, expect, it } from 'vitest';
import { initialPlayerState, playerTransition, type PlayerEvent, type PlayerState } from './player-machine';

const run = (events: PlayerEvent[], from: PlayerState = initialPlayerState) => events.reduce(playerTransition, from);
const init: PlayerEvent = { type: 'INIT', mimeType: 'video/mp4; codecs="avc1.42e01f"', transcoding: true };

describe('player state machine', () => {
  it('connects, then plays on the first frame', () => {
    const state = run([{ type: 'CONNECT' }, init]);
    expect(state).toMatchObject({ status: 'connecting', transcoding: true });
    expect(playerTransition(state, { type: 'FRAME' }).status).toBe('playing');
  });

  it('shows offline with the reason and recovers when the stream comes back', () => {
    const offline = run([init, { type: 'FRAME' }, { type: 'STREAM_STATE', state: 'offline', reason: 'connection refused' }]);
    expect(offline).toMatchObject({ status: 'offline', reason: 'connection refused' });
    expect(playerTransition(offline, { type: 'FRAME' }).status).toBe('offline');
    const back = run([{ type: 'STREAM_STATE', state: 'streaming', reason: null }], offline);
    expect(back.status).toBe('connecting');
    expect(run([init, { type: 'FRAME' }], back).status).toBe('playing');
  });

  it('counts reconnects until a frame arrives', () => {
    const twice = run([{ type: 'CLOSED' }, { type: 'CONNECT' }, { type: 'CLOSED' }]);
    expect(twice).toMatchObject({ status: 'reconnecting', attempt: 2 });
    expect(run([{ type: 'CONNECT' }, init, { type: 'FRAME' }], twice).attempt).toBe(0);
  });

  it('stops on final errors such as MAX_STREAMS_REACHED, and stays stopped', () => {
    const state = run([{ type: 'ERROR', code: 'MAX_STREAMS_REACHED' }, { type: 'CLOSED' }, init, { type: 'FRAME' }]);
    expect(state).toMatchObject({ status: 'error', errorCode: 'MAX_STREAMS_REACHED' });
  });

  it('reconnects after other errors', () => {
    expect(run([{ type: 'ERROR', code: 'INTERNAL' }, { type: 'CLOSED' }]).status).toBe('reconnecting');
  });

  it('pauses (hidden tab, off-screen) and resumes', () => {
    const paused = run([init, { type: 'FRAME' }, { type: 'PAUSE' }, { type: 'CLOSED' }, { type: 'FRAME' }]);
    expect(paused.status).toBe('paused');
    expect(playerTransition(paused, { type: 'RESUME' }).status).toBe('connecting');
  });
});
