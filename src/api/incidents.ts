import type { IncidentBody, IncidentFacts, IncidentReport, IncidentReports, SafetyOverview } from '../../contract/incidents';
import { api } from './base';

/** Where a report downloads from (links: the browser saves the file). */
export const INCIDENT_URLS = {
  incidentPdf: (id: number) => `/api/incidents/${id}/pdf`,
  incidentJson: (id: number) => `/api/incidents/${id}/json`,
} as const;

/** Incident reports (docs/career.md, "Incident reports"): the pilot's own, and what safety officers see. */
export const incidentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    incidents: build.query<IncidentReports, void>({ query: () => '/incidents', providesTags: [{ type: 'Incidents', id: 'MINE' }] }),
    incident: build.query<IncidentReport, number>({ query: (id) => `/incidents/${id}`, providesTags: (_r, _e, id) => [{ type: 'Incidents', id }] }),
    incidentPrefill: build.query<IncidentFacts, { flightId: number; moment?: string }>({
      query: ({ flightId, moment }) => ({ url: '/incidents/prefill', params: moment ? { flightId, moment } : { flightId } }),
    }),
    createIncident: build.mutation<IncidentReport, IncidentBody>({
      query: (body) => ({ url: '/incidents', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Incidents', id: 'MINE' }]),
    }),
    deleteIncident: build.mutation<unknown, number>({
      query: (id) => ({ url: `/incidents/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Incidents', id: 'MINE' }]),
    }),
    shareIncident: build.mutation<IncidentReport, { id: number; shared: boolean }>({
      query: ({ id, shared }) => ({ url: `/incidents/${id}/shared`, method: 'PUT', body: { shared } }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Incidents', id: 'MINE' }, { type: 'Incidents', id }, { type: 'Incidents', id: 'SAFETY' }]),
    }),
    safetyOverview: build.query<SafetyOverview, void>({ query: () => '/safety/incidents', providesTags: [{ type: 'Incidents', id: 'SAFETY' }] }),
  }),
});

export const { useIncidentsQuery, useIncidentQuery, useIncidentPrefillQuery, useCreateIncidentMutation, useDeleteIncidentMutation, useShareIncidentMutation, useSafetyOverviewQuery } = incidentsApi;
