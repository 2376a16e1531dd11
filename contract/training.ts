import { z } from 'zod';

/** Training log (docs/career.md, "Training log"): exercises, requests to instructors, signatures in a chain. */
export const EXERCISE_NAME_MAX = 80;
export const TRAINING_TEXT_MAX = 2000;
export const TRAINING_FLIGHTS_MAX = 20;
export const TRAINING_EXERCISES_MAX = 20;

export const exercise = z.object({ id: z.number(), key: z.string().nullable(), name: z.string(), retired: z.boolean() });
export type Exercise = z.infer<typeof exercise>;
/** GET /api/training/exercises: the instance's list, retired ones included (signed entries may name them). */
export const exercises = z.object({ exercises: z.array(exercise) });
export type Exercises = z.infer<typeof exercises>;
/** POST /api/training/exercises (instructors). */
export const exerciseBody = z.object({
  name: z.string({ error: 'The exercise needs a name.' }).trim().min(2, 'An exercise name is at least 2 characters.').max(EXERCISE_NAME_MAX, `An exercise name is at most ${EXERCISE_NAME_MAX} characters.`),
});
export const idParams = z.object({ id: z.coerce.number({ error: 'id must be a number.' }).int().positive('id must be a positive number.') });

const ids = (what: string, max: number) =>
  z.array(z.number({ error: `${what} must be a list of ids.` }).int().positive(), { error: `${what} must be a list of ids.` }).max(max, `At most ${max} ${what} at once.`);
const optionalText = z.string().trim().max(TRAINING_TEXT_MAX, `At most ${TRAINING_TEXT_MAX} characters.`).optional();

/** POST /api/training/requests (a student): ask an instructor, by email or username, to sign flights and exercises. */
export const trainingRequestBody = z
  .object({
    instructor: z.string({ error: 'Name the instructor by email or username.' }).trim().min(1, 'Name the instructor by email or username.').max(200),
    flightIds: ids('flights', TRAINING_FLIGHTS_MAX),
    exerciseIds: ids('exercises', TRAINING_EXERCISES_MAX).min(1, 'Choose at least one exercise.'),
    note: optionalText,
  })
  .refine((b) => new Set(b.flightIds).size === b.flightIds.length && new Set(b.exerciseIds).size === b.exerciseIds.length, 'A flight or exercise is listed twice.');
export type TrainingRequestBody = z.infer<typeof trainingRequestBody>;

/** POST /api/training/requests/:id/sign and /decline (the instructor asked); declining needs a comment. */
export const signBody = z.object({ comment: optionalText });
export const declineBody = z.object({ comment: z.string({ error: 'Say why you decline.' }).trim().min(1, 'Say why you decline.').max(TRAINING_TEXT_MAX, `At most ${TRAINING_TEXT_MAX} characters.`) });

export const trainingFlight = z.object({ id: z.number(), startTime: z.string().nullable(), endTime: z.string().nullable(), timeZone: z.string().nullable(), place: z.string().nullable(), flightTime: z.number().nullable() });
export const namedExercise = z.object({ id: z.number(), key: z.string().nullable(), name: z.string() });

/** What may have changed in a signed entry since it was signed. */
export const ENTRY_CHANGES = ['flight-missing', 'flight-times', 'flight-track', 'exercises', 'signature', 'chain'] as const;
export type EntryChange = (typeof ENTRY_CHANGES)[number];

export const signedEntry = z.object({
  id: z.number(),
  instructor: z.string(),
  signedAt: z.string(),
  comment: z.string().nullable(),
  flights: z.array(trainingFlight),
  exercises: z.array(namedExercise),
  hash: z.string(),
  intact: z.boolean(),
  changes: z.array(z.enum(ENTRY_CHANGES)),
});
export type SignedEntry = z.infer<typeof signedEntry>;

export const REQUEST_STATUSES = ['pending', 'signed', 'declined'] as const;
export const trainingRequest = z.object({
  id: z.number(),
  status: z.enum(REQUEST_STATUSES),
  /** The other side: the instructor for the student, the student for the instructor. */
  person: z.string(),
  createdAt: z.string(),
  note: z.string().nullable(),
  comment: z.string().nullable(),
  flights: z.array(trainingFlight),
  exercises: z.array(namedExercise),
});
export type TrainingRequest = z.infer<typeof trainingRequest>;

/** GET /api/training/log: the student's signed entries (verified now), open and declined requests, the verification code. */
export const trainingLog = z.object({
  entries: z.array(signedEntry),
  intact: z.boolean(),
  /** The first entry (by id) that no longer matches its signature, null when the log is intact. */
  brokenEntryId: z.number().nullable(),
  requests: z.array(trainingRequest),
  verificationCode: z.string().nullable(),
});
export type TrainingLog = z.infer<typeof trainingLog>;

/** GET /api/training/requests (instructors): requests addressed to the instructor. */
export const instructorRequests = z.object({ requests: z.array(trainingRequest) });
export type InstructorRequests = z.infer<typeof instructorRequests>;

/** POST /api/training/code: a new verification code; the old one stops working. */
export const verificationCode = z.object({ code: z.string() });

export const codeParams = z.object({ code: z.string().trim().min(4, 'This verification code is not valid.').max(40, 'This verification code is not valid.') });

/**
 * GET /api/public/training/:code: whether a student's signed log is intact. No flight times or places
 * (the flights may be private): who signed, when, which exercises, and whether each entry still matches.
 */
export const publicTrainingLog = z.object({
  student: z.string(),
  intact: z.boolean(),
  entries: z.array(z.object({ number: z.number(), instructor: z.string(), signedAt: z.string(), exercises: z.array(namedExercise), intact: z.boolean() })),
});
export type PublicTrainingLog = z.infer<typeof publicTrainingLog>;
