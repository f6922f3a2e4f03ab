import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage, PageErrorBoundary } from '../pages/ErrorPage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ChunkLoadError, loadChunk } from '../routing/chunk-load';
import { createNavigationGuard } from './guards/navigation-guard';
import { ChromeLayout } from './layouts/ChromeLayout';
import { RootLayout } from './layouts/RootLayout';
import { SettingsLayout } from './layouts/SettingsLayout';
import { ROUTES, type RouteKey } from '../routing/route-table';
import type { Runtime } from './runtime';
import { LAZY_PAGES, type LazyPageKey } from './lazy-pages';

type PageKey = Exclude<RouteKey, 'settings'>;
const PAGE_KEYS = (Object.keys(ROUTES) as RouteKey[]).filter((key): key is PageKey => key !== 'settings');
const isLazy = (key: PageKey): key is LazyPageKey => key in LAZY_PAGES;

/**
 * The login form and the 404 page ship with the shell; every other page is fetched when first opened, with
 * the spec §8 time-out. A page that fails to load or crashes shows its error inside the layout (routes without
 * chrome: on the whole screen), so the rest of the app stays usable.
 */
function page(key: PageKey): RouteObject {
  const { path, chrome } = ROUTES[key];
  const ErrorBoundary = chrome === 'none' ? ErrorPage : PageErrorBoundary;
  if (key === 'login') return { path, Component: LoginPage, ErrorBoundary };
  if (key === 'not-found') return { path, Component: NotFoundPage, ErrorBoundary };
  if (!isLazy(key)) throw new Error(`no page for route ${String(key)}`);
  const load = LAZY_PAGES[key];
  const lazy = async (): Promise<Pick<RouteObject, 'Component' | 'loader'>> => {
    try {
      return { Component: await loadChunk(load) };
    } catch (error) {
      // React Router leaves a route whose lazy() rejected in its loading state (a blank screen); a loader that
      // throws hands the chunk-load error to the route's ErrorBoundary instead.
      const failure = error instanceof Error ? error : new ChunkLoadError(String(error));
      return {
        // Never rendered (the boundary is), but a route without one makes React Router warn about an empty page.
        Component: () => null,
        loader: () => {
          throw failure;
        },
      };
    }
  };
  return { path, ErrorBoundary, lazy };
}

const byChrome = (chrome: 'none' | 'full' | 'camview') =>
  PAGE_KEYS.filter((key) => ROUTES[key].chrome === chrome && !key.startsWith('settings-'));
const SETTINGS_CHILDREN = PAGE_KEYS.filter((key) => key.startsWith('settings-'));

/**
 * Routes grouped by chrome (spec §2). The root loader is the navigation guard; it runs again on every
 * navigation (shouldRevalidate) because each one re-checks the session.
 */
const routes = (runtime: Runtime): RouteObject[] => [
  {
    id: 'root',
    Component: RootLayout,
    loader: createNavigationGuard(runtime),
    shouldRevalidate: () => true,
    // The splash covers the first check; nothing else needs to render meanwhile.
    HydrateFallback: () => null,
    ErrorBoundary: ErrorPage,
    children: [
      ...byChrome('none').map(page),
      {
        Component: ChromeLayout,
        children: [
          ...byChrome('full').map(page),
          { path: ROUTES.settings.path, Component: SettingsLayout, children: SETTINGS_CHILDREN.map(page) },
        ],
      },
      { element: <ChromeLayout variant="camview" />, children: byChrome('camview').map(page) },
    ],
  },
];

/** The app's router; code outside it (the session store, the toaster) navigates through the runtime. */
export function createAppRouter(runtime: Runtime) {
  const router = createBrowserRouter(routes(runtime));
  runtime.setNavigator((to) => void router.navigate(to, { replace: true }));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
