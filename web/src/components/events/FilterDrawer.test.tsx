import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTERS } from '../../lib/event-filters';
import { Modal } from '../ui/Modal';
import { FilterDrawer } from './FilterDrawer';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

afterEach(cleanup);

/** What the browser does on Escape: keydown at the focused element, then `cancel` at the topmost modal dialog only. */
function pressEscape(topmost: HTMLElement) {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
  act(() => {
    topmost.dispatchEvent(new Event('cancel', { cancelable: true }));
  });
}

function DrawerWithDialogAbove({ onDrawerClose }: { onDrawerClose: () => void }) {
  const [dialogOpen, setDialogOpen] = useState(true);
  return (
    <>
      <FilterDrawer
        open
        filters={EMPTY_FILTERS}
        cameras={[{ value: 'door', label: 'Door' }]}
        rooms={[]}
        types={[]}
        labels={[]}
        onApply={() => undefined}
        onClose={onDrawerClose}
      />
      <Modal open={dialogOpen} title="Above" onClose={() => setDialogOpen(false)} testId="above">
        <button>inside</button>
      </Modal>
    </>
  );
}

describe('<FilterDrawer>', () => {
  it('Escape closes only the topmost layer: a dialog opened above the drawer first, then the drawer', () => {
    const drawerClose = vi.fn();
    render(<DrawerWithDialogAbove onDrawerClose={drawerClose} />);
    expect(document.activeElement).toBe(screen.getByText('inside'));

    pressEscape(screen.getByTestId('above'));
    expect(screen.queryByTestId('above')).toBeNull();
    expect(drawerClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('events-filter-drawer').hasAttribute('open')).toBe(true);

    pressEscape(screen.getByTestId('events-filter-drawer'));
    expect(drawerClose).toHaveBeenCalledTimes(1);
  });

  it('is a modal dialog: a backdrop click closes it, a click in the panel does not, and focus goes back to the opener', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const close = vi.fn();
    const props = { filters: EMPTY_FILTERS, cameras: [], rooms: [], types: [], labels: [], onApply: () => undefined, onClose: close };
    const { rerender } = render(<FilterDrawer open {...props} />);
    const drawer = screen.getByTestId('events-filter-drawer');
    expect(drawer.tagName).toBe('DIALOG');
    expect(drawer.hasAttribute('open')).toBe(true);
    expect(drawer.contains(document.activeElement)).toBe(true);

    fireEvent.click(screen.getByText('events:filters.title'));
    expect(close).not.toHaveBeenCalled();
    fireEvent.click(drawer);
    expect(close).toHaveBeenCalledTimes(1);

    rerender(<FilterDrawer open={false} {...props} />);
    expect(screen.queryByTestId('events-filter-drawer')).toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
