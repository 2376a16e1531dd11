import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { IncidentFacts, IncidentReport } from '../../../../contract/incidents';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import IncidentsPage from '../IncidentsPage';
import NewIncidentPage from '../NewIncidentPage';
import SafetyPage from '../SafetyPage';

afterEach(() => jest.restoreAllMocks());

const facts = (over: Partial<IncidentFacts> = {}): IncidentFacts => ({
  flightId: 7,
  occurredAt: '2026-06-10T11:00:00.000Z',
  placeName: 'Fiesch',
  latitude: 46.41,
  longitude: 8.13,
  wingName: 'Ozone Rush 6 MS',
  wingClass: 'EN B',
  harness: null,
  reserve: null,
  altitude: 2200,
  conditions: { windSpeed: 18, windDirection: 250, climbNearby: 2.5, maxLift: 4.2, maxSink: -3.1, analysedPhase: null },
  phase: 'takeoff',
  ...over,
});
const report = (over: Partial<IncidentReport> = {}): IncidentReport => ({
  ...facts(),
  id: 3,
  createdAt: '2026-06-10T18:00:00.000Z',
  phase: 'thermalling',
  whatHappened: 'A 50% collapse on the left.',
  injuries: 'none',
  reserveThrown: false,
  cause: 'turbulence',
  causeNote: null,
  sharedAt: null,
  ...over,
});

test('a new report shows what the flight tells at the chosen moment and saves the pilot’s account', async () => {
  const user = userEvent.setup();
  const { calls } = mockApi({
    'GET /api/FlightDetail/7': { body: { id: 7, startTime: '2026-06-10T11:00:00.000Z', timeZone: 'UTC', flightTime: 3600 } },
    'GET /api/incidents/prefill': ({ query }) => ({ body: query.get('moment') ? facts({ occurredAt: query.get('moment'), altitude: 1750, phase: 'thermalling', conditions: { ...facts().conditions, analysedPhase: 'thermalling' } }) : facts() }),
    'POST /api/incidents': { status: 201, body: report() },
  });
  renderWithProviders(
    <Routes>
      <Route path="/incidents/new/:flightId" element={<NewIncidentPage />} />
      <Route path="/incidents" element={<p>Reports list</p>} />
    </Routes>,
    { route: '/incidents/new/7' },
  );
  expect(await screen.findByText('Fiesch')).toBeInTheDocument();
  expect(screen.getByText('Ozone Rush 6 MS, EN B')).toBeInTheDocument();
  expect(screen.getByText('2200 m')).toBeInTheDocument();
  expect(screen.getByText('18 km/h from 250°')).toBeInTheDocument();
  expect(screen.getByLabelText('Phase of flight')).toHaveValue('takeoff');

  const minutes = screen.getByLabelText('Moment of the incident (minutes after takeoff)');
  await user.clear(minutes);
  await user.type(minutes, '25');
  expect(await screen.findByText('1750 m')).toBeInTheDocument();
  expect(screen.getByLabelText('Phase of flight')).toHaveValue('thermalling');

  await user.type(screen.getByLabelText('What happened'), 'A 50% collapse on the left.');
  await user.selectOptions(screen.getByLabelText('Cause as you see it'), 'Turbulence');
  await user.type(screen.getByLabelText('Harness'), 'Advance Lightness 3');
  await user.click(screen.getByRole('button', { name: 'Save the report' }));
  expect(await screen.findByText('Reports list')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    flightId: 7,
    moment: '2026-06-10T11:25:00.000Z',
    phase: 'thermalling',
    whatHappened: 'A 50% collapse on the left.',
    injuries: 'none',
    reserveThrown: false,
    cause: 'turbulence',
    harness: 'Advance Lightness 3',
    reserve: null,
  });
});

test('the harness and reserve that flew the flight are filled in, and the pilot may clear one', async () => {
  const user = userEvent.setup();
  const { calls } = mockApi({
    'GET /api/FlightDetail/7': { body: { id: 7, startTime: '2026-06-10T11:00:00.000Z', timeZone: 'UTC', flightTime: 3600 } },
    'GET /api/incidents/prefill': { body: facts({ harness: 'Woody Valley GTO', reserve: 'Companion SQR 120' }) },
    'POST /api/incidents': { status: 201, body: report() },
  });
  renderWithProviders(
    <Routes>
      <Route path="/incidents/new/:flightId" element={<NewIncidentPage />} />
      <Route path="/incidents" element={<p>Reports list</p>} />
    </Routes>,
    { route: '/incidents/new/7' },
  );
  // The form is there before the flight's facts; the fields fill in when they arrive.
  await waitFor(() => expect(screen.getByLabelText('Harness')).toHaveValue('Woody Valley GTO'));
  expect(screen.getByLabelText('Reserve')).toHaveValue('Companion SQR 120');
  await user.clear(screen.getByLabelText('Reserve'));
  await user.type(screen.getByLabelText('What happened'), 'Hard landing in rotor.');
  await user.selectOptions(screen.getByLabelText('Cause as you see it'), 'Turbulence');
  await user.click(screen.getByRole('button', { name: 'Save the report' }));
  expect(await screen.findByText('Reports list')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ harness: 'Woody Valley GTO', reserve: '' });
});

test('the list shares a report without the name, offers PDF and JSON, and shows a safety officer the link to the shared reports', async () => {
  const user = userEvent.setup();
  const { calls } = mockApi({
    'GET /api/incidents': { body: { reports: [report()] } },
    'GET /api/roles/mine': { body: { roles: ['safety-officer'] } },
    'PUT /api/incidents/3/shared': { body: report({ sharedAt: '2026-06-11T08:00:00.000Z' }) },
  });
  renderWithProviders(<IncidentsPage />);
  const item = await screen.findByRole('region', { name: /Incident of/ });
  expect(within(item).getByText('Private.')).toBeInTheDocument();
  expect(within(item).getByRole('link', { name: 'PDF' })).toHaveAttribute('href', '/api/incidents/3/pdf');
  expect(within(item).getByRole('link', { name: 'JSON' })).toHaveAttribute('href', '/api/incidents/3/json');
  expect(screen.getByRole('link', { name: 'Shared reports and totals (safety officers)' })).toBeInTheDocument();
  await user.click(within(item).getByRole('button', { name: 'Share without my name' }));
  await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ shared: true }));
});

test('safety officers see totals and reports without names; others are told it is not for them', async () => {
  mockApi({
    'GET /api/safety/incidents': {
      body: {
        reports: [{ month: '2026-06', region: { latitude: 46.4, longitude: 8.1 }, wingClass: 'EN B', phase: 'thermalling', altitude: 1800, conditions: facts().conditions, whatHappened: 'A 50% collapse on the left.', injuries: 'none', reserveThrown: true, cause: 'turbulence', causeNote: null }],
        totals: { byCause: [{ value: 'turbulence', count: 1 }], byWingClass: [{ value: 'EN B', count: 1 }], byPhase: [{ value: 'thermalling', count: 1 }] },
      },
    },
  });
  const { unmount } = renderWithProviders(<SafetyPage />);
  expect(await screen.findByRole('heading', { name: 'Totals of 1 shared report' })).toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: 'By cause' })).getByRole('rowheader', { name: 'Turbulence' })).toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: 'By phase' })).getByRole('rowheader', { name: 'Thermalling' })).toBeInTheDocument();
  expect(screen.getByText(/2026-06 · EN B · Thermalling · Turbulence/)).toBeInTheDocument();
  unmount();
  jest.restoreAllMocks();
  mockApi({ 'GET /api/safety/incidents': { status: 403, body: { message: 'This is for safety officers only.' } } });
  renderWithProviders(<SafetyPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('This is for safety officers only.');
});
