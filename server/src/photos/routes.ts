import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../contract/http';
import { PHOTO_MAX_BYTES, PHOTOS_PER_FLIGHT, photo, photoImage, photoParams, photoPatchBody, photos, photoUploadAnswer, photoUploadRefused } from '../../../contract/sharing';
import { idParams } from '../../../contract/uploads';
import { requireUser } from '../auth';
import { badRequest, HttpError } from '../http';
import type { Services } from '../services-types';
import { refusal } from './image';
import { addPhotos, listPhotos, ownPhotoImage, removePhoto, setPositionHidden, type IncomingPhoto } from './service';

/**
 * The files of a multipart upload, read one at a time when asked for. A file over PHOTO_MAX_BYTES
 * is cut off at the limit (the rest of it is discarded as it arrives, never held) and comes as refused.
 */
async function* uploadedPhotos(request: FastifyRequest): AsyncGenerator<IncomingPhoto> {
  if (!request.isMultipart()) throw badRequest('Send the photos as multipart/form-data in the field "files".');
  try {
    for await (const part of request.files({ throwFileSizeLimit: false })) {
      if (part.fieldname !== 'files') {
        part.file.resume();
        continue;
      }
      // Busboy stops handing over a file's bytes at the limit and skips the rest of it.
      const bytes = await part.toBuffer();
      if (part.file.truncated) {
        yield { filename: part.filename, refused: refusal('too-large') };
        continue;
      }
      yield { filename: part.filename, bytes };
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw new HttpError(413, `Upload at most ${PHOTOS_PER_FLIGHT} photos at once.`);
    throw err;
  }
}

/** Re-encoded photos never change under their id: the browser may keep them (and only the browser). */
const sendImage = (reply: FastifyReply, id: number, bytes: Buffer) =>
  reply.type('image/jpeg').header('cache-control', 'private, max-age=31536000, immutable').header('content-disposition', `inline; filename="photo-${id}.jpg"`).send(bytes);

/** Photos on a flight's track. */
export async function photosRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: PHOTOS_PER_FLIGHT, fields: 10 } });

  r.post('/api/FlightDetail/:id/photos', { schema: { params: idParams, response: { ...answers(photoUploadAnswer, 201), 400: photoUploadRefused } } }, async (request, reply) =>
    reply.status(201).send(await addPhotos(services, requireUser(request).id, request.params.id, uploadedPhotos(request))),
  );

  r.get('/api/FlightDetail/:id/photos', { schema: { params: idParams, response: answers(photos) } }, async (request) =>
    listPhotos(services, requireUser(request).id, request.params.id),
  );

  r.get('/api/photos/:id', { schema: { params: photoParams, response: answers(photoImage) } }, async (request, reply) =>
    sendImage(reply, request.params.id, await ownPhotoImage(services, requireUser(request).id, request.params.id, 'display')),
  );

  r.get('/api/photos/:id/thumb', { schema: { params: photoParams, response: answers(photoImage) } }, async (request, reply) =>
    sendImage(reply, request.params.id, await ownPhotoImage(services, requireUser(request).id, request.params.id, 'thumb')),
  );

  r.patch('/api/photos/:id', { schema: { params: photoParams, body: photoPatchBody, response: answers(photo) } }, async (request) =>
    setPositionHidden(services, requireUser(request).id, request.params.id, request.body.positionHidden),
  );

  r.delete('/api/photos/:id', { schema: { params: photoParams, response: answers(photos) } }, async (request) =>
    removePhoto(services, requireUser(request).id, request.params.id),
  );
}
