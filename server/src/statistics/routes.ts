import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';

/** /api routes of the statistics area. */
export async function statisticsRoutes(app: FastifyInstance, services: Services) {
  void app;
  void services;
}
