import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardWidget } from '@homecam/shared';
import { Button } from '../ui/Button';
import { CloseIcon, SettingsIcon } from '../ui/icons';
import { MoveIcon } from '../ui/media-icons';
import { Modal } from '../ui/Modal';
import { resolveSettings } from '../../lib/dashboard-layout';
import { useContentHeight } from './use-content-height';
import { WidgetBoundary } from './WidgetBoundary';
import type { AnyWidgetDefinition } from './widget-types';

export interface WidgetFrameProps {
  widget: DashboardWidget;
  definition: AnyWidgetDefinition;
  locked: boolean;
  /** Whether the grid lets it move (false on a phone). */
  movable: boolean;
  onRemove: () => void;
  onSettings: (settings: Record<string, unknown>) => void;
  /** The height the frame needs for all of its content (widgets that do not fill their space); the grid grows it. */
  onContentHeight?: (px: number) => void;
}

/** The frame around one widget: drag handle, title, settings and remove buttons, and the widget in an error boundary. */
export function WidgetFrame({ widget, definition, locked, movable, onRemove, onSettings, onContentHeight }: WidgetFrameProps) {
  const { t } = useTranslation(['widgets', 'dashboard']);
  const [editing, setEditing] = useState(false);
  const frameRef = useRef<HTMLElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const fills = definition.fills === true;
  useContentHeight(frameRef, bodyRef, contentRef, fills ? undefined : onContentHeight);
  const title = t(definition.titleKey);
  const settings = resolveSettings<Record<string, unknown>>(definition, widget.settings);
  const { Component, SettingsForm } = definition;
  const iconButton = 'rounded p-1 text-foreground-muted hover:bg-muted hover:text-foreground';
  return (
    <section
      ref={frameRef}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-border bg-surface-raised shadow-panel"
      aria-label={title}
      data-testid={`widget-${widget.id}`}
      data-widget-type={widget.type}
      data-grid-x={widget.x}
      data-grid-y={widget.y}
      data-grid-w={widget.w}
      data-grid-h={widget.h}
      data-fit={fills ? 'fill' : 'content'}
    >
      <header className="flex items-center gap-1 border-b border-border px-2 py-1">
        {movable && !locked ? (
          <span className={`widget-drag-handle cursor-move touch-none ${iconButton}`} aria-hidden="true" data-testid="widget-drag-handle">
            <MoveIcon width={16} height={16} />
          </span>
        ) : null}
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-foreground">{title}</h2>
        {SettingsForm ? (
          <button type="button" className={iconButton} onClick={() => setEditing(true)} aria-label={t('dashboard:frame.settings', { title })} data-testid="widget-settings">
            <SettingsIcon width={16} height={16} />
          </button>
        ) : null}
        {locked ? null : (
          <button type="button" className={iconButton} onClick={onRemove} aria-label={t('dashboard:frame.remove', { title })} data-testid="widget-remove">
            <CloseIcon width={16} height={16} />
          </button>
        )}
      </header>
      <div ref={bodyRef} className="min-h-0 flex-1 overflow-auto p-2">
        <WidgetBoundary>
          {fills ? (
            <Component id={widget.id} settings={settings} locked={locked} />
          ) : (
            // Its natural height, measured: the board makes room for all of it.
            <div ref={contentRef}>
              <Component id={widget.id} settings={settings} locked={locked} />
            </div>
          )}
        </WidgetBoundary>
      </div>
      {SettingsForm ? (
        <Modal
          open={editing}
          title={t('dashboard:frame.settingsTitle', { title })}
          onClose={() => setEditing(false)}
          testId="widget-settings-dialog"
          footer={<Button onClick={() => setEditing(false)} data-testid="widget-settings-done">{t('dashboard:frame.done')}</Button>}
        >
          <WidgetBoundary>
            <SettingsForm settings={settings} onChange={(next: Record<string, unknown>) => onSettings(next)} />
          </WidgetBoundary>
        </Modal>
      ) : null}
    </section>
  );
}
