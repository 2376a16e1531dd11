import type { Language } from '../../../contract/auth';
import type { Db } from '../db';
import { digestCounts } from './service';

type DigestLines = { followers: (names: string) => string; likes: (n: number) => string; reportsHandled: (n: number) => string; commentsHidden: (n: number) => string };
/** The bell's lines of the daily mail in the seven interface languages ("label: count" needs no plural forms). */
const LINES: Record<Language, DigestLines> = {
  en: { followers: (s) => `New followers: ${s}`, likes: (n) => `New likes on your flights: ${n}`, reportsHandled: (n) => `Your reports handled by a moderator: ${n}`, commentsHidden: (n) => `Your comments removed by a moderator: ${n}` },
  fr: { followers: (s) => `Nouveaux abonnés : ${s}`, likes: (n) => `Nouveaux « j’aime » sur vos vols : ${n}`, reportsHandled: (n) => `Vos signalements traités par un modérateur : ${n}`, commentsHidden: (n) => `Vos commentaires retirés par un modérateur : ${n}` },
  de: { followers: (s) => `Neue Follower: ${s}`, likes: (n) => `Neue Likes für deine Flüge: ${n}`, reportsHandled: (n) => `Deine Meldungen, von einem Moderator bearbeitet: ${n}`, commentsHidden: (n) => `Deine Kommentare, von einem Moderator entfernt: ${n}` },
  it: { followers: (s) => `Nuovi follower: ${s}`, likes: (n) => `Nuovi «mi piace» ai tuoi voli: ${n}`, reportsHandled: (n) => `Tue segnalazioni gestite da un moderatore: ${n}`, commentsHidden: (n) => `Tuoi commenti rimossi da un moderatore: ${n}` },
  es: { followers: (s) => `Nuevos seguidores: ${s}`, likes: (n) => `Nuevos «me gusta» en tus vuelos: ${n}`, reportsHandled: (n) => `Tus denuncias atendidas por un moderador: ${n}`, commentsHidden: (n) => `Tus comentarios retirados por un moderador: ${n}` },
  cs: { followers: (s) => `Noví sledující: ${s}`, likes: (n) => `Nová „líbí se“ u vašich letů: ${n}`, reportsHandled: (n) => `Vaše nahlášení vyřízená moderátorem: ${n}`, commentsHidden: (n) => `Vaše komentáře odstraněné moderátorem: ${n}` },
  sl: { followers: (s) => `Novi sledilci: ${s}`, likes: (n) => `Novi všečki na vaših letih: ${n}`, reportsHandled: (n) => `Vaše prijave, ki jih je obravnaval moderator: ${n}`, commentsHidden: (n) => `Vaši komentarji, ki jih je odstranil moderator: ${n}` },
};

/**
 * The daily mail's section for the bell (docs/notifications.md): one line per kind that happened since
 * `since` ('' for ever), new comments left out (the digest lists those per flight). Empty when nothing did.
 */
export async function notificationDigestLines(db: Db, userId: number, since: string, language: Language): Promise<string[]> {
  const c = await digestCounts(db, userId, since);
  const t = LINES[language];
  return [
    ...(c.followers.length ? [t.followers(c.followers.join(', '))] : []),
    ...(c.likes ? [t.likes(c.likes)] : []),
    ...(c.reportsHandled ? [t.reportsHandled(c.reportsHandled)] : []),
    ...(c.commentsHidden ? [t.commentsHidden(c.commentsHidden)] : []),
  ].map((line) => `- ${line}`);
}
