import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileDownload } from '../../../contract/exports';
import { answers } from '../../../contract/http';
import { taskFilesPage, taskFilesQuery, taskParams, uploadResponse, uploadTasks, uploadTasksQuery } from '../../../contract/uploads';
import { requireUser } from '../auth';
import { attachment, badRequest, HttpError } from '../http';
import type { Services } from '../services-types';
import { EXTENSION_MESSAGE, extractPart, isAcceptedUpload, UploadBudget, type ExtractedFile } from './extract';
import { uploadsService } from './service';
import { UploadSpool } from './spool';

/** Uploading IGC files and archives, and the list of upload tasks (docs/product.md §4). */
export async function uploadsRoutes(app: FastifyInstance, services: Services) {
  const { limits } = services.config;
  const uploads = uploadsService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: limits.uploadMaxBytes, files: limits.uploadMaxFiles, fields: 10 } });

  r.post('/api/FlightDetail/upload', { schema: { response: answers(uploadResponse) } }, async (request) => {
    const user = requireUser(request);
    if (!request.isMultipart()) throw badRequest('Send the files as multipart/form-data in the field "files".');
    const budget = new UploadBudget(limits);
    const extracted: ExtractedFile[] = [];
    const names: string[] = [];
    let totalSize = 0;
    const fileTooLarge = () => new HttpError(413, `A file is larger than ${Math.round(limits.uploadMaxBytes / 1048576)} MB.`);
    // Each part streams to disk, then its IGC files are kept there one at a time: memory holds one IGC file.
    const spool = await UploadSpool.create(services.config.dataDir);
    try {
      try {
        for await (const part of request.files()) {
          if (!isAcceptedUpload(part.filename)) {
            part.file.resume();
            throw badRequest(EXTENSION_MESSAGE);
          }
          const path = spool.partPath(names.length);
          const written = createWriteStream(path);
          await pipeline(part.file, written);
          if (part.file.truncated) throw fileTooLarge();
          totalSize += written.bytesWritten;
          if (totalSize > limits.uploadMaxBytes) throw new HttpError(413, `The upload is larger than ${Math.round(limits.uploadMaxBytes / 1048576)} MB.`);
          names.push(part.filename);
          extracted.push(...(await extractPart(part.filename, path, written.bytesWritten, budget, (bytes) => spool.keep(bytes), () => spool.scratchPath())));
          await rm(path);
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
        if (code === 'FST_FILES_LIMIT') throw new HttpError(413, `Upload at most ${limits.uploadMaxFiles} files at once.`);
        throw err;
      }
      if (!names.length) throw badRequest('Choose at least one file to upload.');
      // The task's name is shown as stored in every language: the count of the other files without English words.
      const label = names.length === 1 ? names[0]! : `${names[0]} +${names.length - 1}`;
      return await uploads.store(user.id, label, totalSize, extracted, spool);
    } finally {
      await spool.remove();
    }
  });

  r.get('/api/uploadtasks', { schema: { querystring: uploadTasksQuery, response: answers(uploadTasks) } }, async (request) =>
    uploads.tasks(requireUser(request).id, request.query.withFiles !== 'false'),
  );

  r.get('/api/uploadtasks/:id/ledger.csv', { schema: { params: taskParams, response: answers(fileDownload) } }, async (request, reply) => {
    const text = await uploads.ledgerCsv(requireUser(request).id, request.params.id);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(`upload-${request.params.id}-files.csv`)).header('cache-control', 'no-store').send(text);
  });

  r.get('/api/uploadtasks/:id/files', { schema: { params: taskParams, querystring: taskFilesQuery, response: answers(taskFilesPage) } }, async (request) =>
    uploads.taskFiles(requireUser(request).id, request.params.id, request.query),
  );
}
