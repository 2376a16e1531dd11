// npm run admin -- grant EMAIL | revoke EMAIL | list | grant-role EMAIL ROLE | revoke-role EMAIL ROLE | roles
import { loadConfig } from './config';
import { ROLES } from '../../contract/roles';
import { migrate, openDatabase, type Db } from './db';
import { roleHolders, setRole } from './roles';

export async function runAdminCommand(db: Db, args: string[]): Promise<string> {
  const [command, rawEmail, rawRole] = args;
  const email = rawEmail?.trim().toLowerCase();
  // Instructor and safety officer (docs/career.md, "Roles"), the same rule as the admin screen's.
  if (command === 'roles') {
    const { holders } = await roleHolders({ database: { db } });
    return holders.length ? holders.map((h) => `${h.email} (${h.username}): ${h.roles.join(', ')}`).join('\n') : 'No pilot holds a role.';
  }
  if ((command === 'grant-role' || command === 'revoke-role') && email) {
    const role = ROLES.find((r) => r === rawRole);
    if (!role) throw new Error(`The role must be one of: ${ROLES.join(', ')}.`);
    await setRole({ database: { db } }, { email, role, granted: command === 'grant-role' });
    return `${email} ${command === 'grant-role' ? 'now has' : 'no longer has'} the role ${role}.`;
  }
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
  throw new Error(`Usage: npm run admin -- grant EMAIL | revoke EMAIL | list | grant-role EMAIL ROLE | revoke-role EMAIL ROLE | roles (ROLE: ${ROLES.join(', ')})`);
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
