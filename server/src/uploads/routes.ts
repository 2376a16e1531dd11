import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { promisify } from 'node:util';
import { gunzip as gunzipCb } from 'node:zlib';
import { featuresQuery, idParams, includeDeletedQuery } from '../../../contract/uploads';
import { requireUser } from '../auth/sessions';
import type { Db } from '../db';
import { badRequest, HttpError, notFound } from '../http/errors';
import type { Services } from '../services';
import { ACCEPTED, EXTENSION_MESSAGE, extractPart, UploadBudget, type ExtractedFile } from './extract';
import { ingestUpload } from './ingest';

/** A pilot's flight, or the same 404 whether it is missing, someone else's or removed. */
export async function ownFlight(db: Db, userId: number, id: number, includeDeleted = false) {
  const flight = await db.selectFrom('flights').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  const removed = flight && flight.removalReason && flight.removalDate;
  if (!flight || (removed && !includeDeleted)) throw notFound('Flight not found.');
  return flight;
}

async function storedTrack(db: Db, flightId: number) {
  return db.selectFrom('flightTracks').selectAll().where('flightId', '=', flightId).executeTakeFirst();
}
const gunzip = promisify(gunzipCb);
const unpack = async (b: Buffer) => JSON.parse((await gunzip(b)).toString('utf8'));

export async function uploadsRoutes(app: FastifyInstance, services: Services) {
  const { db } = services.database;
  const { limits } = services.config;
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: limits.uploadMaxBytes, files: limits.uploadMaxFiles, fields: 10 } });

  r.post('/api/FlightDetail/upload', async (request) => {
    const user = requireUser(request);
    if (!request.isMultipart()) throw badRequest('Send the files as multipart/form-data in the field "files".');
    const budget = new UploadBudget(limits);
    const extracted: ExtractedFile[] = [];
    const names: string[] = [];
    let totalSize = 0;
    try {
      for await (const part of request.files()) {
        if (!ACCEPTED.test(part.filename)) {
          part.file.resume();
          throw badRequest(EXTENSION_MESSAGE);
        }
        const buffer = await part.toBuffer();
        totalSize += buffer.length;
        if (totalSize > limits.uploadMaxBytes) throw new HttpError(413, `The upload is larger than ${Math.round(limits.uploadMaxBytes / 1048576)} MB.`);
        names.push(part.filename);
        extracted.push(...(await extractPart(part.filename, buffer, budget)));
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `A file is larger than ${Math.round(limits.uploadMaxBytes / 1048576)} MB.`);
      if (code === 'FST_FILES_LIMIT') throw new HttpError(413, `Upload at most ${limits.uploadMaxFiles} files at once.`);
      throw err;
    }
    if (!names.length) throw badRequest('Choose at least one file to upload.');
    const label = names.length === 1 ? names[0]! : `${names[0]} (+${names.length - 1} more)`;
    return ingestUpload(services.ingest, user.id, label, totalSize, extracted);
  });

  r.get('/api/uploadtasks', async (request) => {
    const user = requireUser(request);
    const tasks = await db.selectFrom('uploadTasks').selectAll().where('userId', '=', user.id).orderBy('uploadDate', 'desc').orderBy('id', 'desc').limit(200).execute();
    if (!tasks.length) return [];
    const taskIds = tasks.map((t) => t.id);
    const files = await db
      .selectFrom('igcFiles')
      .select(['id', 'uploadTaskId', 'originalFilename', 'fileSize', 'status', 'reason'])
      .where('uploadTaskId', 'in', taskIds)
      .orderBy('id')
      .execute();
    const flights = files.length
      ? await db
          .selectFrom('flights')
          .select(['id', 'igcFileId', 'removalReason', 'removalDate'])
          .where('igcFileId', 'in', files.map((f) => f.id))
          .orderBy('segmentIndex')
          .execute()
      : [];
    return tasks.map(({ userId: _u, ...task }) => ({
      ...task,
      igcFiles: files
        .filter((f) => f.uploadTaskId === task.id)
        .map(({ uploadTaskId: _t, ...f }) => ({
          ...f,
          flightDetails: flights
            .filter((fl) => fl.igcFileId === f.id)
            .map((fl) => ({ id: fl.id, isRemoved: !!(fl.removalReason && fl.removalDate), removalReason: fl.removalReason })),
        })),
    }));
  });

  r.get('/api/FlightDetail/:id/status', { schema: { params: idParams } }, async (request) => {
    const flight = await ownFlight(db, requireUser(request).id, request.params.id, true);
    return { status: flight.status };
  });

  r.get('/api/FlightDetail/:id/features', { schema: { params: idParams, querystring: featuresQuery } }, async (request) => {
    const flight = await ownFlight(db, requireUser(request).id, request.params.id);
    const track = await storedTrack(db, flight.id);
    if (!track) return [];
    const points = await unpack(request.query.lowRes === 'true' ? track.pathLowRes : track.path);
    return [{ type: 'flight', id: 'flight', geometry: { type: 'LineString', points } }, ...(await unpack(track.features))];
  });

  r.get('/api/FlightDetail/:id/path', { schema: { params: idParams, querystring: includeDeletedQuery } }, async (request) => {
    const flight = await ownFlight(db, requireUser(request).id, request.params.id, request.query.includeDeleted === 'true');
    const track = await storedTrack(db, flight.id);
    return { path: track ? await unpack(track.path) : [] };
  });

  r.get('/api/FlightDetail/:id/igc', { schema: { params: idParams } }, async (request, reply) => {
    const flight = await ownFlight(db, requireUser(request).id, request.params.id, true);
    const file = await db.selectFrom('igcFiles').select(['originalFilename', 'content']).where('id', '=', flight.igcFileId).executeTakeFirst();
    if (!file?.content) throw notFound('The original file is not available.');
    const name = file.originalFilename.split(/[\\/]/).pop() || 'flight.igc';
    return reply
      .type('application/octet-stream')
      .header('content-disposition', `attachment; filename="${name.replace(/[^\w.\- ]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(await gunzip(file.content));
  });
}
