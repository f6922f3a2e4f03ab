import type { Permission, WidgetType } from '@homecam/shared';
import type { ComponentType } from 'react';
import type { z } from 'zod';

/** What a widget on the board receives. */
export interface WidgetProps<Settings> {
  /** The instance id (unique on the board). */
  id: string;
  settings: Settings;
  /** The board is locked: the widget should not offer editing affordances. */
  locked: boolean;
}

/** A widget's settings form, shown in the widget's settings dialog; `onChange` saves at once. */
export interface WidgetSettingsProps<Settings> {
  settings: Settings;
  onChange: (next: Settings) => void;
}

/**
 * One widget type of the dashboard (issue 8). The board (DashboardBoard) reads a registry of these: the drawer
 * lists the types the user may add, the grid renders `Component` inside a frame with the title, a settings
 * button (when `SettingsForm` exists) and a remove button. A widget whose data fails shows a translated error
 * inside itself (WidgetError), never throws to the board; the frame also has an error boundary.
 */
export interface WidgetDefinition<Settings extends Record<string, unknown> = Record<string, unknown>> {
  type: WidgetType;
  /** i18n key of the widget's name (namespace `widgets` or `dashboard`). */
  titleKey: string;
  /** Who may add and see it: any of these permissions (admin passes); absent = every dashboard user. */
  access?: readonly Permission[] | 'admin';
  /** Grid units (12 columns): default and minimum size. */
  size: { w: number; h: number; minW?: number; minH?: number };
  /**
   * The widget fills whatever height it is given (a picture, a chart, a scrolling log). Without it the board
   * grows the widget to its content, so nothing in it is ever cut off or hidden in an inner scroll area.
   */
  fills?: boolean;
  /** Validates the stored settings; what fails falls back to `defaults`. */
  settingsSchema: z.ZodType<Settings>;
  defaults: Settings;
  Component: ComponentType<WidgetProps<Settings>>;
  SettingsForm?: ComponentType<WidgetSettingsProps<Settings>>;
}

/**
 * A definition of any settings type, as the registry holds them: the board only passes each widget the settings
 * its own schema produced, so the settings type need not be known there.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of definitions with different settings types
export type AnyWidgetDefinition = WidgetDefinition<any>;
