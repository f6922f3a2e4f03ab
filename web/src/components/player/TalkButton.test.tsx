import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveLink } from '../../api/live/live-link';
import { renderWithStores } from '../../test/test-stores';
import { TalkButton } from './TalkButton';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server says the camera has a backchannel. */
function cameraCanTalk(available = true) {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ available }), { status: 200, headers: { 'content-type': 'application/json' } }))));
}

const noLink = (): LiveLink | null => null;

describe('<TalkButton> (issue 22)', () => {
  it('on a view that plays over MSE, is shown disabled and says that talking needs WebRTC', async () => {
    cameraCanTalk();
    renderWithStores(<TalkButton camera="Door" liveLink={noLink} transport="mse" />);
    const button = await screen.findByTestId('talk-button');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('data-reason')).toBe('NEEDS_WEBRTC');
    expect(button.textContent).toBe('cameras:talk.needsWebrtc');
    expect(button.getAttribute('title')).toBe('cameras:talk.needsWebrtcHint');
    const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('cameras:talk.needsWebrtcHint');
  });

  it('over WebRTC it is the enabled hold-to-talk button', async () => {
    cameraCanTalk();
    renderWithStores(<TalkButton camera="Door" liveLink={noLink} transport="webrtc" />);
    const button = await screen.findByTestId('talk-button');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('data-state')).toBe('idle');
    expect(button.textContent).toBe('cameras:talk.hold');
  });
});
