import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adjacentQuery,
  byMonthQuery,
  byYearQuery,
  includeDeletedFlagQuery,
  markedOnlyQuery,
  removalDateBody,
  removalReasonBody,
  REMOVAL_REASONS,
} from '../../../contract/flights';
import { idParams } from '../../../contract/uploads';
import { requireUser } from '../auth/sessions';
import { nowIso } from '../db';
import { badRequest, notFound } from '../http/errors';
import type { Services } from '../services';
import { ownFlight } from '../uploads/routes';
import { DETAIL_COLUMNS, marked, pilotFlights, SUMMARY_COLUMNS, visible } from './repository';

const pick = <T extends object, K extends keyof T>(row: T, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>;

export async function flightsRoutes(app: FastifyInstance, services: Services) {
  const { db } = services.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = async (userId: number) => {
    for (const hook of services.onFlightsAnalysed) await hook(userId);
  };

  r.get('/api/FlightDetail', { schema: { querystring: markedOnlyQuery } }, async (request) =>
    pilotFlights(db, requireUser(request).id, request.query.markedOnly).orderBy('startTime', 'desc').orderBy('id', 'desc').execute(),
  );

  r.get('/api/FlightDetail/byMonth', { schema: { querystring: byMonthQuery } }, async (request) => {
    const { year, month, markedOnly } = request.query;
    return pilotFlights(db, requireUser(request).id, markedOnly).where('localYear', '=', year).where('localMonth', '=', month).orderBy('startTime', 'desc').orderBy('id', 'desc').execute();
  });

  r.get('/api/FlightDetail/byYear', { schema: { querystring: byYearQuery } }, async (request) => {
    const { year, markedOnly } = request.query;
    return pilotFlights(db, requireUser(request).id, markedOnly).where('localYear', '=', year).orderBy('startTime', 'desc').orderBy('id', 'desc').execute();
  });

  r.get('/api/FlightDetail/months', async (request) => {
    const rows = await db
      .selectFrom('flights')
      .where('userId', '=', requireUser(request).id)
      .where(visible)
      .where('localYear', 'is not', null)
      .select((eb) => ['localYear', 'localMonth', eb.fn.countAll().as('count'), eb.fn.min('localDate').as('firstDay')])
      .groupBy(['localYear', 'localMonth'])
      .orderBy('localYear', 'desc')
      .orderBy('localMonth', 'asc')
      .execute();
    return rows.map((m) => ({ year: Number(m.localYear), month: Number(m.localMonth), count: Number(m.count), firstDay: String(m.firstDay) }));
  });

  r.get('/api/FlightDetail/marked/count', async (request) => {
    const row = await db.selectFrom('flights').where('userId', '=', requireUser(request).id).where(marked).select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
    return { count: Number(row.count) };
  });

  r.put('/api/FlightDetail/marked/delete-all', async (request) => {
    const user = requireUser(request);
    const res = await db.updateTable('flights').set({ removalDate: nowIso() }).where('userId', '=', user.id).where(marked).executeTakeFirst();
    await changed(user.id);
    const n = Number(res.numUpdatedRows);
    return { message: n === 1 ? '1 flight deleted.' : `${n} flights deleted.` };
  });

  r.get('/api/FlightDetail/:id', { schema: { params: idParams, querystring: includeDeletedFlagQuery } }, async (request) =>
    pick(await ownFlight(db, requireUser(request).id, request.params.id, request.query.includeDeleted), SUMMARY_COLUMNS),
  );

  r.get('/api/FlightDetail/:id/detailed', { schema: { params: idParams } }, async (request) =>
    pick(await ownFlight(db, requireUser(request).id, request.params.id), DETAIL_COLUMNS),
  );

  r.get('/api/FlightDetail/:id/adjacent', { schema: { params: idParams, querystring: adjacentQuery } }, async (request) => {
    const user = requireUser(request);
    const flight = await ownFlight(db, user.id, request.params.id);
    const next = request.query.direction === 'next';
    const neighbour = await pilotFlights(db, user.id)
      .where((eb) =>
        eb.or([
          eb('startTime', next ? '>' : '<', flight.startTime),
          eb.and([eb('startTime', '=', flight.startTime), eb('id', next ? '>' : '<', flight.id)]),
        ]),
      )
      .orderBy('startTime', next ? 'asc' : 'desc')
      .orderBy('id', next ? 'asc' : 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!neighbour) throw notFound(`No ${next ? 'next' : 'previous'} flight.`);
    return { id: neighbour.id };
  });

  r.put('/api/FlightDetail/:id/removalreason', { schema: { params: idParams, body: removalReasonBody } }, async (request) => {
    const user = requireUser(request);
    const flight = await ownFlight(db, user.id, request.params.id, true);
    const reason = request.body.removalReason;
    if ((flight.removalReason ?? 0) === reason) throw badRequest('The flight already has this removal reason.');
    // Clearing the reason makes the flight normal again, removed or not.
    await db.updateTable('flights').set(reason === 0 ? { removalReason: null, removalDate: null } : { removalReason: reason }).where('id', '=', flight.id).execute();
    await changed(user.id);
    return pick(await ownFlight(db, user.id, flight.id, true), SUMMARY_COLUMNS);
  });

  r.put('/api/FlightDetail/:id/removaldate', { schema: { params: idParams, body: removalDateBody } }, async (request) => {
    const user = requireUser(request);
    const flight = await ownFlight(db, user.id, request.params.id, true);
    await db
      .updateTable('flights')
      .set({ removalDate: new Date(request.body.removalDate).toISOString(), removalReason: flight.removalReason || REMOVAL_REASONS.UserRequested })
      .where('id', '=', flight.id)
      .execute();
    await changed(user.id);
    return pick(await ownFlight(db, user.id, flight.id, true), SUMMARY_COLUMNS);
  });

  r.post('/api/FlightDetail/:id/restore', { schema: { params: idParams } }, async (request) => {
    const user = requireUser(request);
    const flight = await ownFlight(db, user.id, request.params.id, true);
    await db.updateTable('flights').set({ removalDate: null, removalReason: null }).where('id', '=', flight.id).execute();
    await changed(user.id);
    return pick(await ownFlight(db, user.id, flight.id), SUMMARY_COLUMNS);
  });
}
