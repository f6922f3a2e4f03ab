import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { Modal } from './Modal';

afterEach(cleanup);

function Nested({ onOuterClose, onConfirmCancel }: { onOuterClose: () => void; onConfirmCancel: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Modal open title="Outer" onClose={onOuterClose} testId="outer">
      <button onClick={() => setConfirming(true)}>ask</button>
      <ConfirmDialog
        open={confirming}
        title="Sure?"
        message="Really"
        confirmLabel="Yes"
        cancelLabel="No"
        onConfirm={() => undefined}
        onCancel={() => {
          onConfirmCancel();
          setConfirming(false);
        }}
      />
    </Modal>
  );
}

describe('<Modal>', () => {
  it('opens as a modal dialog, focuses its first field, locks page scroll and gives focus back on close', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { rerender } = render(
      <Modal open title="T" onClose={() => undefined} testId="m">
        <input data-testid="field" />
      </Modal>,
    );
    expect(screen.getByTestId('m').hasAttribute('open')).toBe(true);
    expect(document.activeElement).toBe(screen.getByTestId('field'));
    expect(document.documentElement.style.overflow).toBe('hidden');

    rerender(
      <Modal open={false} title="T" onClose={() => undefined} testId="m">
        <input />
      </Modal>,
    );
    expect(screen.queryByTestId('m')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('Escape (cancel on the topmost dialog) closes a nested confirm alone; the page stays locked until the last closes', () => {
    const outerClose = vi.fn();
    const confirmCancel = vi.fn();
    render(<Nested onOuterClose={outerClose} onConfirmCancel={confirmCancel} />);
    fireEvent.click(screen.getByText('ask'));
    const confirm = screen.getByTestId('confirm-dialog');
    // What the browser does on Escape: one cancel event, at the topmost modal dialog; it does not bubble.
    fireEvent.keyDown(document.activeElement ?? confirm, { key: 'Escape' });
    act(() => {
      confirm.dispatchEvent(new Event('cancel', { cancelable: true }));
    });

    expect(confirmCancel).toHaveBeenCalledTimes(1);
    expect(outerClose).not.toHaveBeenCalled();
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(screen.getByTestId('outer').hasAttribute('open')).toBe(true);
    expect(document.documentElement.style.overflow).toBe('hidden');
  });

  it('a click on the backdrop closes it, a click in the panel does not', () => {
    const close = vi.fn();
    render(
      <Modal open title="T" onClose={close} testId="m">
        <p>body</p>
      </Modal>,
    );
    fireEvent.click(screen.getByText('body'));
    expect(close).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('m'));
    expect(close).toHaveBeenCalledTimes(1);
  });
});
