import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UploadResponse } from '../../../contract/uploads';

export interface UploadState {
  status: 'idle' | 'uploading' | 'success' | 'error';
  /** Percent sent; shown only when a file is over 10 MB (docs/product.md §4 Upload). */
  progress: number | null;
  fileCount: number;
  result: UploadResponse | null;
  error: string | null;
}

const initialState: UploadState = { status: 'idle', progress: null, fileCount: 0, result: null, error: null };

export const uploadSlice = createSlice({
  name: 'upload',
  initialState,
  reducers: {
    uploadStarted: (_state, { payload }: PayloadAction<{ fileCount: number; showProgress: boolean }>) => ({
      status: 'uploading' as const,
      progress: payload.showProgress ? 0 : null,
      fileCount: payload.fileCount,
      result: null,
      error: null,
    }),
    uploadProgressed: (state, { payload }: PayloadAction<number>) => {
      if (state.progress !== null) state.progress = Math.max(0, Math.min(100, payload));
    },
    uploadSucceeded: (state, { payload }: PayloadAction<UploadResponse>) => {
      state.status = 'success';
      state.result = payload;
      state.progress = null;
    },
    uploadFailed: (state, { payload }: PayloadAction<string>) => {
      state.status = 'error';
      state.error = payload;
      state.progress = null;
    },
    uploadReset: () => initialState,
  },
});

export const { uploadStarted, uploadProgressed, uploadSucceeded, uploadFailed, uploadReset } = uploadSlice.actions;
