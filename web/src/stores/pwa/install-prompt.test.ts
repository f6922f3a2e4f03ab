import { describe, expect, it, vi } from 'vitest';
import { createInstallPrompt, type InstallPromptEvent } from './install-prompt';

function promptEvent() {
  const prompt = vi.fn(() => Promise.resolve());
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent;
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome: 'accepted' as const }) });
  return Object.assign(event, { promptMock: prompt });
}

describe('install prompt (spec §2)', () => {
  it('keeps the browser prompt (suppressing its own UI) and shows it once on install()', async () => {
    const target = new EventTarget() as unknown as Window;
    const prompt = createInstallPrompt(target, () => false);
    expect(prompt.getState()).toBe(false);
    const event = promptEvent();
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(prompt.getState()).toBe(true);
    await prompt.install();
    expect(event.promptMock).toHaveBeenCalledTimes(1);
    expect(prompt.getState()).toBe(false);
  });

  it('hides the button after appinstalled', () => {
    const target = new EventTarget() as unknown as Window;
    const prompt = createInstallPrompt(target, () => false);
    target.dispatchEvent(promptEvent());
    target.dispatchEvent(new Event('appinstalled'));
    expect(prompt.getState()).toBe(false);
  });

  it('offers nothing when already running as the installed app', () => {
    const target = new EventTarget() as unknown as Window;
    const prompt = createInstallPrompt(target, () => true);
    target.dispatchEvent(promptEvent());
    expect(prompt.getState()).toBe(false);
  });
});
