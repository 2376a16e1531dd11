// Calls that move files: their answers reach the same 401 handling as every other call (api/base.ts).
import type { FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query';
import type { UploadResponse } from '../../contract/uploads';
import { reportStatus, xsrfHeaders } from './base';

export const UPLOAD_URL = '/api/FlightDetail/upload';

type Failure = { error: { status: number; data: unknown } };

/** Multipart upload with the repeated field `files`; XHR because fetch cannot report upload progress. */
export function uploadFiles(files: File[], onProgress?: (percent: number) => void): Promise<{ data: UploadResponse } | Failure> {
  return postFiles<UploadResponse>({ url: UPLOAD_URL, field: 'files', files, endpoint: 'upload', onProgress });
}

/**
 * Posts files as multipart form data under `field` (repeated for several files). `endpoint` names the
 * call for the 401 handling, like an RTK Query endpoint's name.
 */
export function postFiles<T>({ url, field, files, endpoint, onProgress }: { url: string; field: string; files: File[]; endpoint: string; onProgress?: (percent: number) => void }): Promise<{ data: T } | Failure> {
  const form = new FormData();
  for (const file of files) form.append(field, file, file.name);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(xsrfHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let data: unknown = xhr.responseText;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: keep the raw text */
      }
      reportStatus(endpoint, xhr.status);
      if (xhr.status >= 200 && xhr.status < 300) resolve({ data: data as T });
      else resolve({ error: { status: xhr.status, data } });
    };
    xhr.onerror = () => resolve({ error: { status: 0, data: null } });
    xhr.send(form);
  });
}

/** The `baseQuery` an endpoint's `queryFn` receives. */
type BaseQuery = (arg: string | FetchArgs) => PromiseLike<QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>> | QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>;

/**
 * Downloads a file through the api's own base query (credentials, 401 handling) and saves it under
 * the server's name, else `fallbackName`. Resolves with the name saved.
 */
export async function downloadFile(baseQuery: BaseQuery, url: string, fallbackName: string): Promise<{ data: string } | { error: FetchBaseQueryError }> {
  const result = await baseQuery({ url, responseHandler: (response) => (response.ok ? response.blob() : response.text()) });
  if (result.error) return { error: result.error };
  const disposition = result.meta?.response?.headers.get('content-disposition') ?? '';
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  const filename = name ? decodeURIComponent(name) : fallbackName;
  const href = URL.createObjectURL(result.data as Blob);
  Object.assign(document.createElement('a'), { href, download: filename }).click();
  URL.revokeObjectURL(href);
  return { data: filename };
}

/**
 * Before a download the browser streams to disk: is the session still valid? A 401 goes through the
 * same handling as every call (to the login page), so the pilot never gets a failed download instead.
 */
export async function sessionValidForDownload(): Promise<boolean> {
  const answer = await fetch(new URL('/api/auth/check', document.baseURI).href, { credentials: 'include' });
  reportStatus('download', answer.status);
  return answer.status !== 401;
}
