import type { ComponentType, SVGProps } from 'react';
import type { RouteKey } from '../../routing/route-table';
import {
  ActivityIcon,
  CameraIcon,
  CamviewIcon,
  ConfigIcon,
  ConsoleIcon,
  DashboardIcon,
  InboxIcon,
  PluginIcon,
  RecordingsIcon,
  SettingsIcon,
} from '../ui/icons';
import { HistoryIcon } from '../ui/playback-icons';

/** The icon of each sidebar entry. */
export const NAV_ICONS: Partial<Record<RouteKey, ComponentType<SVGProps<SVGSVGElement>>>> = {
  dashboard: DashboardIcon,
  cameras: CameraIcon,
  recordings: RecordingsIcon,
  history: HistoryIcon,
  notifications: InboxIcon,
  camview: CamviewIcon,
  console: ConsoleIcon,
  config: ConfigIcon,
  utilization: ActivityIcon,
  plugins: PluginIcon,
  settings: SettingsIcon,
};
