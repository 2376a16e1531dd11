import { LANGUAGES, type Language } from '../../../contract/auth';
import type { MailMessage } from './index';

export type MailKind = 'verify' | 'reset' | 'emailChange' | 'welcome';
type Text = { subject: string; greeting: string; body: string; action: string; footer: string };

/** Subjects and bodies in the seven interface languages; {name} is the pilot's name. */
const TEXTS: Record<Language, Record<MailKind, Text>> = {
  en: {
    verify: { subject: 'Confirm your email address', greeting: 'Hello {name},', body: 'Welcome to Flight Logbook! Please confirm your email address so we can reach you about your account.', action: 'Confirm email address', footer: 'If you did not create an account, you can ignore this message.' },
    reset: { subject: 'Reset your password', greeting: 'Hello {name},', body: 'We received a request to reset your password. The link is valid for one hour and can be used once.', action: 'Choose a new password', footer: 'If you did not ask for this, you can ignore this message; your password stays as it is.' },
    emailChange: { subject: 'Confirm your new email address', greeting: 'Hello {name},', body: 'Your logbook now uses this email address. Please confirm it.', action: 'Confirm email address', footer: 'If you did not change your email address, please contact us.' },
    welcome: { subject: 'Welcome to Flight Logbook', greeting: 'Hello {name},', body: 'Your logbook is ready. Upload your IGC files and see every flight on the map.', action: 'Open my logbook', footer: 'Happy flying!' },
  },
  fr: {
    verify: { subject: 'Confirmez votre adresse e-mail', greeting: 'Bonjour {name},', body: 'Bienvenue dans Flight Logbook ! Merci de confirmer votre adresse e-mail afin que nous puissions vous joindre au sujet de votre compte.', action: "Confirmer l'adresse e-mail", footer: "Si vous n'avez pas créé de compte, ignorez ce message." },
    reset: { subject: 'Réinitialisez votre mot de passe', greeting: 'Bonjour {name},', body: 'Nous avons reçu une demande de réinitialisation de votre mot de passe. Le lien est valable une heure et ne peut servir qu’une fois.', action: 'Choisir un nouveau mot de passe', footer: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message ; votre mot de passe reste inchangé." },
    emailChange: { subject: 'Confirmez votre nouvelle adresse e-mail', greeting: 'Bonjour {name},', body: 'Votre carnet de vol utilise désormais cette adresse e-mail. Merci de la confirmer.', action: "Confirmer l'adresse e-mail", footer: "Si vous n'avez pas modifié votre adresse e-mail, contactez-nous." },
    welcome: { subject: 'Bienvenue dans Flight Logbook', greeting: 'Bonjour {name},', body: 'Votre carnet de vol est prêt. Importez vos fichiers IGC et retrouvez chaque vol sur la carte.', action: 'Ouvrir mon carnet', footer: 'Bons vols !' },
  },
  de: {
    verify: { subject: 'Bestätige deine E-Mail-Adresse', greeting: 'Hallo {name},', body: 'Willkommen bei Flight Logbook! Bitte bestätige deine E-Mail-Adresse, damit wir dich zu deinem Konto erreichen können.', action: 'E-Mail-Adresse bestätigen', footer: 'Wenn du kein Konto angelegt hast, kannst du diese Nachricht ignorieren.' },
    reset: { subject: 'Passwort zurücksetzen', greeting: 'Hallo {name},', body: 'Wir haben eine Anfrage zum Zurücksetzen deines Passworts erhalten. Der Link ist eine Stunde gültig und nur einmal verwendbar.', action: 'Neues Passwort wählen', footer: 'Wenn du das nicht angefordert hast, ignoriere diese Nachricht; dein Passwort bleibt unverändert.' },
    emailChange: { subject: 'Bestätige deine neue E-Mail-Adresse', greeting: 'Hallo {name},', body: 'Dein Flugbuch verwendet jetzt diese E-Mail-Adresse. Bitte bestätige sie.', action: 'E-Mail-Adresse bestätigen', footer: 'Wenn du deine E-Mail-Adresse nicht geändert hast, melde dich bitte bei uns.' },
    welcome: { subject: 'Willkommen bei Flight Logbook', greeting: 'Hallo {name},', body: 'Dein Flugbuch ist bereit. Lade deine IGC-Dateien hoch und sieh jeden Flug auf der Karte.', action: 'Mein Flugbuch öffnen', footer: 'Viele schöne Flüge!' },
  },
  it: {
    verify: { subject: 'Conferma il tuo indirizzo e-mail', greeting: 'Ciao {name},', body: 'Benvenuto in Flight Logbook! Conferma il tuo indirizzo e-mail così potremo contattarti riguardo al tuo account.', action: 'Conferma indirizzo e-mail', footer: 'Se non hai creato un account, ignora questo messaggio.' },
    reset: { subject: 'Reimposta la password', greeting: 'Ciao {name},', body: 'Abbiamo ricevuto una richiesta di reimpostazione della password. Il link è valido per un’ora e si può usare una sola volta.', action: 'Scegli una nuova password', footer: 'Se non l’hai richiesto tu, ignora questo messaggio: la password resta invariata.' },
    emailChange: { subject: 'Conferma il nuovo indirizzo e-mail', greeting: 'Ciao {name},', body: 'Il tuo libretto di volo ora usa questo indirizzo e-mail. Confermalo, per favore.', action: 'Conferma indirizzo e-mail', footer: 'Se non hai cambiato il tuo indirizzo e-mail, contattaci.' },
    welcome: { subject: 'Benvenuto in Flight Logbook', greeting: 'Ciao {name},', body: 'Il tuo libretto di volo è pronto. Carica i tuoi file IGC e vedi ogni volo sulla mappa.', action: 'Apri il mio libretto', footer: 'Buoni voli!' },
  },
  es: {
    verify: { subject: 'Confirma tu dirección de correo', greeting: 'Hola, {name}:', body: '¡Bienvenido a Flight Logbook! Confirma tu dirección de correo para que podamos contactarte sobre tu cuenta.', action: 'Confirmar dirección de correo', footer: 'Si no creaste una cuenta, puedes ignorar este mensaje.' },
    reset: { subject: 'Restablece tu contraseña', greeting: 'Hola, {name}:', body: 'Hemos recibido una solicitud para restablecer tu contraseña. El enlace es válido durante una hora y solo puede usarse una vez.', action: 'Elegir una contraseña nueva', footer: 'Si no lo solicitaste, ignora este mensaje; tu contraseña no cambia.' },
    emailChange: { subject: 'Confirma tu nueva dirección de correo', greeting: 'Hola, {name}:', body: 'Tu libro de vuelo usa ahora esta dirección de correo. Confírmala, por favor.', action: 'Confirmar dirección de correo', footer: 'Si no cambiaste tu dirección de correo, ponte en contacto con nosotros.' },
    welcome: { subject: 'Bienvenido a Flight Logbook', greeting: 'Hola, {name}:', body: 'Tu libro de vuelo está listo. Sube tus archivos IGC y ve cada vuelo en el mapa.', action: 'Abrir mi libro de vuelo', footer: '¡Buenos vuelos!' },
  },
  cs: {
    verify: { subject: 'Potvrďte svou e-mailovou adresu', greeting: 'Dobrý den, {name},', body: 'Vítejte ve Flight Logbook! Potvrďte prosím svou e-mailovou adresu, abychom vás mohli kontaktovat ohledně vašeho účtu.', action: 'Potvrdit e-mailovou adresu', footer: 'Pokud jste si účet nezaložili, tuto zprávu ignorujte.' },
    reset: { subject: 'Obnovení hesla', greeting: 'Dobrý den, {name},', body: 'Obdrželi jsme žádost o obnovení vašeho hesla. Odkaz platí jednu hodinu a lze jej použít jen jednou.', action: 'Zvolit nové heslo', footer: 'Pokud jste o to nežádali, zprávu ignorujte; vaše heslo zůstává beze změny.' },
    emailChange: { subject: 'Potvrďte svou novou e-mailovou adresu', greeting: 'Dobrý den, {name},', body: 'Váš letový deník nyní používá tuto e-mailovou adresu. Potvrďte ji prosím.', action: 'Potvrdit e-mailovou adresu', footer: 'Pokud jste e-mailovou adresu neměnili, kontaktujte nás.' },
    welcome: { subject: 'Vítejte ve Flight Logbook', greeting: 'Dobrý den, {name},', body: 'Váš letový deník je připraven. Nahrajte své soubory IGC a prohlédněte si každý let na mapě.', action: 'Otevřít můj deník', footer: 'Krásné lety!' },
  },
  sl: {
    verify: { subject: 'Potrdite svoj e-poštni naslov', greeting: 'Pozdravljeni, {name},', body: 'Dobrodošli v Flight Logbook! Potrdite svoj e-poštni naslov, da vas bomo lahko obveščali o vašem računu.', action: 'Potrdi e-poštni naslov', footer: 'Če računa niste ustvarili, to sporočilo prezrite.' },
    reset: { subject: 'Ponastavitev gesla', greeting: 'Pozdravljeni, {name},', body: 'Prejeli smo zahtevo za ponastavitev vašega gesla. Povezava velja eno uro in jo lahko uporabite samo enkrat.', action: 'Izberi novo geslo', footer: 'Če tega niste zahtevali, sporočilo prezrite; vaše geslo ostane nespremenjeno.' },
    emailChange: { subject: 'Potrdite svoj novi e-poštni naslov', greeting: 'Pozdravljeni, {name},', body: 'Vaš dnevnik letenja zdaj uporablja ta e-poštni naslov. Prosimo, potrdite ga.', action: 'Potrdi e-poštni naslov', footer: 'Če e-poštnega naslova niste spremenili, nas kontaktirajte.' },
    welcome: { subject: 'Dobrodošli v Flight Logbook', greeting: 'Pozdravljeni, {name},', body: 'Vaš dnevnik letenja je pripravljen. Naložite datoteke IGC in si oglejte vsak let na zemljevidu.', action: 'Odpri moj dnevnik letenja', footer: 'Lepe polete!' },
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Builds a message of the given kind in the pilot's language (English when unknown). */
export function composeMail(kind: MailKind, opts: { to: string; name: string; language?: string | null; link: string }): MailMessage {
  const language = (LANGUAGES as readonly string[]).includes(opts.language ?? '') ? (opts.language as Language) : 'en';
  const t = TEXTS[language][kind];
  const greeting = t.greeting.replace('{name}', opts.name);
  const text = `${greeting}\n\n${t.body}\n\n${t.action}: ${opts.link}\n\n${t.footer}\n`;
  const html =
    `<div lang="${language}"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(t.body)}</p>` +
    `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(t.action)}</a></p>` +
    `<p style="font-size:small">${escapeHtml(opts.link)}</p><p>${escapeHtml(t.footer)}</p></div>`;
  return { to: opts.to, subject: t.subject, text, html, link: opts.link };
}

export const MAIL_LANGUAGES = Object.keys(TEXTS) as Language[];
export const MAIL_KINDS: MailKind[] = ['verify', 'reset', 'emailChange', 'welcome'];
