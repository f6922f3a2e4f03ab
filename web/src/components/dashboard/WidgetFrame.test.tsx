import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { DashboardWidget } from '@homecam/shared';
import type { AnyWidgetDefinition, WidgetProps } from './widget-types';
import { WidgetFrame } from './WidgetFrame';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
afterEach(cleanup);

const widget: DashboardWidget = { id: 'w1', type: 'time', x: 2, y: 3, w: 4, h: 4, settings: { size: 'huge' } };

function frame(Component: AnyWidgetDefinition['Component'], locked = false) {
  const definition: AnyWidgetDefinition = {
    type: 'time',
    titleKey: 'widgets:time.title',
    size: { w: 4, h: 4 },
    settingsSchema: z.object({ size: z.enum(['small', 'large']) }),
    defaults: { size: 'small' },
    Component,
    SettingsForm: () => null,
  };
  return render(<WidgetFrame widget={widget} definition={definition} locked={locked} movable onRemove={() => undefined} onSettings={() => undefined} />);
}

describe('<WidgetFrame>', () => {
  it('a widget that throws shows the translated widget error, not a blank board', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    frame(() => {
      throw new Error('boom');
    });
    expect(screen.getByTestId('widget-error').textContent).toContain('dashboard:error.failed');
    expect(screen.getByText('widgets:time.title')).toBeTruthy();
  });

  it('bad stored settings reach the widget as the defaults; exposes its grid position', () => {
    frame(({ settings }: WidgetProps<{ size: string }>) => <p data-testid="size">{settings.size}</p>);
    expect(screen.getByTestId('size').textContent).toBe('small');
    expect(screen.getByTestId('widget-w1').getAttribute('data-grid-x')).toBe('2');
    expect(screen.getByTestId('widget-w1').getAttribute('data-grid-y')).toBe('3');
  });

  it('locked: no remove button and no drag handle; the settings stay', () => {
    frame(() => null, true);
    expect(screen.queryByTestId('widget-remove')).toBeNull();
    expect(screen.queryByTestId('widget-drag-handle')).toBeNull();
    expect(screen.getByTestId('widget-settings')).toBeTruthy();
  });
});
