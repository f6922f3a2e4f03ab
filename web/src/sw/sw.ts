import { registerHandlers } from './sw-handlers';
import type { ServiceWorkerScopeLike } from './sw-scope';

/** The service worker entry, built by vite.config.ts into /sw.js (one classic script, no imports). */
registerHandlers(self as unknown as ServiceWorkerScopeLike);
