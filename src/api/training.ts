import type { Exercise, Exercises, InstructorRequests, PublicTrainingLog, TrainingLog, TrainingRequestBody } from '../../contract/training';
import { api } from './base';

/** Where the signed training log downloads from (a link: the browser saves the PDF). */
export const TRAINING_PDF_URL = '/api/training/log.pdf';

/**
 * The training log (docs/career.md, "Training log"). `Training` LOG is the student's log, INCOMING the
 * instructor's requests, EXERCISES the list; a signature changes the student's log (of another session),
 * so the instructor's view is what it invalidates here.
 */
export const trainingApi = api.injectEndpoints({
  endpoints: (build) => ({
    exercises: build.query<Exercises, void>({ query: () => '/training/exercises', providesTags: [{ type: 'Training', id: 'EXERCISES' }] }),
    addExercise: build.mutation<Exercise, { name: string }>({
      query: (body) => ({ url: '/training/exercises', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Training', id: 'EXERCISES' }]),
    }),
    retireExercise: build.mutation<unknown, number>({
      query: (id) => ({ url: `/training/exercises/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Training', id: 'EXERCISES' }]),
    }),
    trainingLog: build.query<TrainingLog, void>({ query: () => '/training/log', providesTags: [{ type: 'Training', id: 'LOG' }] }),
    renewTrainingCode: build.mutation<{ code: string }, void>({
      query: () => ({ url: '/training/code', method: 'POST' }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Training', id: 'LOG' }]),
    }),
    requestSignature: build.mutation<{ id: number }, TrainingRequestBody>({
      query: (body) => ({ url: '/training/requests', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Training', id: 'LOG' }]),
    }),
    incomingRequests: build.query<InstructorRequests, void>({ query: () => '/training/requests', providesTags: [{ type: 'Training', id: 'INCOMING' }] }),
    signRequest: build.mutation<unknown, { id: number; comment?: string }>({
      query: ({ id, comment }) => ({ url: `/training/requests/${id}/sign`, method: 'POST', body: { comment } }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Training', id: 'INCOMING' }, { type: 'Training', id: 'LOG' }]),
    }),
    declineRequest: build.mutation<unknown, { id: number; comment: string }>({
      query: ({ id, comment }) => ({ url: `/training/requests/${id}/decline`, method: 'POST', body: { comment } }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Training', id: 'INCOMING' }, { type: 'Training', id: 'LOG' }]),
    }),
    publicTrainingLog: build.query<PublicTrainingLog, string>({ query: (code) => `/public/training/${encodeURIComponent(code)}` }),
  }),
});

export const {
  useExercisesQuery,
  useAddExerciseMutation,
  useRetireExerciseMutation,
  useTrainingLogQuery,
  useRenewTrainingCodeMutation,
  useRequestSignatureMutation,
  useIncomingRequestsQuery,
  useSignRequestMutation,
  useDeclineRequestMutation,
  usePublicTrainingLogQuery,
} = trainingApi;
