import Database from 'better-sqlite3';
import { badRequest, HttpError } from '../http';
import { RowError, type CsvLayout, type ImportRow } from './formats';


/**
 * A row of Logfly's table of flights, as Logfly creates and fills it (github.com/giloutho/Logfly,
 * src/utils/db/db-basic.js createDb, src/utils/db/db-add.js addFlight): V_Date the local takeoff
 * "YYYY-MM-DD HH:MM:SS", V_Duree seconds, UTC the offset east of UTC in minutes, V_IGC the track's
 * IGC text (empty for a flight entered by hand).
 */
interface VolRow {
  V_ID: number;
  V_Date: string | null;
  V_Duree: number | null;
  V_LatDeco: number | null;
  V_LongDeco: number | null;
  V_Site: string | null;
  V_Commentaire: string | null;
  V_IGC: string | null;
  UTC: number | null;
  V_Engin: string | null;
}

/** A track Logfly keeps in its database (V_IGC), as a file to analyse. */
export interface LogflyTrack {
  name: string;
  bytes: Buffer;
}

/** What a Logfly database holds: its flights as import rows, and the IGC tracks Logfly stored with them. */
export interface LogflyBook {
  rows: ImportRow[];
  tracks: LogflyTrack[];
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Reads Logfly's logbook database (its bytes, opened in memory, read only); refuses a SQLite file without Logfly's table. */
export function readLogflyDb(bytes: Buffer): LogflyBook {
  let db: Database.Database;
  try {
    db = new Database(bytes, { readonly: true });
  } catch {
    throw badRequest('The SQLite file could not be opened: it is damaged.');
  }
  try {
    const columns = new Set((db.prepare("SELECT name FROM pragma_table_info('Vol')").all() as { name: string }[]).map((c) => c.name));
    for (const needed of ['V_Date', 'V_Duree', 'V_Site']) if (!columns.has(needed)) throw badRequest("This database is not a Logfly logbook (no table Vol with V_Date, V_Duree and V_Site).");
    const pick = (c: string) => (columns.has(c) ? c : `NULL AS ${c}`);
    const vols = db
      .prepare(`SELECT V_ID, V_Date, V_Duree, ${['V_LatDeco', 'V_LongDeco', 'V_Commentaire', 'V_IGC', 'UTC', 'V_Engin'].map(pick).join(', ')}, V_Site FROM Vol ORDER BY V_Date, V_ID`)
      .all() as VolRow[];
    const tracks: LogflyTrack[] = [];
    const rows = vols.map((v): ImportRow => {
      const igc = text(v.V_IGC);
      // Named after Logfly's flight and its date, as the ledger lists it (no pilot's file name is kept in V_IGC).
      if (igc) tracks.push({ name: `logfly-${v.V_ID}-${(v.V_Date ?? '').slice(0, 10) || 'undated'}.igc`, bytes: Buffer.from(igc, 'utf8') });
      const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/.exec(v.V_Date ?? '');
      const site = text(v.V_Site);
      const hasPosition = typeof v.V_LatDeco === 'number' && typeof v.V_LongDeco === 'number' && !(v.V_LatDeco === 0 && v.V_LongDeco === 0);
      return {
        local: m ? { date: m[1]!, time: m[2]!.length === 5 ? `${m[2]}:00` : m[2]! } : { date: '', time: '' },
        utcOffsetMinutes: typeof v.UTC === 'number' ? v.UTC : undefined,
        flightTime: Number(v.V_Duree ?? 0),
        launch: site ? (hasPosition ? { name: site, latitude: v.V_LatDeco!, longitude: v.V_LongDeco! } : { name: site }) : null,
        landing: null,
        glider: text(v.V_Engin),
        notes: text(v.V_Commentaire),
      };
    });
    return { rows, tracks };
  } catch (err) {
    // SQLite reads pages only when asked: a damaged file fails here, not when opened.
    if (err instanceof HttpError) throw err;
    throw badRequest('The SQLite file could not be read: it is damaged.');
  } finally {
    db.close();
  }
}

/** The rows as the CSV planner reads them: each "record" is the index of a row read from the database. */
export function logflyLayout(book: LogflyBook): { layout: CsvLayout; records: string[][] } {
  return {
    layout: {
      format: 'logfly',
      mapped: new Set([0]),
      read(cells) {
        const row = book.rows[Number(cells[0])]!;
        if (!row.local?.date) throw new RowError('V_Date is not a date and time (YYYY-MM-DD HH:MM:SS).');
        return row;
      },
    },
    records: book.rows.map((_, i) => [String(i)]),
  };
}
