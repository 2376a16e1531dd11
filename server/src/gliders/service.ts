import type { AircraftCategory } from '../../../contract/aircraft';
import { gliderBody, type Glider, type GliderClass, type GliderFlightsChanged, type GliderMatches, type SetGliderFlightsBody } from '../../../contract/gliders';
import { toNumber, type Db, type Glider as GliderRow } from '../db';
import type { FlightsChanged } from '../flights';
import { notFound } from '../http';
import { checkState } from './check-due';
import { chooseGlider } from './link-glider';
import * as repo from './repository';

export interface GlidersDeps {
  database: { db: Db };
  flightsChanged: FlightsChanged;
}

/** "Manufacturer Model Size", the one rule for a wing's shown name (gliderNameSql says it in SQL). */
export const gliderName = (g: Pick<GliderRow, 'manufacturer' | 'model' | 'size'>) => [g.manufacturer, g.model, g.size].filter(Boolean).join(' ');

/** One of the pilot's wings, or the same 404 whether it is missing or someone else's. */
export async function ownGlider(db: Db, userId: number, id: number): Promise<GliderRow> {
  const glider = await repo.findGlider(db, userId, id);
  if (!glider) throw notFound('Glider not found.');
  return glider;
}

type Usage = Awaited<ReturnType<typeof repo.gliderUsage>>[number];

function toGlider(row: GliderRow, usage: Usage | undefined, today: string): Glider {
  const secondsSinceCheck = toNumber(usage?.secondsSinceCheck);
  const firstFlown = usage?.firstFlown ? String(usage.firstFlown).slice(0, 10) : null;
  return {
    id: row.id,
    name: gliderName(row),
    manufacturer: row.manufacturer,
    model: row.model,
    size: row.size,
    gliderClass: row.gliderClass as GliderClass,
    inUseFrom: row.inUseFrom,
    inUseUntil: row.inUseUntil,
    notes: row.notes,
    lastCheck: row.lastCheck,
    checkIntervalMonths: row.checkIntervalMonths,
    checkIntervalHours: row.checkIntervalHours,
    isDefault: row.isDefault === 1,
    aircraftCategory: (row.aircraftCategory as AircraftCategory | null) ?? null,
    flightCount: toNumber(usage?.flightCount),
    totalSeconds: toNumber(usage?.totalSeconds),
    lastFlown: usage?.lastFlown ? String(usage.lastFlown) : null,
    secondsSinceCheck,
    ...checkState({ ...row, firstFlown, secondsSinceCheck }, today),
  };
}

/** The pilot's wings with their hours and check state. */
export function glidersService({ database: { db }, flightsChanged }: GlidersDeps) {
  const list = async (userId: number): Promise<Glider[]> => {
    const [rows, usage] = await Promise.all([repo.listGliders(db, userId), repo.gliderUsage(db, userId)]);
    const byId = new Map(usage.map((u) => [toNumber(u.gliderId), u]));
    const today = new Date().toISOString().slice(0, 10);
    return rows.map((g) => toGlider(g, byId.get(g.id), today));
  };
  const one = async (userId: number, id: number) => (await list(userId)).find((g) => g.id === id)!;

  /** Stores the wing and, when it became the default, takes that from the others, in one transaction. */
  const save = async (userId: number, id: number | null, fields: repo.GliderFields) =>
    db.transaction().execute(async (trx) => {
      const gliderId = id ?? (await repo.insertGlider(trx, userId, fields));
      if (id !== null) await repo.updateGlider(trx, id, fields);
      if (fields.isDefault) await repo.clearDefaultExcept(trx, userId, gliderId);
      return gliderId;
    });

  /** Automatically linked flights the rule gives this wing, and those on it the rule now gives another wing (or none). */
  const relinks = async (userId: number, id: number) => {
    const [wings, flights] = await Promise.all([repo.listGliders(db, userId), repo.automaticallyLinkedFlights(db, userId)]);
    const join: number[] = [];
    const leave = new Map<number | null, number[]>();
    for (const f of flights) {
      const chosen = chooseGlider(wings, f.gliderType, f.localDate);
      if (chosen === id && f.gliderId !== id) join.push(f.id);
      else if (chosen !== id && f.gliderId === id) leave.set(chosen, [...(leave.get(chosen) ?? []), f.id]);
    }
    return { join, leave };
  };

  return {
    list,

    async matchingFlights(userId: number, id: number): Promise<GliderMatches> {
      await ownGlider(db, userId, id);
      const { join, leave } = await relinks(userId, id);
      return { count: join.length, leaving: [...leave.values()].reduce((n, ids) => n + ids.length, 0) };
    },

    /** Applies the linking rule for this wing in one step; the pilot's own choices stay. */
    async linkMatching(userId: number, id: number): Promise<GliderFlightsChanged> {
      await ownGlider(db, userId, id);
      const { join, leave } = await relinks(userId, id);
      const changed = await db.transaction().execute(async (trx) => {
        let n = await repo.setFlightsGlider(trx, userId, join, id, false);
        for (const [to, ids] of leave) n += await repo.setFlightsGlider(trx, userId, ids, to, false);
        return n;
      });
      if (changed > 0) await flightsChanged(userId);
      return { changed };
    },

    /** "Flown on this wing" for chosen flights or a period: the pilot's choice, kept through re-analysis. */
    async setFlights(userId: number, id: number, body: SetGliderFlightsBody): Promise<GliderFlightsChanged> {
      await ownGlider(db, userId, id);
      let ids: number[];
      if (body.flightIds) {
        ids = [...new Set(body.flightIds)];
        // Someone else's id (or an unknown one) changes nothing and answers like an unknown flight.
        if ((await repo.ownFlightIds(db, userId, ids)).length !== ids.length) throw notFound('Flight not found.');
      } else ids = await repo.flightIdsBetween(db, userId, body.from!, body.to!);
      const changed = await db.transaction().execute((trx) => repo.setFlightsGlider(trx, userId, ids, id, true));
      if (changed > 0) await flightsChanged(userId);
      return { changed };
    },

    async create(userId: number, body: ReturnType<typeof gliderBody.parse>) {
      const id = await save(userId, null, body);
      return one(userId, id);
    },

    /** A wing's name shows in flight summaries, so the pilot's cached lists go stale. */
    async update(userId: number, id: number, body: ReturnType<typeof gliderBody.parse>) {
      await ownGlider(db, userId, id);
      await save(userId, id, body);
      await flightsChanged(userId);
      return one(userId, id);
    },

    async remove(userId: number, id: number) {
      const glider = await ownGlider(db, userId, id);
      await db.transaction().execute(async (trx) => {
        await repo.unlinkFlights(trx, id);
        await repo.deleteGlider(trx, id);
      });
      await flightsChanged(userId);
      return { message: `${gliderName(glider)} deleted.` };
    },
  };
}
