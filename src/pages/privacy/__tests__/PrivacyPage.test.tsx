import { screen } from '@testing-library/react';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

afterEach(() => jest.restoreAllMocks());

test('the privacy page says what is stored, who sees it, and links to export and delete', async () => {
  mockApi({ 'GET /api/config': { body: { devLogin: false, googleLogin: false } }, 'GET /api/auth/session': { body: { user: null } } });
  renderApp({ route: '/de/privacy' });
  expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(4);
  expect(screen.getByRole('link', { name: /Daten|Data/ })).toHaveAttribute('href', '/de/data');
  expect(screen.getByRole('link', { name: /Profil|profile/ })).toHaveAttribute('href', '/de/profile');
});
