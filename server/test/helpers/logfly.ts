import type { Client } from './app';
import { multipart } from './archives';

/** Logfly's table of flights as Logfly creates it (server/test/fixtures/formats/SOURCES.md quotes the source). */
export const LOGFLY_VOL_TABLE =
  'CREATE TABLE Vol (V_ID integer NOT NULL PRIMARY KEY, V_Date TimeStamp, V_Duree integer,' +
  'V_sDuree varchar(20), V_LatDeco double, V_LongDeco double, V_AltDeco integer, ' +
  'V_Site varchar(100), V_Pays varchar(50), V_Commentaire Long Text, V_IGC Long Text, V_Photos Long Text,UTC integer, V_CFD integer,V_Engin Varchar(10), ' +
  'V_League integer, V_Score Long Text)';

/** A logbook file (CSV or Logfly database) sent to the Data page's import. */
export function importLogbookFile(client: Client, data: Buffer, name: string) {
  const { payload, headers } = multipart([{ name, data }]);
  return client.request('POST', '/api/import/csv', payload, headers);
}
