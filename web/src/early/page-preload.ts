/** The pages the early script knows: a camera's page and its feed (route keys of routing/route-table.ts). */
export type EarlyRoute = 'camera' | 'camera-feed';

/** The chunks index.html lists: the app's start (every page) and each early page's own. */
export type ChunkGroup = EarlyRoute | 'app';

/** The id of the data block in index.html (written by vite.config.ts) that lists the chunks by group. */
export const PAGE_CHUNKS_ELEMENT_ID = 'homecam-page-chunks';

const CHUNK_FILE = /^assets\/[\w.-]+\.js$/;

/**
 * Asks for a group's code (modulepreload): the app's start, and on a camera page that page's own code, which then
 * downloads and compiles beside the app's bundle, not after the bundle ran and the router asked for it. Returns how
 * many chunks it asked for.
 */
export function preloadPageChunks(document: Document, route: ChunkGroup): number {
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
