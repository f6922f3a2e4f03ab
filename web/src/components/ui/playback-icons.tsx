import { Icon, type IconProps } from './icons';

/** Icons of the recorded-footage player, the timeline and exports (24×24, currentColor). */
export const HistoryIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 12a9 9 0 1 0 3-6.7" />
    <path d="M3 4v4h4" />
    <path d="M12 7v5l3 2" />
  </Icon>
);
export const FrameBackIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 5v14" />
    <path d="M18 6l-8 6 8 6z" />
  </Icon>
);
export const FrameForwardIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M17 5v14" />
    <path d="M6 6l8 6-8 6z" />
  </Icon>
);
export const PreviousEventIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 5v14" />
    <path d="M19 6l-7 6 7 6" />
    <path d="M13 6l-7 6 7 6" />
  </Icon>
);
export const NextEventIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M19 5v14" />
    <path d="M5 6l7 6-7 6" />
    <path d="M11 6l7 6-7 6" />
  </Icon>
);
export const LiveIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="2" />
    <path d="M7.8 7.8a6 6 0 0 0 0 8.4M16.2 7.8a6 6 0 0 1 0 8.4" />
    <path d="M5 5a10 10 0 0 0 0 14M19 5a10 10 0 0 1 0 14" />
  </Icon>
);
export const ZoomInIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="M21 21l-5-5M8 11h6M11 8v6" />
  </Icon>
);
export const ZoomOutIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="M21 21l-5-5M8 11h6" />
  </Icon>
);
export const PanLeftIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15 6l-6 6 6 6" />
  </Icon>
);
export const PanRightIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 6l6 6-6 6" />
  </Icon>
);
export const DownloadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4v11M7 10l5 5 5-5" />
    <path d="M5 20h14" />
  </Icon>
);
export const ExportIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h3M17 7h3M4 17h3M17 17h3" />
    <rect x="7" y="4" width="10" height="16" rx="1" />
    <path d="M11 10l3 2-3 2z" />
  </Icon>
);
