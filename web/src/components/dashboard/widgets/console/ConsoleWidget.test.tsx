import type { LogEntry } from '@homecam/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogFeed } from '../../../../api/log-feed';
import { StoresContext } from '../../../../stores/stores-context';
import { testStores } from '../../../../test/test-stores';
import { consoleWidget } from './index';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (seq: number, level: LogEntry['level'], message: string): LogEntry => ({ seq, time: '2026-01-01T10:00:00.000Z', level, source: 'system', message });

function renderWidget(settings: { lines: 10 | 20 | 30 | 50; minLevel: LogEntry['level'] }, backlog: LogEntry[]) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ entries: backlog }), { status: 200, headers: { 'content-type': 'application/json' } })));
  vi.stubGlobal('fetch', fetchMock);
  const logFeed = createLogFeed();
  const stores = testStores({ logFeed });
  const wrap = (children: ReactNode) => (
    <StoresContext.Provider value={stores}>
      <MemoryRouter>{children}</MemoryRouter>
    </StoresContext.Provider>
  );
  const { Component } = consoleWidget;
  render(wrap(<Component id="c1" settings={settings} locked={false} />));
  return { logFeed, fetchMock };
}

describe('Console widget', () => {
  it('is an admin-only dashboard widget with valid defaults', () => {
    expect(consoleWidget.type).toBe('console');
    expect(consoleWidget.access).toBe('admin');
    expect(consoleWidget.settingsSchema.parse({})).toEqual(consoleWidget.defaults);
    expect(consoleWidget.settingsSchema.safeParse({ lines: 7 }).success).toBe(false);
  });

  it('shows the newest lines at or above the level, live', async () => {
    const { logFeed, fetchMock } = renderWidget({ lines: 10, minLevel: 'info' }, [entry(1, 'debug', 'too chatty'), entry(2, 'info', 'from the backlog')]);
    expect(await screen.findByText('from the backlog')).toBeTruthy();
    expect(screen.queryByText('too chatty')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/system/log?limit=200', expect.anything());
    act(() => logFeed.push([entry(3, 'warn', 'live line')]));
    expect(screen.getByText('live line')).toBeTruthy();
    act(() => logFeed.push(Array.from({ length: 12 }, (_, i) => entry(10 + i, 'info', `burst ${i}`))));
    expect(screen.getAllByTestId('console-line')).toHaveLength(10);
    expect(screen.queryByText('live line')).toBeNull();
  });
});
