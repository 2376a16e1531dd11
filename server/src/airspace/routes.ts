import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activationBody, airspaceFileAdded, airspaceFileChanges, airspaceFileFields, airspaceFileParams, airspaceFiles, airspaceQuery, airspaceShapes, clearanceBody, flightAirspace, infringementParams } from '../../../contract/airspace';
import { answers, errorResponses } from '../../../contract/http';
import { z } from 'zod';
import { idParams } from '../../../contract/uploads';
import { requireUser } from '../auth';
import { badRequest, HttpError } from '../http';
import type { Services } from '../services-types';
import { airspaceService } from './service';

/** An OpenAir file of a whole country is a few hundred kilobytes; ten megabytes is not airspace. */
export const AIRSPACE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Reads the multipart form: the OpenAir text in `file` (if sent), then the fields as the schema reads them. */
async function readForm<T>(request: FastifyRequest, schema: z.ZodType<T>): Promise<{ fields: T; bytes: Buffer | undefined }> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data in the field "file", with name, validFrom, validTo and scope.');
  const raw: Record<string, string> = {};
  let bytes: Buffer | undefined;
  for await (const part of request.parts({ limits: { fileSize: AIRSPACE_FILE_MAX_BYTES } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || bytes) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
      if (part.file.truncated) throw new HttpError(413, `The airspace file is larger than ${AIRSPACE_FILE_MAX_BYTES / 1024 / 1024} MB.`);
    } else if (typeof part.value === 'string') raw[part.fieldname] = part.value;
  }
  // A form sent with no file chosen carries an empty part: no file.
  if (bytes?.length === 0) bytes = undefined;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Check the fields.');
  return { fields: parsed.data, bytes };
}

/** Airspace files, each flight's check and clearances, and the shapes for the map (docs/airspace.md). */
export async function airspaceRoutes(app: FastifyInstance, services: Services) {
  const service = airspaceService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: AIRSPACE_FILE_MAX_BYTES, files: 1, fields: 10 } });

  r.get('/api/airspace/files', { schema: { response: answers(airspaceFiles) } }, async (request) => service.files(requireUser(request)));

  r.post('/api/airspace/files', { schema: { response: answers(airspaceFileAdded, 201) } }, async (request, reply) => {
    const user = requireUser(request);
    const { fields, bytes } = await readForm(request, airspaceFileFields);
    if (!bytes) throw badRequest('Choose an OpenAir file (field "file").');
    return reply.status(201).send(await service.addFile(user, fields, bytes));
  });

  r.put('/api/airspace/files/:id', { schema: { params: airspaceFileParams, response: answers(airspaceFileAdded) } }, async (request) => {
    return service.replaceFile(requireUser(request), request.params.id, () => readForm(request, airspaceFileChanges));
  });

  r.delete('/api/airspace/files/:id', { schema: { params: airspaceFileParams, response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    await service.deleteFile(requireUser(request), request.params.id);
    return reply.status(204).send(null);
  });

  r.get('/api/airspace', { schema: { querystring: airspaceQuery, response: answers(airspaceShapes) } }, async (request) =>
    service.shapes(requireUser(request).id, request.query.bbox, request.query.date),
  );

  r.get('/api/FlightDetail/:id/airspace', { schema: { params: idParams, response: answers(flightAirspace) } }, async (request) =>
    service.flight(requireUser(request).id, request.params.id),
  );

  r.put('/api/FlightDetail/:id/airspace/:index', { schema: { params: infringementParams, body: clearanceBody, response: answers(flightAirspace) } }, async (request) =>
    service.setClearance(requireUser(request).id, request.params.id, request.params.index, request.body),
  );

  r.put('/api/FlightDetail/:id/airspace/:index/activation', { schema: { params: infringementParams, body: activationBody, response: answers(flightAirspace) } }, async (request) =>
    service.setNotActive(requireUser(request).id, request.params.id, request.params.index, request.body),
  );
}
