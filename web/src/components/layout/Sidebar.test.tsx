import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../ui/Modal';
import { Sidebar } from './Sidebar';

// The sidebar's content needs the session, the UI config query and the PWA stores; its Escape handling does not.
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('../../hooks/use-permissions', () => ({ useRouteAccess: () => () => true }));
vi.mock('../../hooks/use-ui-config', () => ({ useUiConfig: () => ({ version: '1.0.0' }) }));
vi.mock('./ProfileMenu', () => ({ ProfileMenu: () => null }));
vi.mock('./InstallAppButton', () => ({ InstallAppButton: () => null }));
vi.mock('./SidebarNavItem', () => ({ SidebarNavItem: () => null }));

afterEach(cleanup);

function SidebarWithDialog({ onSidebarClose, dialog }: { onSidebarClose: () => void; dialog: boolean }) {
  const [dialogOpen, setDialogOpen] = useState(dialog);
  return (
    <MemoryRouter>
      <Sidebar open onClose={onSidebarClose} />
      <Modal open={dialogOpen} title="Above" onClose={() => setDialogOpen(false)} testId="above">
        <button>inside</button>
      </Modal>
    </MemoryRouter>
  );
}

describe('<Sidebar> (open, as a drawer)', () => {
  it('Escape closes the dialog above it first, and only then the sidebar', () => {
    const sidebarClose = vi.fn();
    render(<SidebarWithDialog onSidebarClose={sidebarClose} dialog />);
    const dialog = screen.getByTestId('above');

    // What the browser does on Escape: keydown at the focused element (bubbling to the document), then `cancel`
    // at the topmost modal dialog.
    fireEvent.keyDown(screen.getByText('inside'), { key: 'Escape' });
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByTestId('above')).toBeNull();
    expect(sidebarClose).not.toHaveBeenCalled();

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(sidebarClose).toHaveBeenCalledTimes(1);
  });

  it('Escape closes it when it is the topmost layer; other keys and a handled Escape do not', () => {
    const sidebarClose = vi.fn();
    render(<SidebarWithDialog onSidebarClose={sidebarClose} dialog={false} />);
    expect(screen.getByTestId('sidebar').dataset.state).toBe('open');
    fireEvent.keyDown(document.body, { key: 'Enter' });
    const handled = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    handled.preventDefault();
    act(() => {
      document.body.dispatchEvent(handled);
    });
    expect(sidebarClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(sidebarClose).toHaveBeenCalledTimes(1);
  });
});
