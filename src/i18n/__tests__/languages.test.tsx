import { i18n } from '@lingui/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyStatistics, mockApi } from '../../testing/mock-api';
import { renderApp } from '../../testing/render';
import { LANGUAGE_COOKIE, resolveLanguage, stripLanguage } from '../languages';

const pilot = { id: 1, email: 'anna@example.com', username: 'anna', displayName: null, role: 'User', preferredLanguage: 'en', emailVerified: true, authProvider: 'local' };

afterEach(() => {
  jest.restoreAllMocks();
  document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/`;
});

test('resolution order: address prefix, stored preference, cookie, browser, English', () => {
  expect(resolveLanguage({ path: '/sl/login', preferred: 'de' })).toBe('sl');
  expect(resolveLanguage({ path: '/login', preferred: 'de', browser: ['fr-FR'] })).toBe('de');
  document.cookie = `${LANGUAGE_COOKIE}=it; Path=/`;
  expect(resolveLanguage({ path: '/login', preferred: null, browser: ['fr-FR'] })).toBe('it');
  document.cookie = `${LANGUAGE_COOKIE}=xx; Path=/`;
  expect(resolveLanguage({ preferred: 'klingon', browser: ['pt-BR', 'cs-CZ'] })).toBe('cs');
  expect(resolveLanguage({ browser: ['pt-BR'] })).toBe('en');
  expect(stripLanguage('/fr/flight/3')).toBe('/flight/3');
  expect(stripLanguage('/fr')).toBe('/');
  expect(stripLanguage('/dashboard')).toBe('/dashboard');
});

test('switching language keeps it in the cookie and, for a signed-in pilot, on the server', async () => {
  const api = mockApi({ ...emptyStatistics, 'GET /api/auth/check': { body: { user: pilot } }, 'POST /api/auth/set-language': { body: { message: 'ok', language: 'de' } } });
  const { router } = renderApp({ route: '/fr/statistics' });
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'de');
  await waitFor(() => expect(router.state.location.pathname).toBe('/de/statistics'));
  await waitFor(() => expect(i18n.locale).toBe('de'));
  expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=de`);
  await waitFor(() => expect(api.calls.find((c) => c.path === '/api/auth/set-language')?.body).toEqual({ language: 'de' }));
});

test('a signed-out visitor switches language without calling the server', async () => {
  const api = mockApi({ 'GET /api/config': { body: {} } });
  const { router } = renderApp({ route: '/login' });
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'sl');
  await waitFor(() => expect(i18n.locale).toBe('sl'));
  expect(router.state.location.pathname).toBe('/login');
  expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=sl`);
  expect(api.calls.some((c) => c.path === '/api/auth/set-language')).toBe(false);
});
