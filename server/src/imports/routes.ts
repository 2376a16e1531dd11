import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CSV_IMPORT_MAX_BYTES, csvImportAnswer } from '../../../contract/exports';
import { answers } from '../../../contract/http';
import { requireUser } from '../auth';
import { badRequest, HttpError } from '../http';
import type { Services } from '../services-types';
import { importsService } from './service';

const tooLarge = () => new HttpError(413, `The CSV file is larger than ${CSV_IMPORT_MAX_BYTES / 1048576} MB.`);

/** Import of a logbook CSV (ours, Logfly's, flugbuech's) as flights without a track. */
export async function importsRoutes(app: FastifyInstance, services: Services) {
  const imports = importsService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: CSV_IMPORT_MAX_BYTES, files: 1, fields: 5 } });

  r.post('/api/import/csv', { schema: { response: answers(csvImportAnswer) } }, async (request) => {
    const user = requireUser(request);
    if (!request.isMultipart()) throw badRequest('Send the CSV file as multipart/form-data.');
    let bytes: Buffer;
    try {
      const part = await request.file();
      if (!part) throw badRequest('Choose a CSV file to import.');
      bytes = await part.toBuffer();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      if (code === 'FST_FILES_LIMIT') throw badRequest('Import one CSV file at a time.');
      throw err;
    }
    return imports.importCsv(user.id, bytes);
  });
}
