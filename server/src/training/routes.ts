import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileDownload } from '../../../contract/exports';
import { answers, errorResponses } from '../../../contract/http';
import { codeParams, declineBody, exercise, exerciseBody, exercises, idParams, instructorRequests, publicTrainingLog, signBody, trainingLog, trainingRequestBody, verificationCode } from '../../../contract/training';
import { requireUser } from '../auth';
import { attachment, publicAnswerHeaders } from '../http';
import type { Services } from '../services-types';
import * as training from './service';

const PUBLIC = { config: { public: true, publicRateLimit: true }, onRequest: publicAnswerHeaders };
const noContent = { 204: z.null(), ...errorResponses };

/** The training log (docs/career.md, "Training log"): students ask, instructors sign, anyone with the code verifies. */
export async function trainingRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/training/exercises', { schema: { response: answers(exercises) } }, async (request) => {
    requireUser(request);
    return training.trainingExercises(services);
  });
  r.post('/api/training/exercises', { schema: { body: exerciseBody, response: answers(exercise, 201) } }, async (request, reply) =>
    reply.status(201).send(await training.addExercise(services, requireUser(request).id, request.body.name)),
  );
  r.delete('/api/training/exercises/:id', { schema: { params: idParams, response: noContent } }, async (request, reply) => {
    await training.retireExercise(services, requireUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });

  r.get('/api/training/log', { schema: { response: answers(trainingLog) } }, async (request) => training.trainingLog(services, requireUser(request).id));
  r.get('/api/training/log.pdf', { schema: { response: answers(fileDownload) } }, async (request, reply) => {
    const { filename, bytes } = await training.trainingLogPdf(services, requireUser(request).id);
    return reply.type('application/pdf').header('content-disposition', attachment(filename)).header('cache-control', 'no-store').send(bytes);
  });
  r.post('/api/training/code', { schema: { response: answers(verificationCode) } }, async (request) => training.renewCode(services, requireUser(request).id));

  r.post('/api/training/requests', { schema: { body: trainingRequestBody, response: answers(z.object({ id: z.number() }), 201) } }, async (request, reply) =>
    reply.status(201).send(await training.requestSignature(services, requireUser(request).id, request.body)),
  );
  r.get('/api/training/requests', { schema: { response: answers(instructorRequests) } }, async (request) => training.incomingRequests(services, requireUser(request).id));
  r.post('/api/training/requests/:id/sign', { schema: { params: idParams, body: signBody, response: noContent } }, async (request, reply) => {
    await training.signRequest(services, requireUser(request).id, request.params.id, request.body.comment);
    return reply.status(204).send(null);
  });
  r.post('/api/training/requests/:id/decline', { schema: { params: idParams, body: declineBody, response: noContent } }, async (request, reply) => {
    await training.declineRequest(services, requireUser(request).id, request.params.id, request.body.comment);
    return reply.status(204).send(null);
  });

  r.get('/api/public/training/:code', { ...PUBLIC, schema: { params: codeParams, response: answers(publicTrainingLog) } }, async (request) => training.publicTrainingLog(services, request.params.code));
}
