import type { DueCheck, GearCheck, GearCheckBody, GearCheckUpdateBody, GearItem, GearItemBody, GearKind, GearList, GearOfFlight, GearRecord, GearRecordBody, GearReportType, GearWing } from '../../../contract/gear';
import { gearCheckBody, gearItemBody, gearRecordBody } from '../../../contract/gear';
import { nowIso, toNumber, type Db, type DbDeps } from '../db';
import { findFlight } from '../flights';
import { gliderName, listGliders, ownGlider } from '../gliders';
import { badRequest, notFound } from '../http';
import { dueState } from './due';
import * as repo from './repository';

type ItemRow = Awaited<ReturnType<typeof repo.listItems>>[number];
type CheckRow = Awaited<ReturnType<typeof repo.listChecks>>[number];
type RecordRow = Awaited<ReturnType<typeof repo.listRecords>>[number];
type FlightRow = Awaited<ReturnType<typeof repo.flightsForGear>>[number];

export const today = () => new Date().toISOString().slice(0, 10);

/** The item's period holds the day: an item without "in use from" flew no flight. */
const inPeriod = (item: Pick<ItemRow, 'inUseFrom' | 'inUseUntil'>, day: string | null) =>
  !!day && !!item.inUseFrom && item.inUseFrom <= day && (!item.inUseUntil || day <= item.inUseUntil);

const toRecord = (r: RecordRow): GearRecord => ({ id: r.id, doneOn: r.doneOn, doneBy: r.doneBy, notes: r.notes, reportType: r.reportType as GearReportType | null, reportName: r.reportName });

const seconds = (flights: FlightRow[]) => flights.reduce((sum, f) => sum + toNumber(f.flightTime), 0);

/** A check with its history and what is due, over the flights of what it is on. */
function toCheck(check: CheckRow, records: RecordRow[], flights: FlightRow[], start: string | null, day: string): GearCheck {
  const own = records.filter((r) => r.checkId === check.id);
  const lastDone = own[0]?.doneOn ?? null;
  const cycleStart = lastDone ?? start;
  const secondsSince = seconds(cycleStart ? flights.filter((f) => f.localDate !== null && f.localDate >= cycleStart) : flights);
  return {
    id: check.id,
    itemId: check.itemId,
    gliderId: check.gliderId,
    name: check.name,
    intervalMonths: check.intervalMonths,
    intervalHours: check.intervalHours,
    lastDone,
    secondsSince,
    ...dueState({ intervalMonths: check.intervalMonths, intervalHours: check.intervalHours, cycleStart, secondsSince }, day),
    records: own.map(toRecord),
  };
}

/** The day a check's current cycle starts, the reminder's once-only key with the check's id. */
export const cycleOf = (check: Pick<GearCheck, 'lastDone' | 'dueOn'>) => check.lastDone ?? 'first';

/** All of a pilot's gear with its checks and what is due: one read of each table, the rest in memory. */
export async function gearOf(db: Db, userId: number, day = today()): Promise<GearList> {
  const [items, checks, records, flights, wings] = await Promise.all([repo.listItems(db, userId), repo.listChecks(db, userId), repo.listRecords(db, userId), repo.flightsForGear(db, userId), listGliders(db, userId)]);
  const itemOut: GearItem[] = items.map((item) => {
    const flown = flights.filter((f) => inPeriod(item, f.localDate));
    return {
      id: item.id,
      kind: item.kind as GearKind,
      name: item.name,
      maker: item.maker,
      serial: item.serial,
      inUseFrom: item.inUseFrom,
      inUseUntil: item.inUseUntil,
      notes: item.notes,
      flightCount: flown.length,
      totalSeconds: seconds(flown),
      checks: checks.filter((c) => c.itemId === item.id).map((c) => toCheck(c, records, flown, item.inUseFrom, day)),
    };
  });
  const wingOut: GearWing[] = wings.map((wing) => {
    const flown = flights.filter((f) => f.gliderId === wing.id);
    const firstFlown = flown.reduce<string | null>((first, f) => (f.localDate && (!first || f.localDate < first) ? f.localDate : first), null);
    return {
      id: wing.id,
      name: gliderName(wing),
      flightCount: flown.length,
      totalSeconds: seconds(flown),
      checks: checks.filter((c) => c.gliderId === wing.id).map((c) => toCheck(c, records, flown, wing.inUseFrom ?? firstFlown, day)),
    };
  });
  return { items: itemOut, wings: wingOut };
}

/** Checks due soon or overdue, overdue first, then by day. */
export function dueChecksOf(gear: GearList): (DueCheck & { cycle: string })[] {
  const all = [
    ...gear.items.flatMap((i) => i.checks.map((c) => ({ c, gearName: i.name, gearKind: i.kind as DueCheck['gearKind'] }))),
    ...gear.wings.flatMap((w) => w.checks.map((c) => ({ c, gearName: w.name, gearKind: 'wing' as const }))),
  ];
  return all
    .filter(({ c }) => c.state === 'soon' || c.state === 'overdue')
    .map(({ c, gearName, gearKind }) => ({ checkId: c.id, checkName: c.name, gearName, gearKind, state: c.state as 'soon' | 'overdue', dueOn: c.dueOn, secondsLeft: c.secondsLeft, cycle: cycleOf(c) }))
    .sort((a, b) => (a.state === b.state ? (a.dueOn ?? '9999').localeCompare(b.dueOn ?? '9999') : a.state === 'overdue' ? -1 : 1));
}

/**
 * The wing, harness and reserve that flew one of the pilot's flights (each null when none is known):
 * the flight's wing, and the harness and the reserve whose period holds its day (the one that came into
 * use last when periods overlap). Someone else's or an unknown flight: 404.
 */
export async function gearOfFlight(db: Db, pilotId: number, flightId: number): Promise<GearOfFlight> {
  const flight = await findFlight(db, pilotId, flightId);
  if (!flight) throw notFound('Flight not found.');
  const [items, wings] = await Promise.all([repo.listItems(db, pilotId), listGliders(db, pilotId)]);
  const wing = wings.find((w) => w.id === flight.gliderId);
  const flew = (kind: GearKind) => {
    const found = items.filter((i) => i.kind === kind && inPeriod(i, flight.localDate)).sort((a, b) => (b.inUseFrom ?? '').localeCompare(a.inUseFrom ?? ''))[0];
    return found ? { id: found.id, name: found.name } : null;
  };
  return { wing: wing ? { id: wing.id, name: gliderName(wing) } : null, harness: flew('harness'), reserve: flew('reserve') };
}

// The pilot's gear: items, checks on items and wings, checks done with their reports.
const ownItem = async (db: Db, userId: number, id: number) => {
  const item = await repo.findItem(db, userId, id);
  if (!item) throw notFound('Gear not found.');
  return item;
};
const ownCheck = async (db: Db, userId: number, id: number) => {
  const check = await repo.findCheck(db, userId, id);
  if (!check) throw notFound('Check not found.');
  return check;
};
const ownRecord = async (db: Db, userId: number, id: number) => {
  const record = await repo.findRecord(db, userId, id);
  if (!record) throw notFound('Check record not found.');
  return record;
};
/** Answers 404 unless the check record is the pilot's (before a report upload is read). */
export const requireOwnRecord = async ({ database: { db } }: DbDeps, userId: number, id: number) => {
  await ownRecord(db, userId, id);
};
const itemById = async (db: Db, userId: number, id: number) => (await gearOf(db, userId)).items.find((i) => i.id === id)!;
const checkById = async (db: Db, userId: number, id: number) => {
  const gear = await gearOf(db, userId);
  return [...gear.items, ...gear.wings].flatMap((g) => g.checks).find((c) => c.id === id)!;
};

export const ownGear = ({ database: { db } }: DbDeps, userId: number) => gearOf(db, userId);
export const dueChecks = async ({ database: { db } }: DbDeps, userId: number): Promise<DueCheck[]> => dueChecksOf(await gearOf(db, userId)).map(({ cycle: _cycle, ...due }) => due);

export async function createItem({ database: { db } }: DbDeps, userId: number, body: ReturnType<typeof gearItemBody.parse>): Promise<GearItem> {
  return itemById(db, userId, await repo.insertItem(db, userId, body, nowIso()));
}
export async function updateItem({ database: { db } }: DbDeps, userId: number, id: number, body: ReturnType<typeof gearItemBody.parse>): Promise<GearItem> {
  await ownItem(db, userId, id);
  await repo.updateItem(db, id, body);
  return itemById(db, userId, id);
}
/** The item goes with its checks, their history and reports. */
export async function removeItem({ database: { db } }: DbDeps, userId: number, id: number) {
  const item = await ownItem(db, userId, id);
  await repo.deleteItem(db, item.id);
  return { message: `${item.name} deleted.` };
}

export async function createCheck({ database: { db } }: DbDeps, userId: number, body: ReturnType<typeof gearCheckBody.parse>): Promise<GearCheck> {
  if (body.itemId !== null) await ownItem(db, userId, body.itemId);
  if (body.gliderId !== null) await ownGlider(db, userId, body.gliderId);
  const id = await repo.insertCheck(db, userId, { itemId: body.itemId, gliderId: body.gliderId }, { name: body.name, intervalMonths: body.intervalMonths, intervalHours: body.intervalHours }, nowIso());
  return checkById(db, userId, id);
}
export async function updateCheck({ database: { db } }: DbDeps, userId: number, id: number, body: GearCheckUpdateBody & { intervalMonths: number | null; intervalHours: number | null }): Promise<GearCheck> {
  await ownCheck(db, userId, id);
  await repo.updateCheck(db, id, { name: body.name, intervalMonths: body.intervalMonths, intervalHours: body.intervalHours });
  return checkById(db, userId, id);
}
export async function removeCheck({ database: { db } }: DbDeps, userId: number, id: number) {
  const check = await ownCheck(db, userId, id);
  await repo.deleteCheck(db, check.id);
  return { message: `${check.name} deleted.` };
}

export async function addRecord({ database: { db } }: DbDeps, userId: number, checkId: number, body: ReturnType<typeof gearRecordBody.parse>): Promise<GearCheck> {
  await ownCheck(db, userId, checkId);
  await repo.insertRecord(db, userId, checkId, body, nowIso());
  return checkById(db, userId, checkId);
}
export async function removeRecord({ database: { db } }: DbDeps, userId: number, id: number): Promise<GearCheck> {
  const record = await ownRecord(db, userId, id);
  await repo.deleteRecord(db, record.id);
  return checkById(db, userId, record.checkId);
}
/** Attaches (or replaces) the record's report after its kind was read from its bytes. */
export async function attachReport({ database: { db } }: DbDeps, userId: number, id: number, report: { bytes: Buffer; type: GearReportType; name: string }): Promise<GearCheck> {
  const record = await ownRecord(db, userId, id);
  await repo.setReport(db, record.id, { report: report.bytes, reportType: report.type, reportName: report.name });
  return checkById(db, userId, record.checkId);
}
export async function reportFile({ database: { db } }: DbDeps, userId: number, id: number): Promise<{ bytes: Buffer; type: GearReportType; name: string }> {
  const row = await repo.reportOf(db, userId, id);
  if (!row?.report || !row.reportType) throw notFound('Report not found.');
  return { bytes: Buffer.from(row.report), type: row.reportType as GearReportType, name: row.reportName ?? 'report' };
}

/** Refuses an empty body for a routes' multipart upload with the house's sentence. */
export const noReport = () => badRequest('Choose a PDF or a photo (JPEG, PNG or WebP) to attach.');
export type { GearCheckBody, GearItemBody, GearRecordBody };
