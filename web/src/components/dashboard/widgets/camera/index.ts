import type { WidgetDefinition } from '../../widget-types';
import { CAMERA_WIDGET_DEFAULTS, cameraWidgetSettingsSchema, type CameraWidgetSettings } from './camera-settings';
import { CameraSettingsForm, CameraWidget } from './CameraWidget';

export const cameraWidget: WidgetDefinition<CameraWidgetSettings> = {
  type: 'camera',
  titleKey: 'widgets:camera.title',
  access: ['cameras:access'],
  size: { w: 6, h: 7, minW: 3, minH: 4 },
  fills: true,
  settingsSchema: cameraWidgetSettingsSchema,
  defaults: CAMERA_WIDGET_DEFAULTS,
  Component: CameraWidget,
  SettingsForm: CameraSettingsForm,
};
