import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, useConfirm } from './ConfirmDialog';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

afterEach(cleanup);

describe('useConfirm', () => {
  it('opens on ask, closes on cancel, and on confirm closes first and then runs the action', () => {
    const action = vi.fn();
    const { result } = renderHook(() => useConfirm(action));
    expect(result.current.dialog.open).toBe(false);
    act(() => result.current.ask());
    expect(result.current.dialog.open).toBe(true);
    act(() => result.current.dialog.onCancel());
    expect(result.current.dialog.open).toBe(false);
    expect(action).not.toHaveBeenCalled();

    act(() => result.current.ask());
    act(() => result.current.dialog.onConfirm());
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.dialog.open).toBe(false);
  });

  it('with stayOpen, stays open after confirm until the action closes it', () => {
    let done: () => void = () => undefined;
    const { result } = renderHook(() => useConfirm((close) => (done = close), { stayOpen: true }));
    act(() => result.current.ask());
    act(() => result.current.dialog.onConfirm());
    expect(result.current.dialog.open).toBe(true);
    act(() => done());
    expect(result.current.dialog.open).toBe(false);
  });
});

describe('<ConfirmDialog>', () => {
  it('says Cancel (common actions.cancel) unless told otherwise', () => {
    const onCancel = vi.fn();
    const { rerender } = render(<ConfirmDialog open title="Reset?" message="Sure" confirmLabel="Reset" onConfirm={() => undefined} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'actions.cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(<ConfirmDialog open title="Leave?" message="Unsaved" confirmLabel="Leave" cancelLabel="Stay" onConfirm={() => undefined} onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: 'Stay' })).toBeTruthy();
  });
});
