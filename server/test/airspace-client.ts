import { airspaceForm } from '../../scripts/airspace-scenario';
import type { Client } from './helpers/app';

/** POST /api/airspace/files as the files panel sends it: the fields, then the file. */
export async function addFile(client: Client, text: string | Buffer, fields: Record<string, string>) {
  const { body, contentType } = airspaceForm(text, fields);
  return client.request('POST', '/api/airspace/files', body, { 'content-type': contentType });
}

/** PUT /api/airspace/files/:id: the fields to change, and the new file unless it is null (only the name or the dates change). */
export async function replaceFile(client: Client, id: number, text: string | Buffer | null, fields: Record<string, string>) {
  const { body, contentType } = airspaceForm(text, fields);
  return client.request('PUT', `/api/airspace/files/${id}`, body, { 'content-type': contentType });
}
