import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadedFile, HttpClient } from '../api/http-client';
import { StoresContext } from '../stores/stores-context';
import { createToastStore } from '../stores/toast/toast-store';
import { testStores } from '../test/test-stores';
import { useDownload } from './use-download';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}` }) }));

const toastStore = createToastStore();
const saved: string[] = [];

function wrapper({ children }: { children: ReactNode }) {
  return (
    <StoresContext.Provider value={testStores({ toastStore })}>
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    </StoresContext.Provider>
  );
}

beforeEach(() => {
  saved.length = 0;
  // jsdom has no object URLs; the save itself (a temporary link's click) is what is checked.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:test', revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A download the test finishes by hand: `progress` reports bytes, `finish` resolves it, `fail` rejects it. */
function controlled() {
  let progress: (bytes: number) => void = () => undefined;
  let settle: { resolve: (file: DownloadedFile) => void; reject: (error: unknown) => void } | null = null;
  const fetchFile = (_http: HttpClient, onProgress: (bytes: number) => void) =>
    new Promise<DownloadedFile>((resolve, reject) => {
      progress = onProgress;
      settle = { resolve, reject };
    });
  return {
    fetchFile: vi.fn(fetchFile),
    progress: (bytes: number) => progress(bytes),
    finish: (fileName: string) => settle?.resolve({ blob: new Blob(['x']), fileName }),
    fail: (error: unknown) => settle?.reject(error),
  };
}

/** Starts a download as a click does and gives back its outcome (whether the file was saved). */
function start(result: { current: ReturnType<typeof useDownload> }): Promise<boolean> {
  let outcome: Promise<boolean> = Promise.resolve(false);
  act(() => {
    outcome = result.current.run();
  });
  return outcome;
}

describe('useDownload', () => {
  it('runs one download at a time, shows the bytes received and hands the file to the browser', async () => {
    const file = controlled();
    const { result } = renderHook(() => useDownload(file.fetchFile), { wrapper });
    const first = start(result);
    expect(result.current.busy).toBe(true);
    // A second click before the first finished starts nothing.
    let second = true;
    await act(async () => {
      second = await result.current.run();
    });
    expect(second).toBe(false);
    expect(file.fetchFile).toHaveBeenCalledTimes(1);
    act(() => file.progress(4096));
    expect(result.current.bytes).toBe(4096);
    await act(async () => {
      file.finish('homecam.log');
      expect(await first).toBe(true);
    });
    expect(saved).toEqual(['homecam.log']);
    expect(result.current.busy).toBe(false);
  });

  it('says "download failed" with the reason, saves nothing and is ready again', async () => {
    const file = controlled();
    const { result } = renderHook(() => useDownload(file.fetchFile), { wrapper });
    const outcome = start(result);
    await act(async () => {
      file.fail(new Error('offline'));
      expect(await outcome).toBe(false);
    });
    expect(saved).toEqual([]);
    expect(toastStore.getSnapshot().at(-1)).toMatchObject({ type: 'error' });
    expect(toastStore.getSnapshot().at(-1)?.message).toContain('download.failed');
    expect(result.current.busy).toBe(false);
  });
});
