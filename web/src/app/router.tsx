import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AccountSettingsPage } from '../pages/AccountSettingsPage';
import { AppearanceSettingsPage } from '../pages/AppearanceSettingsPage';
import { BackupSettingsPage } from '../pages/BackupSettingsPage';
import { CameraFeedPage } from '../pages/CameraFeedPage';
import { CameraPage } from '../pages/CameraPage';
import { CamerasPage } from '../pages/CamerasPage';
import { CamerasSettingsPage } from '../pages/CamerasSettingsPage';
import { CamviewPage } from '../pages/CamviewPage';
import { ConfigPage } from '../pages/ConfigPage';
import { ConsolePage } from '../pages/ConsolePage';
import { DashboardPage } from '../pages/DashboardPage';
import { ErrorPage } from '../pages/ErrorPage';
import { InterfaceSettingsPage } from '../pages/InterfaceSettingsPage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { NotificationsPage } from '../pages/NotificationsPage';
import { NotificationsSettingsPage } from '../pages/NotificationsSettingsPage';
import { PluginsPage } from '../pages/PluginsPage';
import { RecordingsPage } from '../pages/RecordingsPage';
import { RecordingsSettingsPage } from '../pages/RecordingsSettingsPage';
import { RekognitionSettingsPage } from '../pages/RekognitionSettingsPage';
import { StartPage } from '../pages/StartPage';
import { SystemSettingsPage } from '../pages/SystemSettingsPage';
import { UserSettingsPage } from '../pages/UserSettingsPage';
import { UtilizationPage } from '../pages/UtilizationPage';
import { navigationGuard } from './guards/navigation-guard';
import { ChromeLayout } from './layouts/ChromeLayout';
import { RootLayout } from './layouts/RootLayout';
import { SettingsLayout } from './layouts/SettingsLayout';
import { ROUTES, type RouteKey } from './routes/route-table';
import { setNavigator } from './runtime';

/** Every route that renders a page, by its key in the route table (the settings redirect renders none). */
const PAGES: Record<Exclude<RouteKey, 'settings'>, ComponentType> = {
  login: LoginPage,
  start: StartPage,
  dashboard: DashboardPage,
  cameras: CamerasPage,
  camera: CameraPage,
  'camera-feed': CameraFeedPage,
  recordings: RecordingsPage,
  notifications: NotificationsPage,
  camview: CamviewPage,
  console: ConsolePage,
  config: ConfigPage,
  utilization: UtilizationPage,
  plugins: PluginsPage,
  'settings-account': AccountSettingsPage,
  'settings-appearance': AppearanceSettingsPage,
  'settings-interface': InterfaceSettingsPage,
  'settings-user': UserSettingsPage,
  'settings-cameras': CamerasSettingsPage,
  'settings-recordings': RecordingsSettingsPage,
  'settings-notifications': NotificationsSettingsPage,
  'settings-rekognition': RekognitionSettingsPage,
  'settings-backup': BackupSettingsPage,
  'settings-system': SystemSettingsPage,
  'not-found': NotFoundPage,
};

const page = (key: keyof typeof PAGES): RouteObject => ({ path: ROUTES[key].path, Component: PAGES[key] });
const byChrome = (chrome: 'none' | 'full' | 'camview') =>
  (Object.keys(PAGES) as (keyof typeof PAGES)[]).filter((key) => ROUTES[key].chrome === chrome && !key.startsWith('settings-'));
const SETTINGS_CHILDREN = (Object.keys(PAGES) as (keyof typeof PAGES)[]).filter((key) => key.startsWith('settings-'));

/**
 * Routes grouped by chrome (spec §2). The root loader is the navigation guard; it runs again on every
 * navigation (shouldRevalidate) because each one re-checks the session.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    loader: navigationGuard,
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

export const router = createBrowserRouter(routes);
setNavigator((to) => void router.navigate(to, { replace: true }));
