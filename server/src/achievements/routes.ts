import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';

/** /api routes of the achievements area. */
export async function achievementsRoutes(app: FastifyInstance, services: Services) {
  void app;
  void services;
}
