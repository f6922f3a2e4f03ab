import { z } from 'zod';
import type { WidgetDefinition } from '../../widget-types';
import { StatusWidget } from './StatusWidget';

/** Uptime/Status: version, uptime, cameras online (GET /api/system/status, every dashboard user). */
export const statusWidget: WidgetDefinition = {
  type: 'status',
  titleKey: 'system:widgets.statusTitle',
  size: { w: 3, h: 2, minW: 2, minH: 2 },
  settingsSchema: z.record(z.string(), z.unknown()),
  defaults: {},
  Component: StatusWidget,
};
