import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { renderWithProviders } from '../../testing/render';
import { Modal } from '../Modal';

function Opener({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal title="Dialog" onClose={() => setOpen(false)}>
          {children}
        </Modal>
      )}
      <button type="button">After</button>
    </>
  );
}

test('the focus goes to the first control on open, skips disabled ones, goes round at both ends and returns to the opener on close', async () => {
  const user = userEvent.setup();
  renderWithProviders(
    <Opener>
      <fieldset disabled>
        <input aria-label="Off" />
      </fieldset>
      <input aria-label="First" />
      <button type="button" disabled>
        Disabled
      </button>
      <button type="button">Last</button>
    </Opener>,
  );
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const first = screen.getByRole('textbox', { name: 'First' });
  const last = screen.getByRole('button', { name: 'Last' });
  expect(first).toHaveFocus();
  await user.tab({ shift: true });
  expect(last).toHaveFocus();
  await user.tab();
  expect(first).toHaveFocus();

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
});

test('a dialog with nothing to focus holds the focus itself', async () => {
  const user = userEvent.setup();
  renderWithProviders(
    <Opener>
      <p>Loading</p>
    </Opener>,
  );
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = screen.getByRole('dialog', { name: 'Dialog' });
  expect(dialog).toHaveFocus();
  await user.tab();
  expect(dialog).toHaveFocus();
  await user.tab({ shift: true });
  expect(dialog).toHaveFocus();
});
