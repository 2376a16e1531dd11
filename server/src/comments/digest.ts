import { sql } from 'kysely';
import { LANGUAGES, type Language } from '../../../contract/auth';
import type { Config } from '../config';
import type { Db } from '../db';
import type { Mailer } from '../mail';
import { commentShown, madePublic } from '../privacy';

/** A pilot gets at most one digest per day. */
export const DIGEST_EVERY_MS = 24 * 3600 * 1000;

type DigestText = { subject: (n: number) => string; intro: string; comments: (n: number) => string; footer: string; newsSubject: string; newsIntro: string };
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
/** The digest in the seven interface languages. */
const TEXTS: Record<Language, DigestText> = {
  en: { subject: (n) => `${n} new ${plural(n, 'comment', 'comments')} on your flights`, intro: 'Pilots commented on your flights:', comments: (n) => `${n} new ${plural(n, 'comment', 'comments')}`, footer: 'You can turn this daily mail off in your profile.', newsSubject: 'News from your flight logbook', newsIntro: 'Since the last mail:' },
  fr: { subject: (n) => `${n} ${plural(n, 'nouveau commentaire', 'nouveaux commentaires')} sur vos vols`, intro: 'Des pilotes ont commenté vos vols :', comments: (n) => `${n} ${plural(n, 'nouveau commentaire', 'nouveaux commentaires')}`, footer: 'Vous pouvez désactiver ce message quotidien dans votre profil.', newsSubject: 'Du nouveau dans votre carnet de vol', newsIntro: 'Depuis le dernier message :' },
  de: { subject: (n) => `${n} ${plural(n, 'neuer Kommentar', 'neue Kommentare')} zu deinen Flügen`, intro: 'Piloten haben deine Flüge kommentiert:', comments: (n) => `${n} ${plural(n, 'neuer Kommentar', 'neue Kommentare')}`, footer: 'Du kannst diese tägliche Nachricht in deinem Profil abschalten.', newsSubject: 'Neues aus deinem Flugbuch', newsIntro: 'Seit der letzten Nachricht:' },
  it: { subject: (n) => `${n} ${plural(n, 'nuovo commento', 'nuovi commenti')} ai tuoi voli`, intro: 'Alcuni piloti hanno commentato i tuoi voli:', comments: (n) => `${n} ${plural(n, 'nuovo commento', 'nuovi commenti')}`, footer: 'Puoi disattivare questa e-mail giornaliera nel tuo profilo.', newsSubject: 'Novità dal tuo libretto di volo', newsIntro: 'Dall’ultima e-mail:' },
  es: { subject: (n) => `${n} ${plural(n, 'comentario nuevo', 'comentarios nuevos')} en tus vuelos`, intro: 'Otros pilotos han comentado tus vuelos:', comments: (n) => `${n} ${plural(n, 'comentario nuevo', 'comentarios nuevos')}`, footer: 'Puedes desactivar este correo diario en tu perfil.', newsSubject: 'Novedades de tu libro de vuelo', newsIntro: 'Desde el último correo:' },
  cs: { subject: (n) => `Nové komentáře k vašim letům: ${n}`, intro: 'Piloti komentovali vaše lety:', comments: (n) => `nové komentáře: ${n}`, footer: 'Tento denní e-mail můžete vypnout ve svém profilu.', newsSubject: 'Novinky z vašeho letového deníku', newsIntro: 'Od posledního e-mailu:' },
  sl: { subject: (n) => `Novi komentarji na vaše lete: ${n}`, intro: 'Piloti so komentirali vaše lete:', comments: (n) => `novi komentarji: ${n}`, footer: 'To dnevno sporočilo lahko izklopite v svojem profilu.', newsSubject: 'Novice iz vašega dnevnika letenja', newsIntro: 'Od zadnjega sporočila:' },
};

/** Per pilot who wants the digest and has had none for a day: their new comments by others, per flight. */
function pendingDigests(db: Db, dueBefore: string) {
  return db
    .selectFrom('comments')
    .innerJoin('flights', 'flights.id', 'comments.flightId')
    .innerJoin('users', 'users.id', 'flights.userId')
    .innerJoin('flightShares', 'flightShares.flightId', 'flights.id')
    .select((eb) => ['users.id as userId', 'users.email', 'users.displayName', 'users.username', 'users.preferredLanguage', 'users.digestSentAt', 'flightShares.token', 'flights.localDate', 'flights.takeoffLocation', eb.fn.countAll().as('n')])
    .where('users.commentDigest', '=', 1)
    .where('users.emailVerifiedAt', 'is not', null)
    .where((eb) => eb.or([eb('users.digestSentAt', 'is', null), eb('users.digestSentAt', '<=', dueBefore)]))
    .whereRef('comments.authorId', '!=', 'flights.userId')
    .where('comments.hiddenAt', 'is', null)
    .where(commentShown)
    .where(madePublic)
    .where((eb) => eb('comments.createdAt', '>', eb.fn.coalesce('users.digestSentAt', 'users.commentsSeenAt', sql.lit(''))))
    .groupBy(['users.id', 'users.email', 'users.displayName', 'users.username', 'users.preferredLanguage', 'users.digestSentAt', 'flightShares.token', 'flights.localDate', 'flights.takeoffLocation'])
    .execute();
}

/** Claims the pilot's digest for now; false when another process (or an earlier run) sent it already. */
async function claimDigest(db: Db, userId: number, previous: string | null, now: string): Promise<boolean> {
  const q = db.updateTable('users').set({ digestSentAt: now }).where('id', '=', userId);
  const res = await (previous === null ? q.where('digestSentAt', 'is', null) : q.where('digestSentAt', '=', previous)).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * More the composition root adds to a pilot's digest (the bell's news since the last digest,
 * docs/notifications.md; the gear reminders, docs/career.md), or null. `since` is when the previous
 * digest went out (null for the first).
 */
export type DigestSection = (userId: number, language: Language, now: Date, since: string | null) => Promise<string | null>;

/** What the composition root adds to the daily mail: its section, and the pilots beside those with new comments who may have news for it. */
export interface DigestExtras {
  section: DigestSection;
  pilotsWithNews?: () => Promise<number[]>;
}

/** The pilots among `ids` who want the digest, have a verified address and had none for a day. */
function duePilots(db: Db, ids: number[], dueBefore: string) {
  return db
    .selectFrom('users')
    .select(['users.id as userId', 'users.email', 'users.displayName', 'users.username', 'users.preferredLanguage', 'users.digestSentAt'])
    .where('users.id', 'in', ids)
    .where('users.commentDigest', '=', 1)
    .where('users.emailVerifiedAt', 'is not', null)
    .where((eb) => eb.or([eb('users.digestSentAt', 'is', null), eb('users.digestSentAt', '<=', dueBefore)]))
    .execute();
}

/** Gives a claimed digest back when it had nothing to say, so the day's mail can still go out later. */
async function releaseDigest(db: Db, userId: number, previous: string | null, claimed: string): Promise<void> {
  await db.updateTable('users').set({ digestSentAt: previous }).where('id', '=', userId).where('digestSentAt', '=', claimed).execute();
}

const languageOf = (preferred: string | null): Language => ((LANGUAGES as readonly string[]).includes(preferred ?? '') ? (preferred as Language) : 'en');

/**
 * Mails each pilot who wants it (profile: commentDigest) the comments by others on their public
 * flights since their last digest (or since they last looked), and what `extras` adds (the bell's
 * news), at most once a day. A pilot without new comments gets the mail when the extras have
 * something to say. Safe to run from every process at once: each digest is claimed in the database
 * before it is sent. Answers how many mails went out.
 */
export async function sendCommentDigests(services: { database: { db: Db }; mailer: Mailer; config: Pick<Config, 'publicUrl'> }, now = new Date(), extras?: DigestExtras): Promise<number> {
  const { db } = services.database;
  const { section: extra, pilotsWithNews } = extras ?? {};
  const dueBefore = new Date(now.getTime() - DIGEST_EVERY_MS).toISOString();
  const rows = await pendingDigests(db, dueBefore);
  const byPilot = new Map<number, typeof rows>();
  for (const r of rows) byPilot.set(r.userId, [...(byPilot.get(r.userId) ?? []), r]);
  let sent = 0;
  for (const [userId, flights] of byPilot) {
    const first = flights[0]!;
    if (!(await claimDigest(db, userId, first.digestSentAt, now.toISOString()))) continue;
    const language = languageOf(first.preferredLanguage);
    const t = TEXTS[language];
    const total = flights.reduce((sum, f) => sum + Number(f.n), 0);
    const lines = flights.map((f) => `- ${[f.localDate, f.takeoffLocation].filter(Boolean).join(' · ')}: ${t.comments(Number(f.n))}\n  ${services.config.publicUrl}/shared/${f.token}`);
    const name = first.displayName?.trim() || first.username;
    const section = extra ? await extra(userId, language, now, first.digestSentAt) : null;
    await services.mailer.send({ to: first.email, subject: t.subject(total), text: `${name},\n\n${t.intro}\n\n${lines.join('\n')}\n\n${section ? `${section}\n\n` : ''}${t.footer}\n` });
    sent += 1;
  }
  // The others with news (a new follower, a like, a moderator's decision) and no new comment.
  const others = extra && pilotsWithNews ? (await pilotsWithNews()).filter((id) => !byPilot.has(id)) : [];
  for (const pilot of others.length ? await duePilots(db, others, dueBefore) : []) {
    const claimed = now.toISOString();
    if (!(await claimDigest(db, pilot.userId, pilot.digestSentAt, claimed))) continue;
    const language = languageOf(pilot.preferredLanguage);
    const section = await extra!(pilot.userId, language, now, pilot.digestSentAt);
    if (!section) {
      await releaseDigest(db, pilot.userId, pilot.digestSentAt, claimed);
      continue;
    }
    const t = TEXTS[language];
    const name = pilot.displayName?.trim() || pilot.username;
    await services.mailer.send({ to: pilot.email, subject: t.newsSubject, text: `${name},\n\n${t.newsIntro}\n\n${section}\n\n${t.footer}\n` });
    sent += 1;
  }
  return sent;
}
