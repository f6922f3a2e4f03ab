import { FEED_MAX_ITEMS } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { ATOM_SAMPLE, RSS_SAMPLE } from '../../test/helpers/fake-widget-sources.js';
import { decodeFeedBody } from './feed.service.js';
import { mapFeed, NotAFeedError } from './feed-mapping.js';
import { plainText, safeLink } from './feed-text.js';

const BASE = 'https://feeds.example/rss.xml';

describe('mapFeed', () => {
  it('maps RSS 2.0 items (HTML and scripts stripped, javascript: links dropped, relative links resolved)', () => {
    const feed = mapFeed(RSS_SAMPLE, BASE);
    expect(feed.title).toBe('Example & News');
    expect(feed.items.map((item) => [item.title, item.link, item.published, item.summary])).toEqual([
      ['Bold headline', 'https://news.example/a', '2026-11-24T10:00:00.000Z', 'Hello world & more'],
      ['Second', null, null, ''],
      ['Third', 'https://feeds.example/relative/path', null, ''],
    ]);
  });

  it('maps Atom entries: alternate link, published before updated, content when there is no summary', () => {
    const feed = mapFeed(ATOM_SAMPLE, BASE);
    expect(feed).toMatchObject({ title: 'Atom Blog', link: 'https://blog.example/' });
    expect(feed.items[0]).toEqual({ title: 'First post', link: 'https://blog.example/1', published: '2026-11-23T09:30:00.000Z', summary: 'Summary one' });
    expect(feed.items[1]).toMatchObject({ title: 'Second post', link: null, published: '2026-11-22T07:00:00.000Z', summary: 'Body' });
  });

  it('maps RDF (RSS 1.0) with its Dublin Core date', () => {
    const rdf = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel rdf:about="https://r.example/"><title>RDF</title><link>https://r.example/</link></channel>
      <item rdf:about="https://r.example/1"><title>R1</title><link>https://r.example/1</link><dc:date>2026-11-20T12:00:00Z</dc:date><description>d</description></item></rdf:RDF>`;
    expect(mapFeed(rdf, BASE)).toEqual({
      title: 'RDF',
      link: 'https://r.example/',
      items: [{ title: 'R1', link: 'https://r.example/1', published: '2026-11-20T12:00:00.000Z', summary: 'd' }],
    });
  });

  it('keeps at most FEED_MAX_ITEMS items and refuses documents that are no feed', () => {
    const items = Array.from({ length: 80 }, (_, n) => `<item><title>n${n}</title></item>`).join('');
    expect(mapFeed(`<rss version="2.0"><channel><title>x</title>${items}</channel></rss>`, BASE).items).toHaveLength(FEED_MAX_ITEMS);
    expect(() => mapFeed('<html><body>no</body></html>', BASE)).toThrow(NotAFeedError);
    expect(() => mapFeed('{"version":"https://jsonfeed.org/version/1.1","items":[]}', BASE)).toThrow(NotAFeedError);
  });
});

describe('feed text', () => {
  it('plainText strips tags, comments, script and style, decodes entities and cuts at a word', () => {
    expect(plainText('<p>a<!-- c --> <style>x{}</style><b>b</b> &lt;i&gt; &#8217;&#x2019; &nbsp;c</p>', 100)).toBe('a b ’’ c');
    expect(plainText('one two three four five', 20)).toBe('one two three four…');
    expect(plainText(42, 10)).toBe('');
  });

  it('safeLink keeps http(s) only, without credentials', () => {
    expect(safeLink('HTTPS://Example.com/a', BASE)).toBe('https://example.com/a');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'mailto:a@b.c', 'https://u:p@example.com/', '', null]) expect(safeLink(bad, BASE)).toBeNull();
  });
});

describe('decodeFeedBody', () => {
  it('decodes in the charset of the header or the XML declaration', () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Caf\u00e9</title></channel></rss>', 'latin1');
    expect(decodeFeedBody(latin1, 'application/rss+xml')).toContain('Café');
    expect(decodeFeedBody(Buffer.from('Café', 'latin1'), 'text/xml; charset=iso-8859-1')).toBe('Café');
    expect(decodeFeedBody(Buffer.from('Café'), 'text/xml; charset=bogus')).toBe('Café');
  });
});
