import { screen, within } from '@testing-library/react';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

afterEach(() => jest.restoreAllMocks());

test('promises Google sign-in only when it is configured, and every footer link leads somewhere real', async () => {
  mockApi({ 'GET /api/config': { body: { devLogin: false, googleLogin: false } }, 'GET /api/auth/session': { body: { user: null } } });
  renderApp({ route: '/' });
  expect(await screen.findByText('Register with your email address.')).toBeInTheDocument();
  expect(screen.queryByText(/Google/)).not.toBeInTheDocument();
  const footer = screen.getByRole('navigation', { name: 'Footer' });
  const links = within(footer).getAllByRole('link');
  expect(links.map((a) => a.textContent)).toEqual(['Features', 'How it works', 'Thermal map', 'Privacy']);
  for (const link of links) {
    const href = link.getAttribute('href')!;
    if (href.startsWith('#')) expect(document.getElementById(href.slice(1))).not.toBeNull();
    else expect(['/thermals/public', '/privacy']).toContain(href);
  }
});

test('with Google configured the home page says so', async () => {
  mockApi({ 'GET /api/config': { body: { devLogin: false, googleLogin: true } }, 'GET /api/auth/session': { body: { user: null } } });
  renderApp({ route: '/' });
  expect(await screen.findByText('Register with your email or sign in with Google.')).toBeInTheDocument();
});

test('the Community card says what the community is, not only achievements', async () => {
  mockApi({ 'GET /api/config': { body: { devLogin: false, googleLogin: false } }, 'GET /api/auth/session': { body: { user: null } } });
  renderApp({ route: '/' });
  const card = (await screen.findByRole('heading', { name: 'Community' })).parentElement!;
  for (const word of [/who flew/, /follow pilots/, /rankings/, /club/, /thermals/, /Only the flights you make public/]) expect(card).toHaveTextContent(word);
});
