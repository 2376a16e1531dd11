import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render';
import { FlightToolbar } from '../FlightToolbar';

function renderBar() {
  renderWithProviders(
    <FlightToolbar
      share={<button type="button">Share</button>}
      tools={<button type="button">GPX</button>}
      navigation={
        <>
          <button type="button">Previous</button>
          <button type="button">Next</button>
        </>
      }
    />,
  );
}

describe('the flight page toolbar', () => {
  it('groups navigation, sharing and export under names a screen reader announces', () => {
    renderBar();
    expect(within(screen.getByRole('group', { name: 'Go to another flight' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Previous', 'Next']);
    expect(within(screen.getByRole('group', { name: 'Share' })).getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Compare, download and report' })).getByRole('button', { name: 'GPX' })).toBeInTheDocument();
  });

  it('opens and closes the folded groups from "More" (a phone), and Escape gives the focus back to it', async () => {
    renderBar();
    // jsdom applies no media query: "More" keeps its wide-screen display: none here, so it is found by its words.
    const more = screen.getByText('More').closest('button')!;
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(more.getAttribute('aria-controls')!)).toContainElement(screen.getByRole('button', { name: 'GPX' }));
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'GPX' }));
    await userEvent.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
  });
});
