import type { Language } from '../../../contract/rules';

type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** Link preview texts (Open Graph) in the seven interface languages, worded as the app's shared and pilot pages. */
interface PreviewTexts {
  flight: string;
  flightOn: string;
  flightOnFrom: string;
  logbook: string;
  fallback: string;
  /** "# flight" and "# points" by plural category (Intl.PluralRules). */
  flights: PluralForms;
  points: PluralForms;
  types: Record<'od' | 'oar' | 'tri' | 'fai', string>;
}

const TEXTS: Record<Language, PreviewTexts> = {
  en: {
    flight: "{name}'s flight",
    flightOn: 'Flight of {name} on {date}',
    flightOnFrom: 'Flight of {name} on {date} from {site}',
    logbook: "{name}'s flight logbook",
    fallback: 'A paragliding flight',
    flights: { one: '# flight', other: '# flights' },
    points: { one: '# point', other: '# points' },
    types: { od: 'Free distance', oar: 'Out and return', tri: 'Flat triangle', fai: 'FAI triangle' },
  },
  fr: {
    flight: 'Vol de {name}',
    flightOn: 'Vol de {name} le {date}',
    flightOnFrom: 'Vol de {name} le {date} depuis {site}',
    logbook: 'Carnet de vol de {name}',
    fallback: 'Un vol en parapente',
    flights: { one: '# vol', other: '# vols' },
    points: { one: '# point', other: '# points' },
    types: { od: 'Distance libre', oar: 'Aller-retour', tri: 'Triangle plat', fai: 'Triangle FAI' },
  },
  de: {
    flight: 'Flug von {name}',
    flightOn: 'Flug von {name} am {date}',
    flightOnFrom: 'Flug von {name} am {date} ab {site}',
    logbook: 'Flugbuch von {name}',
    fallback: 'Ein Gleitschirmflug',
    flights: { one: '# Flug', other: '# Flüge' },
    points: { other: '# Punkte' },
    types: { od: 'Freie Strecke', oar: 'Hin und zurück', tri: 'Flaches Dreieck', fai: 'FAI-Dreieck' },
  },
  it: {
    flight: 'Volo di {name}',
    flightOn: 'Volo di {name} del {date}',
    flightOnFrom: 'Volo di {name} del {date} da {site}',
    logbook: 'Libretto di volo di {name}',
    fallback: 'Un volo in parapendio',
    flights: { one: '# volo', other: '# voli' },
    points: { one: '# punto', other: '# punti' },
    types: { od: 'Distanza libera', oar: 'Andata e ritorno', tri: 'Triangolo piatto', fai: 'Triangolo FAI' },
  },
  es: {
    flight: 'Vuelo de {name}',
    flightOn: 'Vuelo de {name} el {date}',
    flightOnFrom: 'Vuelo de {name} el {date} desde {site}',
    logbook: 'Libro de vuelo de {name}',
    fallback: 'Un vuelo en parapente',
    flights: { one: '# vuelo', other: '# vuelos' },
    points: { one: '# punto', other: '# puntos' },
    types: { od: 'Distancia libre', oar: 'Ida y vuelta', tri: 'Triángulo plano', fai: 'Triángulo FAI' },
  },
  cs: {
    flight: 'Let pilota {name}',
    flightOn: 'Let pilota {name} dne {date}',
    flightOnFrom: 'Let pilota {name} dne {date} z {site}',
    logbook: 'Letová kniha pilota {name}',
    fallback: 'Let na paraglidu',
    flights: { one: '# let', few: '# lety', many: '# letu', other: '# letů' },
    points: { one: '# bod', few: '# body', many: '# bodu', other: '# bodů' },
    types: { od: 'Volná trasa', oar: 'Tam a zpět', tri: 'Plochý trojúhelník', fai: 'Trojúhelník FAI' },
  },
  sl: {
    flight: 'Let pilota {name}',
    flightOn: 'Let pilota {name} dne {date}',
    flightOnFrom: 'Let pilota {name} dne {date} z {site}',
    logbook: 'Letalska knjiga pilota {name}',
    fallback: 'Let s padalom',
    flights: { one: '# let', two: '# leta', few: '# leti', other: '# letov' },
    points: { one: '# točka', two: '# točki', few: '# točke', other: '# točk' },
    types: { od: 'Prosta razdalja', oar: 'Tja in nazaj', tri: 'Ploski trikotnik', fai: 'Trikotnik FAI' },
  },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The preview wording of one language; numbers and dates in that language's format. */
export function previewTexts(language: Language) {
  const texts = TEXTS[language];
  const one = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  const number = new Intl.NumberFormat(language, one);
  const count = (forms: PluralForms, rules: Intl.PluralRules, value: number, shown: string) => (forms[rules.select(value)] ?? forms.other).replace('#', shown);
  const whole = new Intl.PluralRules(language);
  const decimal = new Intl.PluralRules(language, one);
  return {
    flightTitle: (name: string, localDate: string | undefined, site: string | null) => {
      if (!localDate) return fill(texts.flight, { name });
      const date = new Date(`${localDate}T12:00:00Z`).toLocaleDateString(language === 'en' ? 'en-GB' : language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
      return fill(site ? texts.flightOnFrom : texts.flightOn, { name, date, site: site ?? '' });
    },
    logbookTitle: (name: string) => fill(texts.logbook, { name }),
    fallback: texts.fallback,
    flights: (flights: number) => count(texts.flights, whole, flights, String(flights)),
    km: (value: number) => `${number.format(value)} km`,
    points: (points: number, code: string | null) => {
      const type = code && code in texts.types ? texts.types[code as keyof PreviewTexts['types']] : code;
      return count(texts.points, decimal, points, number.format(points)) + (type ? ` (${type})` : '');
    },
  };
}
