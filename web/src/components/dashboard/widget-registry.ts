import type { AnyWidgetDefinition } from './widget-types';
import { cameraWidget } from './widgets/camera';
import { consoleWidget } from './widgets/console';
import { diskWidget } from './widgets/disk';
import { notificationsWidget } from './widgets/notifications';
import { recordingsWidget } from './widgets/recordings';
import { rssWidget } from './widgets/rss';
import { shortcutsWidget } from './widgets/shortcuts';
import { statusWidget } from './widgets/status';
import { timeWidget } from './widgets/time';
import { utilizationWidget } from './widgets/utilization';
import { weatherWidget } from './widgets/weather';

/**
 * Every widget the board offers, in the drawer's order. Adding one: import its `<type>Widget` from
 * ./widgets/<type> and add it to the list (one line each). A stored widget whose type is not listed here stays in
 * the stored layout but is not shown.
 */
export const WIDGET_REGISTRY: readonly AnyWidgetDefinition[] = [
  timeWidget,
  shortcutsWidget,
  cameraWidget,
  notificationsWidget,
  recordingsWidget,
  weatherWidget,
  rssWidget,
  diskWidget,
  statusWidget,
  consoleWidget,
  utilizationWidget,
];
