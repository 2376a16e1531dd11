import type { TrackPoint } from '../../../contract/uploads';
import { altitudeOf, xmlText, type TrackMeta } from './gpx';

const coord = (v: number) => String(Number(v.toFixed(7)));
const lonLatAlt = (p: TrackPoint, sep: string) => [coord(p.longitude), coord(p.latitude), String(altitudeOf(p) ?? 0)].join(sep);

/**
 * The track as KML 2.2: a gx:Track (a when and a gx:coord per fix, absolute altitudes) for viewers
 * that replay it in time, and the same points as a LineString for viewers without the gx extension.
 */
export function trackKml(points: TrackPoint[], meta: TrackMeta): string {
  const timed = points.every((p) => p.timestamp !== undefined);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">',
    '<Document>',
    `<name>${xmlText(meta.name)}</name>`,
    `<description>${xmlText(meta.description)}</description>`,
    '<Style id="track"><LineStyle><color>ff0000ff</color><width>3</width></LineStyle></Style>',
  ];
  if (timed) {
    out.push(`<Placemark><name>${xmlText(meta.name)}</name><styleUrl>#track</styleUrl><gx:Track><altitudeMode>absolute</altitudeMode>`);
    for (const p of points) out.push(`<when>${new Date(p.timestamp!).toISOString()}</when>`);
    for (const p of points) out.push(`<gx:coord>${lonLatAlt(p, ' ')}</gx:coord>`);
    out.push('</gx:Track></Placemark>');
  }
  out.push(`<Placemark><name>${xmlText(meta.name)}</name><styleUrl>#track</styleUrl><LineString><altitudeMode>absolute</altitudeMode><coordinates>`);
  out.push(points.map((p) => lonLatAlt(p, ',')).join('\n'));
  out.push('</coordinates></LineString></Placemark>', '</Document>', '</kml>', '');
  return out.join('\n');
}
