import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defaultClientConditions, defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker()],
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
