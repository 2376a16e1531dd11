import { randomBytes } from 'node:crypto';
import type { EntryChange, Exercises, InstructorRequests, PublicTrainingLog, SignedEntry, TrainingLog, TrainingRequest, TrainingRequestBody } from '../../../contract/training';
import type { Db, DbDeps } from '../db';
import { badRequest, conflict, notFound } from '../http';
import { isRemoved } from '../privacy';
import { hasRole, requireRole } from '../roles';
import { renderPdf } from '../pdf';
import * as repo from './repository';
import { canonical, GENESIS, signatureHash, type SignedContent, type SignedFlight } from './signature';

const personName = (u: { displayName: string | null; username: string }) => u.displayName?.trim() || u.username;
const parseIds = (json: string): number[] => JSON.parse(json) as number[];
const NOT_INSTRUCTOR = 'This is for instructors only.';

/** A verification code people can read aloud: 12 letters and digits without look-alikes, in groups of four. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newCode(): string {
  const chars = [...randomBytes(12)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

type FlightRow = Awaited<ReturnType<typeof repo.studentFlights>>[number];
const toTrainingFlight = (f: FlightRow) => ({ id: f.id, startTime: f.startTime, endTime: f.endTime, timeZone: f.timeZone, place: f.siteName ?? f.takeoffLocation, flightTime: f.flightTime });
const toSignedFlight = (f: Pick<FlightRow, 'id' | 'startTime' | 'endTime' | 'trackHash'>): SignedFlight => ({ id: f.id, startTime: f.startTime, endTime: f.endTime, trackHash: f.trackHash ?? null });

/** What changed between what was signed and the records now. */
function changesOf(signed: SignedContent, flightsNow: Map<number, FlightRow>, exerciseNames: Map<number, string>): EntryChange[] {
  const changes = new Set<EntryChange>();
  for (const f of signed.flights) {
    const now = flightsNow.get(f.id);
    if (!now || isRemoved(now)) changes.add('flight-missing');
    else {
      if (now.startTime !== f.startTime || now.endTime !== f.endTime) changes.add('flight-times');
      if ((now.trackHash ?? null) !== f.trackHash) changes.add('flight-track');
    }
  }
  for (const e of signed.exercises) if (exerciseNames.get(e.id) !== e.name) changes.add('exercises');
  return [...changes];
}

// The training log (docs/career.md, "Training log").
const exerciseMap = async (db: Db, ids: number[]) => new Map((await repo.findExercises(db, ids)).map((e) => [e.id, e]));
const namedExercises = async (db: Db, ids: number[]) => {
  const map = await exerciseMap(db, ids);
  return ids.flatMap((id) => {
    const e = map.get(id);
    return e ? [{ id, key: e.exerciseKey, name: e.name }] : [];
  });
};

async function toRequest(db: Db, row: repo.RequestRow, studentId: number): Promise<TrainingRequest> {
  const flights = await repo.studentFlights(db, studentId, parseIds(row.flightIds));
  return {
    id: row.id,
    status: row.status,
    person: personName(row),
    createdAt: row.createdAt,
    note: row.note,
    comment: row.comment,
    flights: flights.map(toTrainingFlight),
    exercises: await namedExercises(db, parseIds(row.exerciseIds)),
  };
}

/** Every signed entry of the student, checked against its signature, the chain and today's records. */
async function verifiedEntries(db: Db, studentId: number) {
  const rows = (await repo.requestsOfStudent(db, studentId)).filter((r) => r.status === 'signed').sort((a, b) => (a.decidedAt! < b.decidedAt! ? -1 : a.decidedAt! > b.decidedAt! ? 1 : a.id - b.id));
  let previous = GENESIS;
  const entries: (SignedEntry & { number: number })[] = [];
  for (const [i, row] of rows.entries()) {
    const changes = new Set<EntryChange>();
    if (row.previousHash !== previous) changes.add('chain');
    const stored = row.signedContent ?? '';
    if (signatureHash(row.previousHash ?? '', stored) !== row.hash) changes.add('signature');
    let signed: SignedContent | undefined;
    try {
      signed = JSON.parse(stored) as SignedContent;
    } catch {
      changes.add('signature');
    }
    const flightsNow = new Map((await repo.studentFlights(db, studentId, signed?.flights.map((f) => f.id) ?? [])).map((f) => [f.id, f]));
    const exercisesNow = await exerciseMap(db, signed?.exercises.map((e) => e.id) ?? []);
    if (signed) for (const c of changesOf(signed, flightsNow, new Map([...exercisesNow].map(([id, e]) => [id, e.name])))) changes.add(c);
    entries.push({
      id: row.id,
      number: i + 1,
      instructor: row.instructorName ?? personName(row),
      signedAt: row.decidedAt!,
      comment: row.comment,
      flights: [...flightsNow.values()].map(toTrainingFlight),
      exercises: (signed?.exercises ?? []).map((e) => ({ id: e.id, key: exercisesNow.get(e.id)?.exerciseKey ?? null, name: e.name })),
      hash: row.hash ?? '',
      intact: changes.size === 0,
      changes: [...changes],
    });
    previous = row.hash ?? '';
  }
  const broken = entries.find((e) => !e.intact);
  return { entries, intact: !broken, brokenEntryId: broken?.id ?? null };
}

export const trainingExercises = async ({ database: { db } }: DbDeps): Promise<Exercises> => ({
  exercises: (await repo.listExercises(db)).map((e) => ({ id: e.id, key: e.exerciseKey, name: e.name, retired: e.retiredAt !== null })),
});

export async function addExercise({ database: { db } }: DbDeps, userId: number, name: string) {
  await requireRole(db, userId, 'instructor', NOT_INSTRUCTOR);
  const existing = (await repo.listExercises(db)).find((e) => e.retiredAt === null && e.name.toLowerCase() === name.toLowerCase());
  if (existing) throw conflict('This exercise is already on the list.');
  const { id } = await repo.insertExercise(db, name, userId);
  return { id, key: null, name, retired: false };
}

export async function retireExercise({ database: { db } }: DbDeps, userId: number, id: number) {
  await requireRole(db, userId, 'instructor', NOT_INSTRUCTOR);
  if (!(await repo.findExercise(db, id))) throw notFound('Exercise not found.');
  await repo.retireExercise(db, id);
}

export async function requestSignature({ database: { db } }: DbDeps, studentId: number, body: TrainingRequestBody) {
  const instructor = await repo.findPilot(db, body.instructor);
  if (!instructor || !(await hasRole(db, instructor.id, 'instructor'))) throw notFound('No instructor with this email or username.');
  if (instructor.id === studentId) throw badRequest('You cannot sign your own training log: ask another instructor.');
  const flights = await repo.studentFlights(db, studentId, body.flightIds);
  if (flights.length !== body.flightIds.length || flights.some(isRemoved)) throw notFound('Flight not found.');
  const exercises = await repo.findExercises(db, body.exerciseIds);
  if (exercises.length !== body.exerciseIds.length) throw badRequest('Choose exercises from the list.');
  if (exercises.some((e) => e.retiredAt !== null)) throw badRequest('An exercise you chose is no longer on the list.');
  const { id } = await repo.insertRequest(db, { studentId, instructorId: instructor.id, flightIds: body.flightIds, exerciseIds: body.exerciseIds, note: body.note || null });
  return { id };
}

export async function trainingLog({ database: { db } }: DbDeps, studentId: number): Promise<TrainingLog> {
  const [{ entries, intact, brokenEntryId }, rows, code] = [await verifiedEntries(db, studentId), await repo.requestsOfStudent(db, studentId), await repo.findCode(db, studentId)];
  const requests = await Promise.all(rows.filter((r) => r.status !== 'signed').map((r) => toRequest(db, r, studentId)));
  return { entries: entries.map(({ number: _, ...e }) => e), intact, brokenEntryId, requests, verificationCode: code?.code ?? null };
}

export async function incomingRequests({ database: { db } }: DbDeps, instructorId: number): Promise<InstructorRequests> {
  await requireRole(db, instructorId, 'instructor', NOT_INSTRUCTOR);
  const rows = await repo.requestsToInstructor(db, instructorId);
  return { requests: await Promise.all(rows.map((r) => toRequest(db, r, r.studentId))) };
}

/** Signs a request addressed to this instructor: the content and the chain's next hash, in one transaction. */
export async function signRequest({ database: { db } }: DbDeps, instructorId: number, id: number, comment: string | undefined) {
  await requireRole(db, instructorId, 'instructor', NOT_INSTRUCTOR);
  try {
    await db.transaction().execute(async (trx) => {
      const request = await repo.findRequestTo(trx, instructorId, id);
      if (!request) throw notFound('Request not found.');
      if (request.status !== 'pending') throw conflict('This request has already been answered.');
      const flights = await repo.studentFlights(trx, request.studentId, parseIds(request.flightIds));
      const exercises = await repo.findExercises(trx, parseIds(request.exerciseIds));
      const instructor = await repo.findUserName(trx, instructorId);
      const signedAt = new Date().toISOString();
      const content = canonical({
        student: request.studentId,
        instructor: instructorId,
        signedAt,
        comment: comment || null,
        flights: flights.filter((f) => !isRemoved(f)).map(toSignedFlight),
        exercises: exercises.map((e) => ({ id: e.id, name: e.name })),
      });
      const previousHash = (await repo.lastHash(trx, request.studentId)) ?? GENESIS;
      await repo.decide(trx, id, {
        status: 'signed',
        comment: comment || null,
        decidedAt: signedAt,
        instructorName: instructor ? personName(instructor) : '',
        signedContent: content,
        previousHash,
        hash: signatureHash(previousHash, content),
      });
      if (!(await repo.findCode(trx, request.studentId))) await repo.saveCode(trx, request.studentId, newCode());
    });
  } catch (err) {
    // Another signature for the same student took this place in the chain at the same moment.
    if (isUniqueViolation(err)) throw conflict('Another signature was just added to this log: try again.');
    throw err;
  }
}

export async function declineRequest({ database: { db } }: DbDeps, instructorId: number, id: number, comment: string) {
  await requireRole(db, instructorId, 'instructor', NOT_INSTRUCTOR);
  const request = await repo.findRequestTo(db, instructorId, id);
  if (!request) throw notFound('Request not found.');
  if (request.status !== 'pending') throw conflict('This request has already been answered.');
  const instructor = await repo.findUserName(db, instructorId);
  await repo.decide(db, id, { status: 'declined', comment, decidedAt: new Date().toISOString(), instructorName: instructor ? personName(instructor) : '' });
}

export async function renewCode({ database: { db } }: DbDeps, studentId: number) {
  const code = newCode();
  await repo.saveCode(db, studentId, code);
  return { code };
}

export async function publicTrainingLog({ database: { db } }: DbDeps, code: string): Promise<PublicTrainingLog> {
  const owner = await repo.studentOfCode(db, code.trim().toUpperCase());
  if (!owner) throw notFound('No training log has this verification code.');
  const student = await repo.findUserName(db, owner.studentId);
  const { entries, intact } = await verifiedEntries(db, owner.studentId);
  return {
    student: student ? personName(student) : '',
    intact,
    entries: entries.map((e) => ({ number: e.number, instructor: e.instructor, signedAt: e.signedAt, exercises: e.exercises, intact: e.intact })),
  };
}

export async function trainingLogPdf({ database: { db } }: DbDeps, studentId: number): Promise<{ filename: string; bytes: Buffer }> {
  const student = await repo.findUserName(db, studentId);
  const code = (await repo.findCode(db, studentId))?.code ?? null;
  const { entries, intact } = await verifiedEntries(db, studentId);
  const bytes = await renderPdf('Training log', (doc, text) => {
    doc.text(text(`Student: ${student ? personName(student) : ''}`));
    doc.text(text(`Verification code: ${code ?? 'none yet (no signature)'}`));
    doc.text(text(`Log intact: ${intact ? 'yes' : 'no'}`)).moveDown();
    for (const [i, e] of entries.entries()) {
      doc.font('Helvetica-Bold').text(text(`${i + 1}. Signed by ${e.instructor} on ${e.signedAt.slice(0, 10)}${e.intact ? '' : ' (changed since signed)'}`)).font('Helvetica');
      doc.text(text(`Exercises: ${e.exercises.map((x) => x.name).join(', ')}`));
      for (const f of e.flights) doc.text(text(`Flight: ${f.startTime ?? '?'} to ${f.endTime ?? '?'}${f.place ? `, ${f.place}` : ''}`));
      if (e.comment) doc.text(text(`Comment: ${e.comment}`));
      doc.fontSize(8).text(`SHA-256 ${e.hash}`).fontSize(11).moveDown();
    }
  });
  return { filename: 'training-log.pdf', bytes };
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
