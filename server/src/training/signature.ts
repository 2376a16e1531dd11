import { createHash } from 'node:crypto';

/** The hash the first signature of a student follows. */
export const GENESIS = '0'.repeat(64);

export interface SignedFlight {
  id: number;
  startTime: string | null;
  endTime: string | null;
  /** SHA-256 of the flight's original recording (null for a flight added by hand). */
  trackHash: string | null;
}
export interface SignedExercise {
  id: number;
  name: string;
}
/** What an instructor signs (docs/career.md, "Training log"). */
export interface SignedContent {
  student: number;
  instructor: number;
  signedAt: string;
  comment: string | null;
  flights: SignedFlight[];
  exercises: SignedExercise[];
}

/**
 * The canonical serialisation: fixed key order, flights and exercises sorted by id, no spaces. Any
 * other writer (a verifier outside this server) gets the same bytes from the same content.
 */
export function canonical(content: SignedContent): string {
  const flights = [...content.flights].sort((a, b) => a.id - b.id).map((f) => ({ id: f.id, startTime: f.startTime, endTime: f.endTime, trackHash: f.trackHash }));
  const exercises = [...content.exercises].sort((a, b) => a.id - b.id).map((e) => ({ id: e.id, name: e.name }));
  return JSON.stringify({ student: content.student, instructor: content.instructor, signedAt: content.signedAt, comment: content.comment, flights, exercises });
}

/** SHA-256 over the previous signature's hash and the canonical content: a chain per student. */
export const signatureHash = (previousHash: string, canonicalContent: string) => createHash('sha256').update(`${previousHash}\n${canonicalContent}`).digest('hex');
