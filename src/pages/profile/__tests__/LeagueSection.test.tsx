import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCORING_RULE_NAMES, SCORING_RULES } from '../../../../contract/scoring';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

const user = { id: 1, email: 'anna@example.com', username: 'anna', displayName: 'Anna', role: 'User', preferredLanguage: 'en', emailVerified: '2024-01-01T00:00:00Z', authProvider: 'local', profilePictureUrl: null };

afterEach(() => jest.restoreAllMocks());

test('offers every league by its proper name; a change shows the re-scoring progress until it ends, then lists are fetched again', async () => {
  let progress: { total: number; done: number } | null = null;
  let rules = 'XContest';
  const api = mockApi({
    'GET /api/auth/check': { body: { user } },
    'GET /api/auth/profile': { body: { user } },
    'GET /api/profile/scoring': () => {
      const answer = { scoringRules: rules, rescoring: progress };
      if (progress) progress = progress.done + 2 >= progress.total ? null : { ...progress, done: progress.done + 2 };
      return { body: answer };
    },
    'PUT /api/profile/scoring': ({ body }) => {
      rules = (body as { scoringRules: string }).scoringRules;
      progress = { total: 4, done: 0 };
      return { body: { scoringRules: rules, rescoring: progress } };
    },
  });
  renderApp({ route: '/profile' });
  const select = await screen.findByRole('combobox', { name: 'League rules your flights are scored under' });
  await waitFor(() => expect(select).toHaveValue('XContest'));
  expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(SCORING_RULES.map((r) => SCORING_RULE_NAMES[r]));

  await userEvent.selectOptions(select, 'FFVL');
  expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ scoringRules: 'FFVL' });
  expect(await screen.findByText('Scoring rules changed to FFVL CFD.')).toBeInTheDocument();
  expect(screen.getByTestId('rescoring')).toHaveTextContent('Re-scoring your flights: 0 of 4');
  expect(screen.getByRole('progressbar', { name: 'Re-scoring your flights: 0 of 4' })).toHaveAttribute('max', '4');
  await waitFor(() => expect(screen.queryByTestId('rescoring')).not.toBeInTheDocument(), { timeout: 8000 });
  expect(select).toHaveValue('FFVL');
}, 15_000);

test('a refused change shows the server message and keeps the league', async () => {
  mockApi({
    'GET /api/auth/check': { body: { user } },
    'GET /api/auth/profile': { body: { user } },
    'GET /api/profile/scoring': { body: { scoringRules: 'XContest', rescoring: null } },
    'PUT /api/profile/scoring': { status: 400, body: { message: 'Scoring rules must be one of XContest, FFVL.' } },
  });
  renderApp({ route: '/profile' });
  const select = await screen.findByRole('combobox', { name: 'League rules your flights are scored under' });
  await waitFor(() => expect(select).toHaveValue('XContest'));
  await userEvent.selectOptions(select, 'FAI');
  expect(await screen.findByText('Scoring rules must be one of XContest, FFVL.')).toBeInTheDocument();
  expect(select).toHaveValue('XContest');
});
