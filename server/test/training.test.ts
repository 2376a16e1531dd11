import { runAdminCommand } from '../src/admin-cli';
import { describeEachDatabase, Client, signedInClient, startTestApp, type TestContext } from './helpers/app';
import { seedFlights } from './helpers/flights';
import { pdfText } from './helpers/pdf-text';

type Pilot = Awaited<ReturnType<typeof signedInClient>>;

describeEachDatabase('roles and the training log', (kind) => {
  let ctx: TestContext;
  const db = () => ctx.services.database.db;
  const anon = () => new Client(ctx.app);
  let admin: Pilot;
  let instructor: Pilot;
  let student: Pilot;
  let flights: number[];
  let exerciseIds: Record<string, number>;

  const grant = async (pilot: Pilot, role: string) => expect((await admin.client.put('/api/admin/roles', { email: pilot.user.email, role, granted: true })).statusCode).toBe(204);
  const count = async (table: 'trainingRequests' | 'trainingExercises' | 'userRoles') => Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const signedRows = () => db().selectFrom('trainingRequests').selectAll().where('studentId', '=', student.user.id).where('status', '=', 'signed').execute();

  beforeAll(async () => {
    ctx = await startTestApp(kind, {}, { workers: false });
    admin = await signedInClient(ctx, { role: 'Admin' });
    instructor = await signedInClient(ctx);
    student = await signedInClient(ctx);
    await db().updateTable('users').set({ displayName: 'Ines Instructor' }).where('id', '=', instructor.user.id).execute();
    await db().updateTable('users').set({ displayName: 'Žana Študentka' }).where('id', '=', student.user.id).execute();
    await runAdminCommand(db(), ['grant-role', instructor.user.email, 'instructor']);
    flights = await seedFlights(db(), student.user.id, [
      { startTime: '2026-05-01T10:00:00.000Z', endTime: '2026-05-01T11:00:00.000Z', site: 'Kobala' },
      { startTime: '2026-05-02T10:00:00.000Z', endTime: '2026-05-02T10:30:00.000Z', site: 'Kobala' },
      { startTime: '2026-05-03T10:00:00.000Z', endTime: '2026-05-03T10:30:00.000Z', site: 'Kobala' },
    ]);
    const { exercises } = (await student.client.get('/api/training/exercises')).json() as { exercises: { id: number; key: string | null; name: string }[] };
    exerciseIds = Object.fromEntries(exercises.map((e) => [e.key ?? e.name, e.id]));
  });
  afterAll(() => ctx.close());

  it('lets only an admin grant and take back roles, by screen and by CLI', async () => {
    const other = await signedInClient(ctx);
    const before = await count('userRoles');
    expect((await other.client.put('/api/admin/roles', { email: other.user.email, role: 'instructor', granted: true })).statusCode).toBe(403);
    expect((await anon().put('/api/admin/roles', { email: other.user.email, role: 'instructor', granted: true })).statusCode).toBe(401);
    expect((await other.client.get('/api/admin/roles')).statusCode).toBe(403);
    for (const body of [{}, { email: 'not-an-email', role: 'instructor', granted: true }, { email: other.user.email, role: 'pope', granted: true }, { email: other.user.email, role: 'instructor' }]) {
      const res = await admin.client.put('/api/admin/roles', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await admin.client.put('/api/admin/roles', { email: 'nobody@example.com', role: 'instructor', granted: true })).statusCode).toBe(404);
    expect(await count('userRoles')).toBe(before);

    const newInstructor = await signedInClient(ctx);
    await grant(newInstructor, 'instructor');
    await grant(newInstructor, 'instructor'); // twice is once
    expect((await newInstructor.client.get('/api/roles/mine')).json()).toEqual({ roles: ['instructor'] });
    expect((await instructor.client.get('/api/roles/mine')).json()).toEqual({ roles: ['instructor'] });
    expect((await other.client.get('/api/roles/mine')).json()).toEqual({ roles: [] });
    expect((await admin.client.get('/api/admin/roles')).json().holders).toEqual(expect.arrayContaining([expect.objectContaining({ email: newInstructor.user.email, roles: ['instructor'] })]));
    expect((await admin.client.put('/api/admin/roles', { email: newInstructor.user.email, role: 'instructor', granted: false })).statusCode).toBe(204);
    expect((await newInstructor.client.get('/api/roles/mine')).json()).toEqual({ roles: [] });

    expect(await runAdminCommand(db(), ['grant-role', other.user.email.toUpperCase(), 'safety-officer'])).toBe(`${other.user.email} now has the role safety-officer.`);
    expect((await other.client.get('/api/roles/mine')).json()).toEqual({ roles: ['safety-officer'] });
    expect(await runAdminCommand(db(), ['roles'])).toContain(`${other.user.email} (${other.user.username}): safety-officer`);
    await expect(runAdminCommand(db(), ['grant-role', other.user.email, 'bishop'])).rejects.toThrow('The role must be one of: instructor, safety-officer.');
    expect(await runAdminCommand(db(), ['revoke-role', other.user.email, 'safety-officer'])).toBe(`${other.user.email} no longer has the role safety-officer.`);
    expect((await other.client.get('/api/roles/mine')).json()).toEqual({ roles: [] });
  });

  it('seeds the exercise list; instructors add and retire exercises, nobody else; bad names change nothing', async () => {
    expect(Object.keys(exerciseIds)).toEqual(expect.arrayContaining(['ground-handling', 'big-ears', 'top-landing', 'spiral-dive', 'siv']));
    const before = await count('trainingExercises');
    expect((await student.client.post('/api/training/exercises', { name: 'Acro' })).statusCode).toBe(403);
    expect((await student.client.delete(`/api/training/exercises/${exerciseIds['big-ears']}`)).statusCode).toBe(403);
    for (const body of [{}, { name: ' a ' }, { name: 'x'.repeat(81) }, { name: 7 }]) expect((await instructor.client.post('/api/training/exercises', body)).statusCode).toBe(400);
    expect((await instructor.client.post('/api/training/exercises', { name: 'big ears' })).statusCode).toBe(409);
    expect(await count('trainingExercises')).toBe(before);

    const added = await instructor.client.post('/api/training/exercises', { name: 'Wingover' });
    expect(added.statusCode).toBe(201);
    expect((await instructor.client.delete(`/api/training/exercises/${added.json().id}`)).statusCode).toBe(204);
    expect((await instructor.client.delete('/api/training/exercises/999999')).statusCode).toBe(404);
    const list = (await student.client.get('/api/training/exercises')).json().exercises;
    expect(list).toContainEqual({ id: added.json().id, key: null, name: 'Wingover', retired: true });
    // A retired exercise cannot be asked for.
    const res = await student.client.post('/api/training/requests', { instructor: instructor.user.email, flightIds: [], exerciseIds: [added.json().id] });
    expect(res.statusCode).toBe(400);
  });

  it('sends requests only to instructors, only with the student’s own flights; bad input changes nothing', async () => {
    const notInstructor = await signedInClient(ctx);
    const stranger = await signedInClient(ctx);
    const [strangerFlight] = await seedFlights(db(), stranger.user.id, [{ startTime: '2026-05-04T10:00:00.000Z' }]);
    const before = await count('trainingRequests');
    const ask = (body: object, client = student.client) => client.post('/api/training/requests', body);
    const fine = { instructor: instructor.user.email, flightIds: [flights[0]], exerciseIds: [exerciseIds['big-ears']] };

    const notOne = await ask({ ...fine, instructor: notInstructor.user.email });
    expect(notOne.statusCode).toBe(404);
    expect(notOne.json().message).toBe('No instructor with this email or username.');
    expect((await ask({ ...fine, instructor: 'nobody@example.com' })).statusCode).toBe(404);
    expect((await ask({ ...fine, flightIds: [strangerFlight] })).statusCode).toBe(404);
    expect((await ask({ ...fine, exerciseIds: [999999] })).statusCode).toBe(400);
    expect((await ask({ ...fine, instructor: student.user.email })).statusCode).toBe(404);
    for (const body of [{}, { ...fine, instructor: '' }, { ...fine, exerciseIds: [] }, { ...fine, flightIds: 'all' }, { ...fine, flightIds: [flights[0], flights[0]] }, { ...fine, note: 'x'.repeat(2001) }]) {
      const res = await ask(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await anon().post('/api/training/requests', fine)).statusCode).toBe(401);
    expect(await count('trainingRequests')).toBe(before);

    // An instructor who asks themselves is refused.
    expect((await ask({ ...fine, instructor: instructor.user.username, flightIds: [] }, instructor.client)).statusCode).toBe(400);
    // By username, in any case.
    expect((await ask({ ...fine, instructor: instructor.user.username.toUpperCase() })).statusCode).toBe(201);
    expect(await count('trainingRequests')).toBe(before + 1);
  });

  it('signs into a chain; another instructor’s or pilot’s ids are 404 and change nothing; a changed flight breaks the log at its entry', async () => {
    const otherInstructor = await signedInClient(ctx);
    await grant(otherInstructor, 'instructor');
    const ask = async (flightIds: number[], exercises: string[]) =>
      (await student.client.post('/api/training/requests', { instructor: instructor.user.email, flightIds, exerciseIds: exercises.map((e) => exerciseIds[e]), note: 'Please sign' })).json().id as number;
    const first = await ask([flights[0]!], ['ground-handling', 'big-ears']);
    const second = await ask([flights[1]!], ['top-landing']);
    const third = await ask([flights[2]!], ['spiral-dive']);

    const incoming = (await instructor.client.get('/api/training/requests')).json().requests;
    expect(incoming.find((r: { id: number }) => r.id === first)).toMatchObject({ status: 'pending', person: 'Žana Študentka', note: 'Please sign', flights: [{ id: flights[0], place: 'Kobala' }] });
    expect((await student.client.get('/api/training/requests')).statusCode).toBe(403);
    expect((await otherInstructor.client.get('/api/training/requests')).json().requests).toEqual([]);

    // Not addressed to them: 404, nothing changed.
    expect((await otherInstructor.client.post(`/api/training/requests/${first}/sign`, {})).statusCode).toBe(404);
    expect((await student.client.post(`/api/training/requests/${first}/sign`, {})).statusCode).toBe(403);
    expect((await instructor.client.post('/api/training/requests/999999/sign', {})).statusCode).toBe(404);
    expect((await instructor.client.post(`/api/training/requests/${first}/sign`, { comment: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await instructor.client.post(`/api/training/requests/${third}/decline`, {})).statusCode).toBe(400);
    expect(await signedRows()).toEqual([]);

    expect((await instructor.client.post(`/api/training/requests/${first}/sign`, { comment: 'Clean big ears' })).statusCode).toBe(204);
    expect((await instructor.client.post(`/api/training/requests/${first}/sign`, {})).statusCode).toBe(409);
    expect((await instructor.client.post(`/api/training/requests/${second}/sign`, {})).statusCode).toBe(204);
    expect((await instructor.client.post(`/api/training/requests/${third}/decline`, { comment: 'Not yet: too fast' })).statusCode).toBe(204);

    const rows = await signedRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.previousHash).toBe('0'.repeat(64));
    expect(rows[1]!.previousHash).toBe(rows[0]!.hash);
    expect(JSON.parse(rows[0]!.signedContent!)).toMatchObject({ instructor: instructor.user.id, comment: 'Clean big ears', flights: [{ id: flights[0], startTime: '2026-05-01T10:00:00.000Z', endTime: '2026-05-01T11:00:00.000Z', trackHash: expect.any(String) }] });

    let log = (await student.client.get('/api/training/log')).json();
    expect(log).toMatchObject({ intact: true, brokenEntryId: null, verificationCode: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/) });
    expect(log.entries.map((e: { id: number; instructor: string; intact: boolean }) => [e.id, e.instructor, e.intact])).toEqual([[first, 'Ines Instructor', true], [second, 'Ines Instructor', true]]);
    expect(log.requests.filter((r: { status: string }) => r.status !== 'pending')).toEqual([expect.objectContaining({ id: third, status: 'declined', comment: 'Not yet: too fast' })]);

    const code = log.verificationCode as string;
    const publicLog = await anon().get(`/api/public/training/${code.toLowerCase()}`);
    expect(publicLog.statusCode).toBe(200);
    expect(publicLog.json()).toEqual({
      student: 'Žana Študentka',
      intact: true,
      entries: [
        { number: 1, instructor: 'Ines Instructor', signedAt: expect.any(String), exercises: [expect.objectContaining({ key: 'ground-handling' }), expect.objectContaining({ key: 'big-ears' })], intact: true },
        { number: 2, instructor: 'Ines Instructor', signedAt: expect.any(String), exercises: [expect.objectContaining({ key: 'top-landing' })], intact: true },
      ],
    });
    // No flight times or places of the (private) flights, no email, no ids.
    expect(publicLog.body).not.toContain('2026-05-01');
    expect(publicLog.body).not.toContain('Kobala');
    expect(publicLog.body).not.toContain(student.user.email);
    expect((await anon().get('/api/public/training/NOPE-NOPE-NOPE')).statusCode).toBe(404);

    // The student edits the first signed flight's times: the log says so, at that entry.
    await db().updateTable('flights').set({ endTime: '2026-05-01T11:30:00.000Z' }).where('id', '=', flights[0]!).execute();
    log = (await student.client.get('/api/training/log')).json();
    expect(log.intact).toBe(false);
    expect(log.brokenEntryId).toBe(first);
    expect(log.entries.map((e: { intact: boolean; changes: string[] }) => [e.intact, e.changes])).toEqual([[false, ['flight-times']], [true, []]]);
    expect((await anon().get(`/api/public/training/${code}`)).json()).toMatchObject({ intact: false, entries: [{ number: 1, intact: false }, { number: 2, intact: true }] });
    await db().updateTable('flights').set({ endTime: '2026-05-01T11:00:00.000Z' }).where('id', '=', flights[0]!).execute();
    expect((await student.client.get('/api/training/log')).json().intact).toBe(true);

    // A signed record rewritten in the database (its comment) no longer matches its hash.
    await db().updateTable('trainingRequests').set({ signedContent: rows[1]!.signedContent!.replace('"comment":null', '"comment":"Signed off SIV"') }).where('id', '=', second).execute();
    log = (await student.client.get('/api/training/log')).json();
    expect(log.brokenEntryId).toBe(second);
    expect(log.entries[1].changes).toEqual(['signature']);
    await db().updateTable('trainingRequests').set({ signedContent: rows[1]!.signedContent }).where('id', '=', second).execute();

    // Each part of what was signed is watched: the recording replaced, an exercise renamed, the flight removed.
    const changesNow = async () => (await student.client.get('/api/training/log')).json().entries.map((e: { changes: string[] }) => e.changes);
    const file = await db().selectFrom('flights').innerJoin('igcFiles', 'igcFiles.id', 'flights.igcFileId').select(['igcFiles.id', 'igcFiles.sha256']).where('flights.id', '=', flights[1]!).executeTakeFirstOrThrow();
    await db().updateTable('igcFiles').set({ sha256: 'f'.repeat(64) }).where('id', '=', file.id).execute();
    expect(await changesNow()).toEqual([[], ['flight-track']]);
    await db().updateTable('igcFiles').set({ sha256: file.sha256 }).where('id', '=', file.id).execute();
    const { name: topLanding } = await db().selectFrom('trainingExercises').select('name').where('id', '=', exerciseIds['top-landing']!).executeTakeFirstOrThrow();
    await db().updateTable('trainingExercises').set({ name: 'Top landing (easy)' }).where('id', '=', exerciseIds['top-landing']!).execute();
    expect(await changesNow()).toEqual([[], ['exercises']]);
    await db().updateTable('trainingExercises').set({ name: topLanding }).where('id', '=', exerciseIds['top-landing']!).execute();
    await db().updateTable('flights').set({ removalReason: 99, removalDate: '2026-05-05T00:00:00.000Z' }).where('id', '=', flights[0]!).execute();
    expect(await changesNow()).toEqual([['flight-missing'], []]);
    expect((await student.client.get('/api/training/log')).json().brokenEntryId).toBe(first);
    await db().updateTable('flights').set({ removalReason: null, removalDate: null }).where('id', '=', flights[0]!).execute();
    expect((await student.client.get('/api/training/log')).json().intact).toBe(true);

    // A new code voids the old one.
    const renewed = (await student.client.post('/api/training/code')).json().code;
    expect(renewed).not.toBe(code);
    expect((await anon().get(`/api/public/training/${code}`)).statusCode).toBe(404);
    expect((await anon().get(`/api/public/training/${renewed}`)).json().intact).toBe(true);

    // The PDF carries the code and the entries, read back as text.
    const pdf = await student.client.get('/api/training/log.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Verification code: ${renewed}`);
    expect(text).toContain('Student: Žana Študentka');
    expect(text).toContain('Signed by Ines Instructor');
    expect(text).toContain('Exercises: Ground handling, Big ears');
    expect(text).toContain('Comment: Clean big ears');
    expect(text).toContain('Log intact: yes');
    expect((await anon().get('/api/training/log.pdf')).statusCode).toBe(401);
  });
});
