import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, answers } from '../../../contract/http';
import { myRoles, roleHolders, setRoleBody } from '../../../contract/roles';
import { requireAdmin, requireUser } from '../auth';
import type { Services } from '../services-types';
import * as roles from './service';

/** Roles (docs/career.md, "Roles"): a pilot reads their own; admins list and set them. */
export async function rolesRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/roles/mine', { schema: { response: answers(myRoles) } }, async (request) => roles.myRoles(services, requireUser(request).id));

  r.get('/api/admin/roles', { schema: { response: answers(roleHolders) } }, async (request) => {
    requireAdmin(request);
    return roles.roleHolders(services);
  });

  r.put('/api/admin/roles', { schema: { body: setRoleBody, response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    requireAdmin(request);
    await roles.setRole(services, request.body);
    return reply.status(204).send(null);
  });
}
