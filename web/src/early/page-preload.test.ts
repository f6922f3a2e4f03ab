import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_CHUNKS_ELEMENT_ID, preloadPageChunks } from './page-preload';

function listChunks(content: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_CHUNKS_ELEMENT_ID;
  block.textContent = content;
  document.head.append(block);
}

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

describe('the early script preloads a camera page’s chunks', () => {
  afterEach(() => document.head.replaceChildren());

  it('asks for the chunks index.html lists for the page, and only for files of the build', () => {
    listChunks(JSON.stringify({ camera: ['assets/CameraPage-a1.js', 'assets/LivePlayer-b2.js', 'https://elsewhere.example/x.js', '../etc/passwd', 42], 'camera-feed': ['assets/CameraFeedPage-c3.js'] }));
    expect(preloadPageChunks(document, 'camera')).toBe(2);
    expect(preloads()).toEqual(['/assets/CameraPage-a1.js', '/assets/LivePlayer-b2.js']);
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('crossorigin')).toBe('');
  });

  it('lists the app’s start apart, for every page', () => {
    listChunks(JSON.stringify({ app: ['assets/start-a1.js', 'assets/react-b2.js'], camera: ['assets/CameraPage-c3.js'] }));
    expect(preloadPageChunks(document, 'app')).toBe(2);
    expect(preloads()).toEqual(['/assets/start-a1.js', '/assets/react-b2.js']);
  });

  it('does nothing without the list (a dev server) or with a broken one', () => {
    expect(preloadPageChunks(document, 'camera')).toBe(0);
    listChunks('{not json');
    expect(preloadPageChunks(document, 'camera-feed')).toBe(0);
    expect(preloads()).toEqual([]);
  });
});
