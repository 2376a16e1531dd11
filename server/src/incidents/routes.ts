import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileDownload } from '../../../contract/exports';
import { answers, errorResponses } from '../../../contract/http';
import { incidentBody, incidentFacts, incidentReport, incidentReports, prefillQuery, safetyOverview, shareIncidentBody } from '../../../contract/incidents';
import { idParams } from '../../../contract/training';
import { requireUser } from '../auth';
import { attachment } from '../http';
import type { Services } from '../services-types';
import * as incidents from './service';

/** Incident reports (docs/career.md, "Incident reports"): the pilot's own, private until shared; safety officers read shared ones without identity. */
export async function incidentsRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/incidents', { schema: { response: answers(incidentReports) } }, async (request) => incidents.listIncidents(services, requireUser(request).id));
  r.get('/api/incidents/prefill', { schema: { querystring: prefillQuery, response: answers(incidentFacts) } }, async (request) =>
    incidents.incidentFacts(services, requireUser(request).id, request.query.flightId, request.query.moment),
  );
  r.post('/api/incidents', { schema: { body: incidentBody, response: answers(incidentReport, 201) } }, async (request, reply) =>
    reply.status(201).send(await incidents.createIncident(services, requireUser(request).id, request.body)),
  );
  r.get('/api/incidents/:id', { schema: { params: idParams, response: answers(incidentReport) } }, async (request) => incidents.incident(services, requireUser(request).id, request.params.id));
  r.delete('/api/incidents/:id', { schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    await incidents.removeIncident(services, requireUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });
  r.put('/api/incidents/:id/shared', { schema: { params: idParams, body: shareIncidentBody, response: answers(incidentReport) } }, async (request) =>
    incidents.shareIncident(services, requireUser(request).id, request.params.id, request.body.shared),
  );
  r.get('/api/incidents/:id/pdf', { schema: { params: idParams, response: answers(fileDownload) } }, async (request, reply) => {
    const { filename, bytes } = await incidents.incidentPdf(services, requireUser(request).id, request.params.id);
    return reply.type('application/pdf').header('content-disposition', attachment(filename)).header('cache-control', 'no-store').send(bytes);
  });
  r.get('/api/incidents/:id/json', { schema: { params: idParams, response: answers(fileDownload) } }, async (request, reply) => {
    const { filename, text } = await incidents.incidentJson(services, requireUser(request).id, request.params.id);
    return reply.type('application/json; charset=utf-8').header('content-disposition', attachment(filename)).header('cache-control', 'no-store').send(text);
  });

  r.get('/api/safety/incidents', { schema: { response: answers(safetyOverview) } }, async (request) => incidents.safetyOverview(services, requireUser(request).id));
}
