import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Drawer } from './Drawer';

afterEach(cleanup);

describe('<Drawer>', () => {
  it('is a modal dialog named by its title, with the footer below the body; it is gone while closed', () => {
    const { rerender } = render(
      <Drawer open title="Filters" closeLabel="Close filters" onClose={() => undefined} footer={<button>Apply</button>} testId="d">
        <input data-testid="field" />
      </Drawer>,
    );
    const dialog = screen.getByTestId('d');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBe(dialog);
    expect(dialog.contains(document.activeElement)).toBe(true);
    const body = screen.getByTestId('field');
    expect(body.compareDocumentPosition(screen.getByText('Apply')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    rerender(
      <Drawer open={false} title="Filters" closeLabel="Close filters" onClose={() => undefined} testId="d">
        <input />
      </Drawer>,
    );
    expect(screen.queryByTestId('d')).toBeNull();
  });

  it('closes by its button, by Escape and by a click on the backdrop, not by a click inside the panel', () => {
    const onClose = vi.fn();
    render(
      <Drawer open title="Widgets" closeLabel="Close" onClose={onClose} testId="d">
        <p>inside</p>
      </Drawer>,
    );
    fireEvent.click(screen.getByText('inside'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent(screen.getByTestId('d'), new Event('cancel', { cancelable: true }));
    fireEvent.click(screen.getByTestId('d'));
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
