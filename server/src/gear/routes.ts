import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dueChecks, GEAR_REPORT_MAX_BYTES, gearCheck, gearCheckBody, gearCheckUpdateBody, gearItem, gearItemBody, gearList, gearMessage, gearParams, gearRecordBody, gearReportFile } from '../../../contract/gear';
import { answers } from '../../../contract/http';
import { requireUser } from '../auth';
import { attachment, badRequest, HttpError } from '../http';
import type { Services } from '../services-types';
import { cleanReportName, REPORT_CONTENT_TYPES, sniffReport } from './report';
import * as gear from './service';

const TOO_LARGE = `The report is larger than ${GEAR_REPORT_MAX_BYTES / 1048576} MB.`;
const WRONG_TYPE = 'The report must be a PDF or a photo (JPEG, PNG or WebP).';

/** The one file of a report upload (field "file"), cut off at the size limit; its kind read from its bytes. */
async function uploadedReport(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Send the report as multipart/form-data in the field "file".');
  const part = await request.file({ throwFileSizeLimit: false });
  if (!part || part.fieldname !== 'file') throw badRequest('Send the report as multipart/form-data in the field "file".');
  const bytes = await part.toBuffer();
  if (part.file.truncated) throw new HttpError(413, TOO_LARGE);
  if (!bytes.length) throw badRequest('The report is empty.');
  const type = sniffReport(bytes);
  if (!type) throw badRequest(WRONG_TYPE);
  return { bytes, type, name: cleanReportName(part.filename) };
}

/** The pilot's gear (docs/career.md, "Gear"). */
export async function gearRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: GEAR_REPORT_MAX_BYTES, files: 1, fields: 5 } });

  r.get('/api/gear', { schema: { response: answers(gearList) } }, async (request) => gear.ownGear(services, requireUser(request).id));
  r.get('/api/gear/due', { schema: { response: answers(dueChecks) } }, async (request) => gear.dueChecks(services, requireUser(request).id));

  r.post('/api/gear', { schema: { body: gearItemBody, response: answers(gearItem, 201) } }, async (request, reply) =>
    reply.status(201).send(await gear.createItem(services, requireUser(request).id, request.body)),
  );
  r.put('/api/gear/:id', { schema: { params: gearParams, body: gearItemBody, response: answers(gearItem) } }, async (request) =>
    gear.updateItem(services, requireUser(request).id, request.params.id, request.body),
  );
  r.delete('/api/gear/:id', { schema: { params: gearParams, response: answers(gearMessage) } }, async (request) => gear.removeItem(services, requireUser(request).id, request.params.id));

  r.post('/api/gear/checks', { schema: { body: gearCheckBody, response: answers(gearCheck, 201) } }, async (request, reply) =>
    reply.status(201).send(await gear.createCheck(services, requireUser(request).id, request.body)),
  );
  r.put('/api/gear/checks/:id', { schema: { params: gearParams, body: gearCheckUpdateBody, response: answers(gearCheck) } }, async (request) =>
    gear.updateCheck(services, requireUser(request).id, request.params.id, request.body),
  );
  r.delete('/api/gear/checks/:id', { schema: { params: gearParams, response: answers(gearMessage) } }, async (request) => gear.removeCheck(services, requireUser(request).id, request.params.id));

  r.post('/api/gear/checks/:id/records', { schema: { params: gearParams, body: gearRecordBody, response: answers(gearCheck, 201) } }, async (request, reply) =>
    reply.status(201).send(await gear.addRecord(services, requireUser(request).id, request.params.id, request.body)),
  );
  r.delete('/api/gear/records/:id', { schema: { params: gearParams, response: answers(gearCheck) } }, async (request) => gear.removeRecord(services, requireUser(request).id, request.params.id));

  r.put('/api/gear/records/:id/report', { schema: { params: gearParams, response: answers(gearCheck) } }, async (request) => {
    const userId = requireUser(request).id;
    // Whose record it is is settled before the file is read: someone else's id reads nothing.
    await gear.requireOwnRecord(services, userId, request.params.id);
    return gear.attachReport(services, userId, request.params.id, await uploadedReport(request));
  });
  r.get('/api/gear/records/:id/report', { schema: { params: gearParams, response: answers(gearReportFile) } }, async (request, reply) => {
    const report = await gear.reportFile(services, requireUser(request).id, request.params.id);
    // Served as a download with its sniffed type only: never rendered as a page of this origin.
    return reply.type(REPORT_CONTENT_TYPES[report.type]).header('cache-control', 'private, no-store').header('content-disposition', attachment(report.name)).send(report.bytes);
  });
}
