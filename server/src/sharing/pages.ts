import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LANGUAGES, isLanguage, type Language } from '../../../contract/rules';
import type { Services } from '../services-types';
import { previewTexts } from './preview-texts';
import { pilotName, sharingService, type SharedFlight } from './service';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** What a link preview shows (Open Graph); absent for a page that does not exist. */
export interface Preview {
  title: string;
  description: string;
  url: string;
}

/** The meta tags injected into the app's <head>: always noindex, Open Graph only for a page that exists. */
export function headTags(preview: Preview | undefined): string {
  const tags = ['<meta name="robots" content="noindex">'];
  if (preview) {
    const og = { 'og:type': 'website', 'og:title': preview.title, 'og:description': preview.description, 'og:url': preview.url };
    for (const [property, content] of Object.entries(og)) tags.push(`<meta property="${property}" content="${escapeHtml(content)}">`);
    tags.push(`<meta name="description" content="${escapeHtml(preview.description)}">`);
  }
  return tags.join('');
}

/** The app's index.html with the tags at the end of its <head>. */
export const withHeadTags = (html: string, tags: string) => (html.includes('</head>') ? html.replace('</head>', `${tags}</head>`) : tags + html);

const formatDuration = (seconds: number) => {
  const minutes = Math.round(seconds / 60);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes} min`;
};

/** The preview's language: the link's language prefix, else the pilot's own language, else English. */
const previewLanguage = (prefix: string | undefined, pilot: { preferredLanguage: string | null }): Language => {
  const chosen = prefix?.toLowerCase() ?? pilot.preferredLanguage;
  return isLanguage(chosen) ? chosen : 'en';
};

export function flightPreview({ flight, pilot }: SharedFlight, url: string, language: Language): Preview {
  const texts = previewTexts(language);
  const date = flight.localDate ?? flight.startTime?.slice(0, 10);
  const title = texts.flightTitle(pilotName(pilot), date, flight.siteName ?? flight.takeoffLocation);
  const facts = [
    flight.flightTime !== null ? formatDuration(flight.flightTime) : null,
    flight.distance !== null ? texts.km(flight.distance) : null,
    flight.xcPoints !== null ? texts.points(flight.xcPoints, flight.flightCode) : null,
  ].filter((f): f is string => f !== null);
  return { title, description: facts.join(' · ') || texts.fallback, url };
}

/** The app's pages a link preview opens: a shared flight and a published pilot page, with or without a language prefix. */
/** Visitors' pages: counted in the per-address public budget (http/public-rate-limit.ts). */
const PUBLIC_PAGE = { config: { publicRateLimit: true } };

export async function sharingPages(app: FastifyInstance, services: Services, appDir: string) {
  const sharing = sharingService(services);
  const { publicUrl } = services.config;
  const indexPath = join(appDir, 'index.html');

  /** index.html with noindex and, when the page exists, its preview; 404 (still the app, which says so) otherwise. */
  const send = async (reply: FastifyReply, preview: Preview | undefined) => {
    const html = await readFile(indexPath, 'utf8').catch(() => undefined);
    if (html === undefined) return reply.status(503).type('text/plain').send('The app is not built yet: run npm run build.');
    return reply
      .status(preview ? 200 : 404)
      .header('x-robots-tag', 'noindex')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(withHeadTags(html, headTags(preview)));
  };

  /** A language prefix must be one of the app's; any other path goes to the app's own not-found. */
  const knownLanguage = (lang: string | undefined) => lang === undefined || (LANGUAGES as readonly string[]).includes(lang.toLowerCase());

  const sharedFlightPage = async (params: { lang?: string; token: string }, reply: FastifyReply) => {
    if (!knownLanguage(params.lang)) return reply.callNotFound();
    const found = await sharing.sharedFlight(params.token);
    const path = `${params.lang ? `/${params.lang}` : ''}/shared/${encodeURIComponent(params.token)}`;
    return send(reply, found && flightPreview(found, publicUrl + path, previewLanguage(params.lang, found.pilot)));
  };

  const pilotPage = async (params: { lang?: string; username: string }, reply: FastifyReply) => {
    if (!knownLanguage(params.lang)) return reply.callNotFound();
    const pilot = await sharing.publishedPilotTotals(params.username);
    if (!pilot) return send(reply, undefined);
    const { name, totals } = pilot;
    const path = `${params.lang ? `/${params.lang}` : ''}/pilots/${encodeURIComponent(pilot.username)}`;
    const texts = previewTexts(previewLanguage(params.lang, pilot));
    return send(reply, {
      title: texts.logbookTitle(name),
      description: `${texts.flights(totals.totalFlights)} · ${formatDuration(totals.totalHours)} · ${texts.km(totals.totalDistance)}`,
      url: publicUrl + path,
    });
  };

  app.get<{ Params: { token: string } }>('/shared/:token', PUBLIC_PAGE, (request, reply) => sharedFlightPage(request.params, reply));
  app.get<{ Params: { lang: string; token: string } }>('/:lang/shared/:token', PUBLIC_PAGE, (request, reply) => sharedFlightPage(request.params, reply));
  app.get<{ Params: { username: string } }>('/pilots/:username', PUBLIC_PAGE, (request, reply) => pilotPage(request.params, reply));
  app.get<{ Params: { lang: string; username: string } }>('/:lang/pilots/:username', PUBLIC_PAGE, (request, reply) => pilotPage(request.params, reply));
}
