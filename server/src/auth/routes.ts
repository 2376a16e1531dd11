import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';

/** /api routes of the auth area. */
export async function authRoutes(app: FastifyInstance, services: Services) {
  void app;
  void services;
}
