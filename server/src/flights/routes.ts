import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';

/** /api routes of the flights area. */
export async function flightsRoutes(app: FastifyInstance, services: Services) {
  void app;
  void services;
}
