import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import type { AirspaceFileAdded, AirspaceFileFields, AirspaceFiles, AirspaceShapes, ClearanceBody, FlightAirspace, UnreadLine } from '../../../contract/airspace';
import { nowIso, type Db, type User } from '../db';
import { ownFlight } from '../flights/service';
import { badRequest, forbidden, notFound } from '../http/errors';
import { bumpDataVersion } from '../pilot/data-version';
import type { CheckResult } from './check';
import type { AirspaceChecks } from './checks';
import { clearanceFor, unclearedCount, withClearances } from './clearances';
import { parseOpenAir } from './openair';
import * as repo from './repository';

const gzip = promisify(gzipCb);

/** The map gets at most this many shapes per answer (a viewport over a whole country). */
export const MAP_SHAPES_MAX = 500;

/** OpenAir files are text; a file that is not UTF-8 is read as Latin-1 (what older files use). */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

const isAdmin = (user: Pick<User, 'role'>) => user.role === 'Admin';

/**
 * Loads an OpenAir file for a pilot (or, userId null, the instance): unreadable lines are listed and
 * the rest loads; a file with no airspace at all is refused. Every flight the file applies to is
 * queued for the background re-check. The profile, the debug area and `npm run airspace` all load here.
 */
export async function loadAirspaceFile({ db, airspace }: { db: Db; airspace: AirspaceChecks }, userId: number | null, fields: Omit<AirspaceFileFields, 'scope'>, bytes: Buffer): Promise<AirspaceFileAdded> {
  const { airspaces, unreadLines } = parseOpenAir(decode(bytes));
  if (airspaces.length === 0) {
    const first = unreadLines.slice(0, 3).map((l) => `line ${l.line}: ${l.message}`).join('; ');
    throw badRequest(`No airspace could be read from this file${first ? ` (${first})` : ''}. Is it an OpenAir file?`, { unreadLines });
  }
  const id = await repo.insertFile(db, {
    userId,
    name: fields.name,
    validFrom: fields.validFrom,
    validTo: fields.validTo,
    content: await gzip(bytes),
    shapes: await gzip(JSON.stringify(airspaces)),
    shapeCount: airspaces.length,
    unreadLines: JSON.stringify(unreadLines),
    createdAt: nowIso(),
  });
  await airspace.queueDays(userId, fields.validFrom, fields.validTo);
  return { id, shapes: airspaces.length, unreadLines };
}

/** Airspace files, each flight's check and the pilot's clearances (docs/airspace.md). */
export function airspaceService({ database: { db }, airspace }: { database: { db: Db }; airspace: AirspaceChecks }) {
  const storedCheck = async (flightId: number): Promise<{ checkedAt: string; result: CheckResult } | undefined> => {
    const row = await repo.findCheck(db, flightId);
    return row && { checkedAt: row.checkedAt, result: JSON.parse(row.result) as CheckResult };
  };

  /** The flight's stored check with the pilot's clearances; not checked yet while it waits (or has no track). */
  async function flightAirspace(userId: number, flightId: number): Promise<FlightAirspace> {
    const flight = await ownFlight(db, userId, flightId);
    const stored = await storedCheck(flight.id);
    if (!stored) return { checked: false, checkedAt: null, notChecked: [], infringements: [], crossings: [] };
    const { result } = stored;
    return { checked: true, checkedAt: stored.checkedAt, notChecked: result.notChecked, infringements: withClearances(result.infringements, await repo.clearances(db, flight.id)), crossings: result.crossings };
  }

  return {
    async files(user: User): Promise<AirspaceFiles> {
      const rows = await repo.listFiles(db, user.id);
      return {
        files: rows.map((r) => ({
          id: r.id,
          name: r.name,
          scope: r.userId === null ? ('instance' as const) : ('personal' as const),
          validFrom: r.validFrom,
          validTo: r.validTo,
          shapes: r.shapeCount,
          unreadLines: JSON.parse(r.unreadLines) as UnreadLine[],
          createdAt: r.createdAt,
        })),
        recheckPending: await repo.countPending(db, isAdmin(user) ? null : user.id),
      };
    },

    /**
     * Loads an OpenAir file: unreadable lines are listed and the rest loads; a file with no airspace
     * at all is refused. Every flight the file applies to is queued for the background re-check.
     */
    async addFile(user: User, fields: AirspaceFileFields, bytes: Buffer): Promise<AirspaceFileAdded> {
      if (fields.scope === 'instance' && !isAdmin(user)) throw forbidden('Only administrators load airspace for the whole instance.');
      return loadAirspaceFile({ db, airspace }, fields.scope === 'instance' ? null : user.id, fields, bytes);
    },

    /** Removes a file: the pilot their own, an admin the instance's; the flights it applied to are checked again. */
    async deleteFile(user: User, id: number): Promise<void> {
      const file = await repo.findFile(db, id);
      if (!file || (file.userId !== null && file.userId !== user.id)) throw notFound('Airspace file not found.');
      if (file.userId === null && !isAdmin(user)) throw forbidden('Only administrators remove the instance’s airspace files.');
      await repo.deleteFile(db, id);
      await airspace.queueDays(file.userId, file.validFrom, file.validTo);
    },

    flight: flightAirspace,

    /** Marks one infringement cleared (or not) with a note; the clearance stays with its airspace and time. */
    async setClearance(userId: number, flightId: number, index: number, body: ClearanceBody): Promise<FlightAirspace> {
      const flight = await ownFlight(db, userId, flightId);
      const stored = await storedCheck(flight.id);
      const found = stored?.result.infringements[index];
      if (!stored || !found) throw notFound('This flight has no such airspace infringement.');
      const existing = clearanceFor(found, await repo.clearances(db, flight.id));
      const row = { entry: found.entry, exit: found.exit, cleared: body.cleared ? 1 : 0, note: body.note, updatedAt: nowIso() };
      if (existing) await repo.updateClearance(db, existing.id, row);
      else await repo.insertClearance(db, { flightId: flight.id, airspaceName: found.name, airspaceClass: found.class, ...row });
      await repo.setUncleared(db, flight.id, unclearedCount(stored.result.infringements, await repo.clearances(db, flight.id)));
      await bumpDataVersion(db, userId);
      return flightAirspace(userId, flightId);
    },

    /** The shapes valid on a day (the instance's and the pilot's own) whose outline box meets the map's box. */
    async shapes(userId: number, bbox: number[], day: string): Promise<AirspaceShapes> {
      const set = await airspace.shapeSet(userId, day);
      const ids = set.index ? set.index.search(bbox[0]!, bbox[1]!, bbox[2]!, bbox[3]!) : [];
      ids.sort((a, b) => a - b);
      return {
        shapes: ids.slice(0, MAP_SHAPES_MAX).map((id) => {
          const s = set.shapes[id]!;
          const polygon: [number, number][] = [];
          for (let i = 0; i < s.ring.length; i += 2) polygon.push([s.ring[i]!, s.ring[i + 1]!]);
          return { name: s.name, class: s.class, floor: s.floor, ceiling: s.ceiling, polygon };
        }),
        truncated: ids.length > MAP_SHAPES_MAX,
      };
    },
  };
}
