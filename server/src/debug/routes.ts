import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';

/** /api routes of the debug area. */
export async function debugRoutes(app: FastifyInstance, services: Services) {
  void app;
  void services;
}
