import type { Feed } from '@homecam/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, stubFetch } from '../test-support/render-widget';
import { rssWidget } from './index';
import { relativeTime } from './relative-time';
import { RssSettingsForm } from './RssSettingsForm';
import { RssWidget } from './RssWidget';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const FEED: Feed = {
  title: 'Example News',
  link: 'https://news.example/',
  items: [
    { title: 'First headline', link: 'https://news.example/a', published: hoursAgo(3), summary: 'Hello' },
    { title: 'No link here', link: null, published: null, summary: '' },
  ],
};
const URL_SETTING = 'https://news.example/feed.xml';

describe('<RssWidget>', () => {
  it('lists linked titles with relative times, opening in a new tab without opener or referrer', async () => {
    const calls = stubFetch(() => ({ status: 200, body: FEED }));
    renderWithQuery(<RssWidget id="r1" locked={false} settings={{ url: URL_SETTING, limit: 5 }} />);
    const link = await screen.findByRole('link', { name: 'First headline' });
    expect(link.getAttribute('href')).toBe('https://news.example/a');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('3 hours ago')).toBeTruthy();
    expect(screen.getByText('No link here').closest('a')).toBeNull();
    expect(calls.map((call) => call.url)).toEqual([`/api/dashboard/feed?url=${encodeURIComponent(URL_SETTING)}&limit=5`]);
  });

  it('renders only http(s) links: a data: or javascript: link is shown as text (D2)', async () => {
    const hostile: Feed = {
      title: 'Hostile',
      link: null,
      items: [
        { title: 'Data link', link: 'data:text/html,<script>alert(1)</script>', published: null, summary: '' },
        { title: 'Script link', link: 'JavaScript:alert(1)', published: null, summary: '' },
        { title: 'Relative link', link: '/api/users', published: null, summary: '' },
        { title: 'Web link', link: 'http://news.example/b', published: null, summary: '' },
      ],
    };
    stubFetch(() => ({ status: 200, body: hostile }));
    renderWithQuery(<RssWidget id="r1" locked={false} settings={{ url: URL_SETTING, limit: 5 }} />);
    await screen.findByText('Web link');
    for (const title of ['Data link', 'Script link', 'Relative link']) expect(screen.getByText(title).closest('a'), title).toBeNull();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['http://news.example/b']);
  });

  it('shows the translated error inside the widget when the feed fails', async () => {
    stubFetch(() => ({ status: 400, body: { error: { code: 'FEED_ADDRESS_REFUSED', message: 'internal' } } }));
    renderWithQuery(<RssWidget id="r1" locked={false} settings={{ url: 'http://192.168.1.1/feed', limit: 5 }} />);
    expect((await screen.findByRole('alert')).textContent).toBe('errors.FEED_ADDRESS_REFUSED');
  });

  it('asks for a URL before fetching anything', () => {
    const calls = stubFetch(() => ({ status: 200, body: FEED }));
    renderWithQuery(<RssWidget id="r1" locked={false} settings={rssWidget.defaults} />);
    expect(screen.getByText('widgets:rss.noUrl')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('<RssSettingsForm>', () => {
  it('saves an http(s) URL on submit only, and refuses other schemes', () => {
    const onChange = vi.fn();
    renderWithQuery(<RssSettingsForm settings={{ url: '', limit: 5 }} onChange={onChange} />);
    const field = screen.getByLabelText('widgets:rss.settings.url');
    fireEvent.change(field, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'widgets:rss.settings.save' }));
    expect(screen.getByText('widgets:rss.settings.urlInvalid')).toBeTruthy();
    fireEvent.change(field, { target: { value: ` ${URL_SETTING} ` } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'widgets:rss.settings.save' }));
    expect(onChange).toHaveBeenCalledWith({ url: URL_SETTING, limit: 5 });
  });

  it('changes the number of items at once', () => {
    const onChange = vi.fn();
    renderWithQuery(<RssSettingsForm settings={{ url: URL_SETTING, limit: 5 }} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('widgets:rss.settings.limit'), { target: { value: '10' } });
    expect(onChange).toHaveBeenCalledWith({ url: URL_SETTING, limit: 10 });
  });
});

describe('relativeTime', () => {
  it('says how long ago in the UI language', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(relativeTime('2026-11-24T11:59:30Z', now, 'en')).toBe('now');
    expect(relativeTime('2026-11-24T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(relativeTime('2026-11-23T10:00:00Z', now, 'en')).toBe('yesterday');
    expect(relativeTime('2026-11-22T12:00:00Z', now, 'de')).toBe('vorgestern');
  });
});
