import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../contract/http';
import { newSite, site, siteMergeBody, siteParams, siteRenameBody, sites } from '../../../contract/sites';
import { requireUser } from '../auth';
import type { Services } from '../services-types';
import { sitesService } from './service';

/** The pilot's launch and landing sites. */
export async function sitesRoutes(app: FastifyInstance, services: Services) {
  const service = sitesService(services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/sites', { schema: { response: answers(sites) } }, async (request) => service.list(requireUser(request).id));

  r.post('/api/sites', { schema: { body: newSite, response: answers(site, 201) } }, async (request, reply) =>
    reply.status(201).send(await service.create(requireUser(request).id, request.body)),
  );

  r.put('/api/sites/:id', { schema: { params: siteParams, body: siteRenameBody, response: answers(site) } }, async (request) =>
    service.rename(requireUser(request).id, request.params.id, request.body.name),
  );

  r.post('/api/sites/:id/merge', { schema: { params: siteParams, body: siteMergeBody, response: answers(site) } }, async (request) =>
    service.merge(requireUser(request).id, request.params.id, request.body.intoSiteId),
  );
}
