import { describe, expect, it, vi } from 'vitest';
import type { LiveLink } from './live-link';
import { TalkControl } from './talk-control';

/** The part of a live socket press to talk uses: its peer's microphone sender, its messages. */
function fakeLink() {
  const sent: unknown[] = [];
  const setMicrophone = vi.fn((_track: MediaStreamTrack | null) => Promise.resolve());
  const link = { open: true, peer: { setMicrophone }, send: (message: unknown) => sent.push(message), onTalk: null as ((text: string) => void) | null };
  return { link, sent, setMicrophone, answer: (message: object) => link.onTalk?.(JSON.stringify({ type: 'talk', ...message })) };
}

function fakeMicrophone() {
  const stop = vi.fn();
  const track = { kind: 'audio', stop } as unknown as MediaStreamTrack;
  return { track, stop, stream: { getTracks: () => [track], getAudioTracks: () => [track] } as unknown as MediaStream };
}

describe('press to talk in the page', () => {
  it('puts the microphone on the peer and asks the server while held, takes it off and stops it on release', async () => {
    const { link, sent, setMicrophone, answer } = fakeLink();
    const mic = fakeMicrophone();
    const control = new TalkControl(() => link as unknown as LiveLink, () => Promise.resolve(mic.stream));
    await control.press();
    expect(setMicrophone).toHaveBeenLastCalledWith(mic.track);
    expect(sent).toEqual([{ type: 'talk', on: true }]);
    expect(control.getState().status).toBe('starting');
    answer({ state: 'talking' });
    expect(control.getState()).toEqual({ status: 'talking', error: null });
    control.release();
    expect(sent.at(-1)).toEqual({ type: 'talk', on: false });
    expect(setMicrophone).toHaveBeenLastCalledWith(null);
    expect(mic.stop).toHaveBeenCalled();
    expect(control.getState().status).toBe('idle');
  });

  it('says MIC_DENIED when the browser refuses the microphone, and sends nothing', async () => {
    const { link, sent } = fakeLink();
    const control = new TalkControl(() => link as unknown as LiveLink, () => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    await control.press();
    expect(control.getState()).toEqual({ status: 'error', error: 'MIC_DENIED' });
    expect(sent).toEqual([]);
    control.release();
    expect(control.getState().error).toBe('MIC_DENIED'); // the message stays until the next press
  });

  it('shows the server refusal (someone else is talking) and lets the microphone go', async () => {
    const { link, setMicrophone, answer } = fakeLink();
    const mic = fakeMicrophone();
    const control = new TalkControl(() => link as unknown as LiveLink, () => Promise.resolve(mic.stream));
    await control.press();
    answer({ state: 'refused', code: 'TALK_BUSY' });
    expect(control.getState()).toEqual({ status: 'error', error: 'TALK_BUSY' });
    expect(setMicrophone).toHaveBeenLastCalledWith(null);
    expect(mic.stop).toHaveBeenCalled();
  });

  it('cannot talk without a WebRTC peer (MSE)', async () => {
    const control = new TalkControl(() => ({ open: true, peer: null }) as unknown as LiveLink, () => Promise.reject(new Error('not asked')));
    await control.press();
    expect(control.getState().error).toBe('TALK_UNAVAILABLE');
  });
});
