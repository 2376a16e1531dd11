import type { TaskFilesPage } from '../../contract/uploads';
import { api } from './base';

/** The CSV of every file of an upload task and what became of it (a download, not a query). */
export const taskLedgerCsvUrl = (taskId: number) => `/api/uploadtasks/${taskId}/ledger.csv`;

/** Files per page of an upload task in the history. */
export const TASK_FILES_PAGE = 100;

/** One page of an upload task's files, loaded when the pilot opens the task (the list comes without files). */
export const uploadTasksApi = api.injectEndpoints({
  endpoints: (build) => ({
    taskFiles: build.query<TaskFilesPage, { taskId: number; offset: number }>({
      query: ({ taskId, offset }) => `/uploadtasks/${taskId}/files?offset=${offset}&limit=${TASK_FILES_PAGE}`,
      providesTags: ['UploadTasks'],
    }),
  }),
});

export const { useTaskFilesQuery } = uploadTasksApi;
