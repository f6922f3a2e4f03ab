import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defaultClientConditions, defineConfig, type Plugin, type Rolldown } from 'vite';
import { PAGE_CHUNKS_ELEMENT_ID } from './src/early/page-preload.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

// The dev server forwards everything the browser asks the back end for, so the app always talks to
// its own origin (cookies for /files, same-origin socket) exactly as in production.
const API_TARGET = 'http://127.0.0.1:8081';

/**
 * Builds src/sw/sw.ts into dist/sw.js after the app: a service worker must live at the site root under a fixed
 * name, and as a classic script it must not import the app's shared chunks, so it is a separate one-file build.
 */
function serviceWorker(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'homecam-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        resolve: { conditions: ['source', ...defaultClientConditions] },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          lib: { entry: 'src/sw/sw.ts', formats: ['iife'], name: 'homecamServiceWorker', fileName: () => 'sw.js' },
        },
      });
    },
  };
}

/** The early script (src/early-live.ts): a camera page's live socket opens while the app loads. */
const EARLY_SOURCE = 'src/early-live.ts';
/** The app's start (main.tsx imports it once the early picture shows): the early script preloads its code (listed in index.html). */
const APP_START_SOURCE = '/src/app/start.tsx';
/** The pages whose code the early script preloads (by route key, as src/early/page-preload.ts names them). */
const EARLY_PAGES: Record<string, string> = { camera: '/src/pages/CameraPage.tsx', 'camera-feed': '/src/pages/CameraFeedPage.tsx' };

const chunksOf = (bundle: OutputBundle): OutputChunk[] => Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');

/** A chunk and everything it imports statically, as file names. */
function staticClosure(chunk: OutputChunk, byFile: Map<string, OutputChunk>, into = new Set<string>()): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const file of chunk.imports) {
    const imported = byFile.get(file);
    if (imported) staticClosure(imported, byFile, into);
  }
  return into;
}

/** Per early page: its chunks that index.html does not preload anyway (the entry's and the app start's). */
function earlyPageChunks(bundle: OutputBundle): Record<string, string[]> {
  const chunks = chunksOf(bundle);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Set([...entryChunks(bundle), ...appStartChunks(bundle)]);
  const pages: Record<string, string[]> = {};
  for (const [route, source] of Object.entries(EARLY_PAGES)) {
    const page = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.endsWith(source));
    if (page) pages[route] = [...staticClosure(page, byFile)].filter((file) => !loaded.has(file));
  }
  return pages;
}

/** The entry chunk and what it imports statically (index.html loads them). */
function entryChunks(bundle: OutputBundle): Set<string> {
  const chunks = chunksOf(bundle);
  const entry = chunks.find((chunk) => chunk.isEntry);
  return entry ? staticClosure(entry, new Map(chunks.map((chunk) => [chunk.fileName, chunk]))) : new Set<string>();
}

/** The app's start chunk and what it imports statically, minus what the entry loads anyway. */
function appStartChunks(bundle: OutputBundle): string[] {
  const chunks = chunksOf(bundle);
  const loaded = entryChunks(bundle);
  const start = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.endsWith(APP_START_SOURCE));
  if (!start) throw new Error(`${APP_START_SOURCE} is not a chunk of the build`);
  return [...staticClosure(start, new Map(chunks.map((chunk) => [chunk.fileName, chunk])))].filter((file) => !loaded.has(file));
}

/**
 * The early script ahead of the app, as one classic script (~11 kB, no imports) inline at the top of <head>: it runs
 * while the parser is still there, so a camera page's live socket and WebRTC offer start before the browser has even
 * asked for the app's ~1.2 MB of modules and CSS (as an `async` file it ran only ~130–230 ms after the HTML came, its
 * request queued behind theirs; a module script would wait until their parse). The server's CSP allows it by its
 * hash, read from this built index.html (server/src/http/web/inline-scripts.ts). Before it, as data (not run), the
 * chunks it preloads: the app's start on every page, and on a camera page that page's own, both there only once
 * the camera page's early picture shows (src/early/after-first-picture.ts). The dev server loads the source as a module instead.
 */
function earlyLiveScript(): Plugin {
  let root = '';
  let early: string | null = null;
  // Right behind <meta charset>, which must stay within the document's first 1024 bytes.
  const insert = (html: string, tags: string[]): string => html.replace(/<meta charset="UTF-8" \/>/i, (meta) => [meta, ...tags].join('\n    '));
  return {
    name: 'homecam-early-live',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      if (this.meta.watchMode || process.env.VITEST) return;
      const output = (await build({
        configFile: false,
        root,
        logLevel: 'warn',
        resolve: { conditions: ['source', ...defaultClientConditions] },
        build: { write: false, lib: { entry: EARLY_SOURCE, formats: ['iife'], name: 'homecamEarlyLive', fileName: () => 'early-live.js' } },
      })) as Rolldown.RolldownOutput[] | Rolldown.RolldownOutput;
      const code = (Array.isArray(output) ? output[0]! : output).output[0].code.trim();
      // Inline, these would end the element early or change how the parser reads it.
      if (/<\/script|<!--/i.test(code)) throw new Error(`${EARLY_SOURCE} built to text that cannot stand inline in a <script>`);
      early = code;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return insert(html, [`<script type="module" async src="/${EARLY_SOURCE}"></script>`]);
        if (!early) throw new Error('the early script was not built');
        return insert(html, [
          // Before the script, which reads it as it runs.
          // The app's code (`app`) downloads and compiles beside the entry, which evaluates it only later (see
          // main.tsx): the early script preloads it, on a camera page once its live socket is open.
          `<script type="application/json" id="${PAGE_CHUNKS_ELEMENT_ID}">${JSON.stringify({ app: appStartChunks(ctx.bundle), ...earlyPageChunks(ctx.bundle) })}</script>`,
          `<script>${early}</script>`,
        ]);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker(), earlyLiveScript()],
  resolve: {
    // `source` makes @homecam/shared resolve to its TypeScript sources; the defaults stay so
    // every other package keeps its browser build.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    proxy: {
      '/api': API_TARGET,
      '/files': API_TARGET,
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across HomeCam updates.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // The config editor's CodeMirror: its own chunk, loaded only with /config (not in every page's vendor).
            { name: 'codemirror', test: /node_modules[\\/](@codemirror|codemirror|@lezer|crelt|style-mod|w3c-keyname|@marijn)[\\/]/ },
            // Charts only on the Utilization page and its dashboard widget: never in the start-up chunks.
            { name: 'uplot', test: /node_modules[\\/]uplot[\\/]/ },
            // Recorded playback: hls.js is fetched the first time footage is played, never with the app's start-up.
            { name: 'hls', test: /node_modules[\\/]hls\.js[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
