import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import { validityInOrder, VALIDITY_OUT_OF_ORDER, type AirspaceFileAdded, type AirspaceFileChanges, type AirspaceFileFields, type AirspaceFiles, type ActivationBody, type AirspaceShapes, type ClearanceBody, type FlightAirspace, type UnreadLine } from '../../../contract/airspace';
import { nowIso, type Db, type User } from '../db';
import { ownFlight } from '../flights';
import { badRequest, forbidden, notFound } from '../http';
import { bumpDataVersion } from '../pilot';
import type { CheckResult } from './check';
import type { AirspaceChecks } from './checks';
import { clearanceFor, infringementRows, rowCounts, unclearedCount } from './clearances';
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
  const parsed = await readFile(bytes);
  const id = await repo.insertFile(db, { userId, name: fields.name, validFrom: fields.validFrom, validTo: fields.validTo, ...parsed.row });
  await airspace.queueDays(userId, fields.validFrom, fields.validTo);
  return { id, shapes: parsed.row.shapeCount, unreadLines: parsed.unreadLines };
}

/** Parses an uploaded file and makes the stored row of its content; refused (400) when no airspace at all can be read. */
async function readFile(bytes: Buffer) {
  const { airspaces, unreadLines } = parseOpenAir(decode(bytes));
  if (airspaces.length === 0) {
    const first = unreadLines.slice(0, 3).map((l) => `line ${l.line}: ${l.message}`).join('; ');
    throw badRequest(`No airspace could be read from this file${first ? ` (${first})` : ''}. Is it an OpenAir file?`, { unreadLines });
  }
  return {
    unreadLines,
    row: { content: await gzip(bytes), shapes: await gzip(JSON.stringify(airspaces)), shapeCount: airspaces.length, unreadLines: JSON.stringify(unreadLines), createdAt: nowIso() },
  };
}

/** The stored file the user may change or remove: their own, or for an admin the instance's; another pilot's is unknown (404). */
async function changeableFile(db: Db, user: User, id: number, forbiddenMessage: string) {
  const file = await repo.findFile(db, id);
  if (!file || (file.userId !== null && file.userId !== user.id)) throw notFound('Airspace file not found.');
  if (file.userId === null && !isAdmin(user)) throw forbidden(forbiddenMessage);
  return file;
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
    if (!stored) return { checked: false, checkedAt: null, notChecked: [], infringements: [], notCleared: 0, toCheck: 0, crossings: [] };
    const { result } = stored;
    const infringements = infringementRows(result.infringements, await repo.clearances(db, flight.id), await repo.notActive(db, flight.id));
    return { checked: true, checkedAt: stored.checkedAt, notChecked: result.notChecked, infringements, ...rowCounts(infringements), crossings: result.crossings };
  }

  /** The pilot's flight, its stored check and the row at an index (an airspace and its passages); 404 when there is no such row. */
  async function rowOf(userId: number, flightId: number, index: number) {
    const flight = await ownFlight(db, userId, flightId);
    const stored = await storedCheck(flight.id);
    const row = stored && infringementRows(stored.result.infringements, [], [])[index];
    if (!stored || !row) throw notFound('This flight has no such airspace infringement.');
    return { flight, stored, row };
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
      const file = await changeableFile(db, user, id, 'Only administrators remove the instance’s airspace files.');
      await repo.deleteFile(db, id);
      await airspace.queueDays(file.userId, file.validFrom, file.validTo);
    },

    /**
     * Replaces a file's content and/or its name and validity (same rules as removing it); the flights
     * of its old days and of its new days are checked again. Nothing is stored unless all of it is valid.
     */
    async replaceFile(user: User, id: number, readForm: () => Promise<{ fields: AirspaceFileChanges; bytes: Buffer | undefined }>): Promise<AirspaceFileAdded> {
      // Whose file it is is settled before the form is read: another pilot's is unknown, whatever they send.
      const file = await changeableFile(db, user, id, 'Only administrators replace the instance’s airspace files.');
      const { fields: changes, bytes } = await readForm();
      const scope = file.userId === null ? 'instance' : 'personal';
      if (changes.scope && changes.scope !== scope) throw badRequest('A file keeps its scope: remove it and load it again for the other one.');
      const next = { name: changes.name ?? file.name, validFrom: changes.validFrom ?? file.validFrom, validTo: changes.validTo ?? file.validTo };
      if (!validityInOrder(next)) throw badRequest(VALIDITY_OUT_OF_ORDER);
      if (!bytes && !changes.name && !changes.validFrom && !changes.validTo) throw badRequest('Nothing to change: send a new file, a name or dates.');
      const parsed = bytes ? await readFile(bytes) : null;
      await repo.updateFile(db, id, { ...next, ...parsed?.row });
      // Days the file left and days it now covers: a change of dates is re-checked on both sides.
      await airspace.queueDays(file.userId, file.validFrom, file.validTo);
      if (next.validFrom !== file.validFrom || next.validTo !== file.validTo) await airspace.queueDays(file.userId, next.validFrom, next.validTo);
      return parsed ? { id, shapes: parsed.row.shapeCount, unreadLines: parsed.unreadLines } : { id, shapes: file.shapeCount, unreadLines: JSON.parse(file.unreadLines) as UnreadLine[] };
    },

    flight: flightAirspace,

    /** Marks one airspace's passages cleared (or not) with a note; the clearance stays with its airspace and time. */
    async setClearance(userId: number, flightId: number, index: number, body: ClearanceBody): Promise<FlightAirspace> {
      const { flight, stored, row: found } = await rowOf(userId, flightId, index);
      const existing = clearanceFor(found, await repo.clearances(db, flight.id));
      const row = { entry: found.entry, exit: found.exit, cleared: body.cleared ? 1 : 0, note: body.note, updatedAt: nowIso() };
      if (existing) await repo.updateClearance(db, existing.id, row);
      else await repo.insertClearance(db, { flightId: flight.id, airspaceName: found.name, airspaceClass: found.class, ...row });
      await repo.setUncleared(db, flight.id, unclearedCount(stored.result.infringements, await repo.clearances(db, flight.id)));
      await bumpDataVersion(db, userId);
      return flightAirspace(userId, flightId);
    },

    /**
     * "Not active that day" for an airspace whose activation the file leaves unknown (or taken
     * back): kept per flight and airspace. An airspace the file says is active is refused (400):
     * it is cleared, not declared inactive.
     */
    async setNotActive(userId: number, flightId: number, index: number, body: ActivationBody): Promise<FlightAirspace> {
      const { flight, row } = await rowOf(userId, flightId, index);
      if (row.activation !== 'unknown') throw badRequest(`The airspace file says ${row.name} is active: mark it cleared instead.`);
      if (body.notActive) await repo.markNotActive(db, { flightId: flight.id, airspaceName: row.name, airspaceClass: row.class, updatedAt: nowIso() });
      else await repo.unmarkNotActive(db, flight.id, row.name, row.class);
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
