import { z } from 'zod';

export const cameraWidgetSettingsSchema = z.object({
  /** Camera name; empty: the first camera of the list. */
  camera: z.string().max(200),
  mode: z.enum(['live', 'snapshot']),
  /** Seconds between snapshot refreshes. */
  refreshSeconds: z.number().int().min(2).max(3600),
});
export type CameraWidgetSettings = z.infer<typeof cameraWidgetSettingsSchema>;

export const CAMERA_WIDGET_DEFAULTS: CameraWidgetSettings = { camera: '', mode: 'snapshot', refreshSeconds: 10 };
