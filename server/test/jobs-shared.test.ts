import { sql } from 'kysely';
import { distanceKm } from '../src/analysis/geo';
import { createServices, type Services } from '../src/services';
import { ANALYSE_FILE } from '../src/ingest/analyse-file-job';
import { season } from '../../scripts/synthetic-igc';
import { signedInClient, startTestApp } from './helpers/app';
import { makeZip, multipart } from './helpers/archives';

const describePg = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/** Two processes' worker pools on one PostgreSQL database (pg-boss): every file is analysed exactly once. */
describePg('two workers sharing one PostgreSQL database', () => {
  it('analyses each file once and creates each flight once', async () => {
    const web = await startTestApp('postgres', { WORKERS: '1', SMALL_UPLOAD_MAX_FILES: '1' });
    let second: Services | undefined;
    try {
      second = await createServices(web.services.config);
      const runs = [0, 0];
      // Count the analysed files each process reports through its "flights changed" hook.
      for (const [i, s] of [web.services, second].entries()) {
        const changed = s.ingest.flightsChanged;
        s.ingest.flightsChanged = async (userId) => {
          runs[i]!++;
          await changed(userId);
        };
      }
      const { client, user } = await signedInClient(web);
      const files = season(8).map((f) => ({ name: f.name, data: Buffer.from(f.igc) }));
      const { payload, headers } = multipart([{ name: 'season.zip', data: makeZip(files) }]);
      expect((await client.request('POST', '/api/FlightDetail/upload', payload, headers)).json()).toMatchObject({ isLargeUpload: true, estimatedFlightCount: 8 });
      await Promise.all([web.services.queue.drain(), second.queue.drain()]);
      const db = web.services.database.db;
      const { rows: jobs } = await sql<{ state: string; retryCount: number }>`SELECT state, retry_count FROM pgboss.job WHERE name = ${ANALYSE_FILE}`.execute(db);
      expect(runs[0]! + runs[1]!).toBe(8);
      expect(jobs).toHaveLength(8);
      expect(jobs.every((j) => j.state === 'completed' && j.retryCount === 0)).toBe(true);
      const flights = await db.selectFrom('flights').select(['igcFileId', 'status', 'siteId']).where('userId', '=', user.id).execute();
      expect(flights).toHaveLength(8);
      expect(new Set(flights.map((f) => f.igcFileId)).size).toBe(8);
      expect(flights.every((f) => f.status === 'Completed')).toBe(true);
      // The season flies from three launch sites; the two processes created each site (launch or landing) once.
      expect(new Set(flights.map((f) => f.siteId)).size).toBe(3);
      const sites = await db.selectFrom('sites').select(['latitude', 'longitude']).where('userId', '=', user.id).execute();
      const tooClose = sites.flatMap((a, i) => sites.slice(i + 1).filter((b) => distanceKm(a, b) < 0.3));
      expect(tooClose).toEqual([]);
    } finally {
      await second?.close();
      await web.close();
    }
  });
});
