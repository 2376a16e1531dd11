import { LANGUAGES, type Language } from '../../../contract/auth';
import type { Config } from '../config';
import type { Db } from '../db';
import type { Mailer } from '../mail';
import { DUE_SOON_DAYS } from '../../../contract/gear';
import { dueChecksOf, gearOf } from './service';
import * as repo from './repository';

type ReminderText = { subject: (n: number) => string; intro: string; overdue: string; soon: (day: string) => string; soonHours: (hours: number) => string; link: string };
/** The reminder in the seven interface languages (German with "du"). */
const TEXTS: Record<Language, ReminderText> = {
  en: { subject: (n) => (n === 1 ? 'A gear check is due' : `${n} gear checks are due`), intro: 'These checks of your gear are due:', overdue: 'overdue', soon: (d) => `due on ${d}`, soonHours: (h) => `due in ${h} flight hours`, link: 'Your gear:' },
  fr: { subject: (n) => (n === 1 ? 'Une révision de matériel est à faire' : `${n} révisions de matériel sont à faire`), intro: 'Ces révisions de votre matériel sont à faire :', overdue: 'en retard', soon: (d) => `à faire le ${d}`, soonHours: (h) => `à faire dans ${h} heures de vol`, link: 'Votre matériel :' },
  de: { subject: (n) => (n === 1 ? 'Eine Ausrüstungsprüfung ist fällig' : `${n} Ausrüstungsprüfungen sind fällig`), intro: 'Diese Prüfungen deiner Ausrüstung sind fällig:', overdue: 'überfällig', soon: (d) => `fällig am ${d}`, soonHours: (h) => `fällig in ${h} Flugstunden`, link: 'Deine Ausrüstung:' },
  it: { subject: (n) => (n === 1 ? 'Un controllo dell’attrezzatura è in scadenza' : `${n} controlli dell’attrezzatura sono in scadenza`), intro: 'Questi controlli della tua attrezzatura sono in scadenza:', overdue: 'scaduto', soon: (d) => `scade il ${d}`, soonHours: (h) => `scade tra ${h} ore di volo`, link: 'La tua attrezzatura:' },
  es: { subject: (n) => (n === 1 ? 'Toca una revisión del equipo' : `Tocan ${n} revisiones del equipo`), intro: 'Tocan estas revisiones de tu equipo:', overdue: 'vencida', soon: (d) => `vence el ${d}`, soonHours: (h) => `vence en ${h} horas de vuelo`, link: 'Tu equipo:' },
  cs: { subject: (n) => `Kontroly vybavení k provedení: ${n}`, intro: 'Tyto kontroly vašeho vybavení jsou na řadě:', overdue: 'po termínu', soon: (d) => `termín ${d}`, soonHours: (h) => `za ${h} letových hodin`, link: 'Vaše vybavení:' },
  sl: { subject: (n) => `Pregledi opreme na vrsti: ${n}`, intro: 'Ti pregledi vaše opreme so na vrsti:', overdue: 'zamujeno', soon: (d) => `rok ${d}`, soonHours: (h) => `čez ${h} ur letenja`, link: 'Vaša oprema:' },
};

const languageOf = (preferred: string | null): Language => ((LANGUAGES as readonly string[]).includes(preferred ?? '') ? (preferred as Language) : 'en');

/**
 * Claims the pilot's due checks not mailed yet in their current cycle and answers the lines that say
 * them, or null when nothing is left to say. Each (check, cycle) is claimed by a row with a unique key
 * before anything is mailed, so two processes (or two runs) never mail a check twice.
 */
export async function claimGearReminderLines(db: Db, userId: number, language: string | null, publicUrl: string, now = new Date()): Promise<string | null> {
  const due = dueChecksOf(await gearOf(db, userId, now.toISOString().slice(0, 10)));
  if (!due.length) return null;
  const claimed = await repo.claimReminders(db, userId, due.map((d) => ({ checkId: d.checkId, cycle: d.cycle })), now.toISOString());
  const mine = due.filter((d) => claimed.some((c) => c.checkId === d.checkId && c.cycle === d.cycle));
  if (!mine.length) return null;
  const t = TEXTS[languageOf(language)];
  const soonByDate = (d: (typeof due)[number]) => d.dueOn !== null && (d.secondsLeft === null || Date.parse(d.dueOn) - now.getTime() <= DUE_SOON_DAYS * 86400_000);
  const when = (d: (typeof due)[number]) => (d.state === 'overdue' ? t.overdue : soonByDate(d) ? t.soon(d.dueOn!) : t.soonHours(Math.max(0, Math.round((d.secondsLeft ?? 0) / 360) / 10)));
  const lines = mine.map((d) => `- ${d.gearName}: ${d.checkName} (${when(d)})`);
  return `${t.intro}\n\n${lines.join('\n')}\n\n${t.link} ${publicUrl}/gear`;
}

/** The subject a pilot's own reminder mail carries for this many checks. */
const subjectFor = (language: string | null, n: number) => TEXTS[languageOf(language)].subject(n);

/**
 * Mails each pilot the checks of their gear that became due (or will be soon) and were not mailed in
 * their cycle yet: once per check and cycle, whichever process runs it. A digest sent before it in the
 * same round has already claimed (and said) what it carried.
 */
export async function sendGearReminders(services: { database: { db: Db }; mailer: Mailer; config: Pick<Config, 'publicUrl'> }, now = new Date()): Promise<number> {
  const { db } = services.database;
  let sent = 0;
  for (const pilot of await repo.pilotsWithChecks(db)) {
    const text = await claimGearReminderLines(db, pilot.userId, pilot.preferredLanguage, services.config.publicUrl, now);
    if (!text) continue;
    const n = text.split('\n').filter((l) => l.startsWith('- ')).length;
    const name = pilot.displayName?.trim() || pilot.username;
    await services.mailer.send({ to: pilot.email, subject: subjectFor(pilot.preferredLanguage, n), text: `${name},\n\n${text}\n`, link: `${services.config.publicUrl}/gear` });
    sent += 1;
  }
  return sent;
}
