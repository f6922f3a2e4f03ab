/** The pages the early script knows: a camera's page and its feed (route keys of routing/route-table.ts). */
export type EarlyRoute = 'camera' | 'camera-feed';

/** The id of the data block in index.html (written by vite.config.ts) that lists the early pages' chunks. */
export const PAGE_CHUNKS_ELEMENT_ID = 'homecam-page-chunks';

const CHUNK_FILE = /^assets\/[\w.-]+\.js$/;

/**
 * On a camera page, asks for that page's own code at once (modulepreload): it then downloads and compiles beside the
 * app's bundle, not after the bundle ran and the router asked for it. Returns how many chunks it asked for.
 */
export function preloadPageChunks(document: Document, route: EarlyRoute): number {
  let files: unknown;
  try {
    const listed = JSON.parse(document.getElementById(PAGE_CHUNKS_ELEMENT_ID)?.textContent ?? 'null') as Record<string, unknown> | null;
    files = listed?.[route];
  } catch {
    return 0;
  }
  if (!Array.isArray(files)) return 0;
  let added = 0;
  for (const file of files) {
    if (typeof file !== 'string' || !CHUNK_FILE.test(file)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = `/${file}`;
    document.head.append(link);
    added += 1;
  }
  return added;
}
