// npm run admin -- grant EMAIL | revoke EMAIL | list
import { loadConfig } from './config';
import { migrate, openDatabase, type Db } from './db';

export async function runAdminCommand(db: Db, args: string[]): Promise<string> {
  const [command, rawEmail] = args;
  const email = rawEmail?.trim().toLowerCase();
  if (command === 'list') {
    const admins = await db.selectFrom('users').select(['email', 'username']).where('role', '=', 'Admin').orderBy('email').execute();
    return admins.length ? admins.map((a) => `${a.email} (${a.username})`).join('\n') : 'No administrators.';
  }
  if ((command === 'grant' || command === 'revoke') && email) {
    const role = command === 'grant' ? 'Admin' : 'User';
    const res = await db.updateTable('users').set({ role }).where('email', '=', email).executeTakeFirst();
    if (!Number(res.numUpdatedRows)) throw new Error(`No user with email ${email}.`);
    return `${email} now has role ${role}.`;
  }
  throw new Error('Usage: npm run admin -- grant EMAIL | revoke EMAIL | list');
}

if (require.main === module) {
  const config = loadConfig();
  const database = openDatabase(config);
  migrate(database)
    .then(() => runAdminCommand(database.db, process.argv.slice(2)))
    .then((out) => console.log(out))
    .catch((err: Error) => {
      console.error(err.message);
      process.exitCode = 1;
    })
    .finally(() => database.close());
}
