import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';

/** /api routes of the uploads area. */
export async function uploadsRoutes(app: FastifyInstance, services: Services) {
  void app;
  void services;
}
