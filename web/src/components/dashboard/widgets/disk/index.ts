import { z } from 'zod';
import type { WidgetDefinition } from '../../widget-types';
import { DiskWidget } from './DiskWidget';

/** Disk space: the recordings file system's free space and the recordings' size (GET /api/system/disk). */
export const diskWidget: WidgetDefinition = {
  type: 'disk',
  titleKey: 'system:widgets.diskTitle',
  size: { w: 3, h: 2, minW: 2, minH: 2 },
  settingsSchema: z.record(z.string(), z.unknown()),
  defaults: {},
  Component: DiskWidget,
};
