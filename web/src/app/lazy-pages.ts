import type { ComponentType } from 'react';
import type { RouteKey } from '../routing/route-table';

/**
 * Every screen but the login page is its own script chunk, loaded when a route first needs it: the first
 * visit downloads the shell and the login form only. One import per line so Vite sees each one statically.
 */
export type LazyPageKey = Exclude<RouteKey, 'settings' | 'login' | 'not-found'>;

export const LAZY_PAGES: Record<LazyPageKey, () => Promise<ComponentType>> = {
  start: () => import('../pages/StartPage').then((m) => m.StartPage),
  enrol: () => import('../pages/EnrolPage').then((m) => m.EnrolPage),
  dashboard: () => import('../pages/DashboardPage').then((m) => m.DashboardPage),
  cameras: () => import('../pages/CamerasPage').then((m) => m.CamerasPage),
  camera: () => import('../pages/CameraPage').then((m) => m.CameraPage),
  'camera-feed': () => import('../pages/CameraFeedPage').then((m) => m.CameraFeedPage),
  recordings: () => import('../pages/RecordingsPage').then((m) => m.RecordingsPage),
  history: () => import('../pages/HistoryPage').then((m) => m.HistoryPage),
  notifications: () => import('../pages/NotificationsPage').then((m) => m.NotificationsPage),
  camview: () => import('../pages/CamviewPage').then((m) => m.CamviewPage),
  console: () => import('../pages/ConsolePage').then((m) => m.ConsolePage),
  config: () => import('../pages/ConfigPage').then((m) => m.ConfigPage),
  utilization: () => import('../pages/UtilizationPage').then((m) => m.UtilizationPage),
  plugins: () => import('../pages/PluginsPage').then((m) => m.PluginsPage),
  'settings-account': () => import('../pages/AccountSettingsPage').then((m) => m.AccountSettingsPage),
  'settings-appearance': () => import('../pages/AppearanceSettingsPage').then((m) => m.AppearanceSettingsPage),
  'settings-interface': () => import('../pages/InterfaceSettingsPage').then((m) => m.InterfaceSettingsPage),
  'settings-user': () => import('../pages/UserSettingsPage').then((m) => m.UserSettingsPage),
  'settings-cameras': () => import('../pages/CamerasSettingsPage').then((m) => m.CamerasSettingsPage),
  'settings-recordings': () => import('../pages/RecordingsSettingsPage').then((m) => m.RecordingsSettingsPage),
  'settings-notifications': () => import('../pages/NotificationsSettingsPage').then((m) => m.NotificationsSettingsPage),
  'settings-rekognition': () => import('../pages/RekognitionSettingsPage').then((m) => m.RekognitionSettingsPage),
  'settings-backup': () => import('../pages/BackupSettingsPage').then((m) => m.BackupSettingsPage),
  'settings-system': () => import('../pages/SystemSettingsPage').then((m) => m.SystemSettingsPage),
};
