import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, errorResponses } from '../../../contract/http';
import { photoImage, publicFlight, publicPageBody, publicPageState, publicPhotoParams, publicPilot, shareBody, shareLink, shareState, shareTokenParams, trackDownloadBody, trackDownloadState, trackFileBytes, usernameParams } from '../../../contract/sharing';
import { featuresQuery, flightFeatures, idParams } from '../../../contract/uploads';
import { requireUser } from '../auth';
import { attachment, publicAnswerHeaders } from '../http';
import type { Services } from '../services-types';
import { sharingService } from './service';

const PUBLIC = { config: { public: true, publicRateLimit: true }, onRequest: publicAnswerHeaders };

/** Share links of a flight, the reads they open without a session, and the opt-in pilot page. */
export async function sharingRoutes(app: FastifyInstance, services: Services) {
  const sharing = sharingService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/FlightDetail/:id/share', { schema: { params: idParams, body: shareBody, response: { 200: shareLink, 201: shareLink, ...errorResponses } } }, async (request, reply) => {
    const { link, created } = await sharing.share(requireUser(request).id, request.params.id, request.body);
    return reply.status(created ? 201 : 200).send(link);
  });

  r.get('/api/FlightDetail/:id/share', { schema: { params: idParams, response: answers(shareState) } }, async (request) =>
    sharing.state(requireUser(request).id, request.params.id),
  );

  r.delete('/api/FlightDetail/:id/share', { schema: { params: idParams, response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    await sharing.revoke(requireUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });

  r.get('/api/public/flights/:token', { ...PUBLIC, schema: { params: shareTokenParams, response: answers(publicFlight) } }, async (request) =>
    sharing.publicFlight(request.params.token),
  );

  r.get('/api/public/flights/:token/features', { ...PUBLIC, schema: { params: shareTokenParams, querystring: featuresQuery, response: answers(flightFeatures) } }, async (request) =>
    sharing.publicFeatures(request.params.token, request.query.lowRes === 'true'),
  );

  for (const kind of ['display', 'thumb'] as const) {
    const url = kind === 'display' ? '/api/public/flights/:token/photos/:photoId' : '/api/public/flights/:token/photos/:photoId/thumb';
    r.get(url, { ...PUBLIC, schema: { params: publicPhotoParams, response: answers(photoImage) } }, async (request, reply) => {
      const bytes = await sharing.publicPhoto(request.params.token, request.params.photoId, kind);
      return reply.type('image/jpeg').send(bytes);
    });
  }

  r.get('/api/FlightDetail/:id/track-download', { schema: { params: idParams, response: answers(trackDownloadState) } }, async (request) =>
    sharing.trackDownloadState(requireUser(request).id, request.params.id),
  );

  r.put('/api/FlightDetail/:id/track-download', { schema: { params: idParams, body: trackDownloadBody, response: answers(trackDownloadState) } }, async (request) =>
    sharing.setTrackDownload(requireUser(request).id, request.params.id, request.body.allowed),
  );

  // A public flight's track for visitors, when its pilot allows it (docs/sharing.md); counted in the public budget.
  for (const format of ['gpx', 'igc'] as const) {
    r.get(`/api/public/flights/:token/track.${format}`, { ...PUBLIC, schema: { params: shareTokenParams, response: answers(trackFileBytes) } }, async (request, reply) => {
      const { filename, bytes } = await sharing.publicTrack(request.params.token, format);
      return reply.type(format === 'gpx' ? 'application/gpx+xml; charset=utf-8' : 'application/octet-stream').header('content-disposition', attachment(filename)).send(bytes);
    });
  }

  r.get('/api/profile/public', { schema: { response: answers(publicPageState) } }, async (request) => sharing.publicPageState(requireUser(request).id));

  r.put('/api/profile/public', { schema: { body: publicPageBody, response: answers(publicPageState) } }, async (request) =>
    sharing.setPublicPage(requireUser(request).id, request.body.enabled),
  );

  r.get('/api/public/pilots/:username', { ...PUBLIC, schema: { params: usernameParams, response: answers(publicPilot) } }, async (request) =>
    sharing.publicPilot(request.params.username),
  );
}
