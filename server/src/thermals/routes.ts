import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileDownload } from '../../../contract/exports';
import { answers } from '../../../contract/http';
import { thermalMap, thermalsQuery } from '../../../contract/thermals';
import { attachment } from '../http';
import type { Services } from '../services-types';
import { publicAnswerHeaders } from '../http';
import * as thermals from './service';

/** Public flights' maps need no session; scope=mine answers 401 without one (the service checks). Never cached. */
const OPEN = { config: { public: true, publicRateLimit: true }, onRequest: publicAnswerHeaders };

/** Thermal maps and their hotspots as waypoint files (docs/thermal-maps.md). */
export async function thermalsRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/thermals', { ...OPEN, schema: { querystring: thermalsQuery, response: answers(thermalMap) } }, async (request) => thermals.thermalMap(services, request.query, request.user?.id));

  r.get('/api/thermals.cup', { ...OPEN, schema: { querystring: thermalsQuery, response: answers(fileDownload) } }, async (request, reply) => {
    const { filename, text } = await thermals.hotspotsCupFile(services, request.query, request.user?.id);
    return reply.type('text/plain; charset=utf-8').header('content-disposition', attachment(filename)).send(text);
  });

  r.get('/api/thermals.kml', { ...OPEN, schema: { querystring: thermalsQuery, response: answers(fileDownload) } }, async (request, reply) => {
    const { filename, text } = await thermals.hotspotsKmlFile(services, request.query, request.user?.id);
    return reply.type('application/vnd.google-earth.kml+xml; charset=utf-8').header('content-disposition', attachment(filename)).send(text);
  });
}
