import type { AnyWidgetDefinition } from './widget-types';
import { cameraWidget } from './widgets/camera';
import { notificationsWidget } from './widgets/notifications';
import { recordingsWidget } from './widgets/recordings';
import { shortcutsWidget } from './widgets/shortcuts';
import { timeWidget } from './widgets/time';

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
];
