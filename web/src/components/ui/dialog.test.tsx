import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { Dialog } from './dialog';

function Harness({ onClose = vi.fn() }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      {open && (
        <Dialog
          title="Edit Company"
          description="Changes apply at once."
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <input aria-label="Name" />
          <button>Save</button>
          <button tabIndex={-1}>Not in the tab order</button>
        </Dialog>
      )}
    </>
  );
}

function open(onClose = vi.fn()) {
  render(<Harness onClose={onClose} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Edit Company' }), onClose };
}

describe('Dialog', () => {
  it('is a labelled, described modal shown while mounted', () => {
    const { dialog } = open();
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Changes apply at once.');
  });

  it('closes on Escape and on its close button', () => {
    const { dialog, onClose } = open();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab and Shift+Tab inside the dialog', () => {
    const { dialog } = open();
    const close = screen.getByRole('button', { name: 'Close dialog' });
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(save).toHaveFocus();
  });

  it('lets Tab move on normally between inner controls', () => {
    const { dialog } = open();
    const name = screen.getByRole('textbox', { name: 'Name' });
    name.focus();
    expect(fireEvent.keyDown(dialog, { key: 'Tab' })).toBe(true);
    expect(name).toHaveFocus();
  });

  it('gives focus back to the control that opened it', () => {
    const { opener } = open();
    screen.getByRole('button', { name: 'Save' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(opener).toHaveFocus();
  });
});
