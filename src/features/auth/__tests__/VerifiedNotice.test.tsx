import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { VerifiedNotice } from '../VerifiedNotice';

describe('VerifiedNotice', () => {
  it('tells a signed-in pilot who opened the link that the address is verified', () => {
    renderWithProviders(<VerifiedNotice />, { route: '/dashboard?verified=true' });
    expect(screen.getByRole('status')).toHaveTextContent('Your email has been verified.');
  });

  it('says a second click found the address already verified, and nothing without the flag', () => {
    const { unmount } = renderWithProviders(<VerifiedNotice />, { route: '/dashboard?verified=already' });
    expect(screen.getByRole('status')).toHaveTextContent('already verified');
    unmount();
    renderWithProviders(<VerifiedNotice />, { route: '/dashboard' });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
