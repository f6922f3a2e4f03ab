import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The dev server forwards everything the browser asks the back end for, so the app always talks to
// its own origin (cookies for /files, same-origin socket) exactly as in production.
const API_TARGET = 'http://127.0.0.1:8081';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
