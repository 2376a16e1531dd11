import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileDownload } from '../../../contract/exports';
import { answers } from '../../../contract/http';
import { idParams } from '../../../contract/uploads';
import { requireUser } from '../auth';
import { attachment } from '../http';
import type { Services } from '../services-types';
import * as exportFiles from './service';

/** The pilot's data to take away: logbook CSV, original files, one track as GPX or KML. */
export async function exportsRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/export/flights.csv', { schema: { response: answers(fileDownload) } }, async (request, reply) => {
    const { filename, bytes } = await exportFiles.logbookCsvFile(services, requireUser(request).id);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(filename)).header('cache-control', 'no-store').send(bytes);
  });

  r.get('/api/export/igc.zip', { schema: { response: answers(fileDownload) } }, async (request, reply) => {
    const { filename, stream } = await exportFiles.originalsZip(services, requireUser(request).id);
    return reply.type('application/zip').header('content-disposition', attachment(filename)).header('cache-control', 'no-store').send(stream);
  });

  r.get('/api/FlightDetail/:id/gpx', { schema: { params: idParams, response: answers(fileDownload) } }, async (request, reply) => {
    const { filename, text } = await exportFiles.trackFile(services, requireUser(request).id, request.params.id, 'gpx');
    return reply.type('application/gpx+xml; charset=utf-8').header('content-disposition', attachment(filename)).send(text);
  });

  r.get('/api/FlightDetail/:id/kml', { schema: { params: idParams, response: answers(fileDownload) } }, async (request, reply) => {
    const { filename, text } = await exportFiles.trackFile(services, requireUser(request).id, request.params.id, 'kml');
    return reply.type('application/vnd.google-earth.kml+xml; charset=utf-8').header('content-disposition', attachment(filename)).send(text);
  });
}
