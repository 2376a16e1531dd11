import type { TrackPoint } from '../../../contract/uploads';

/** Text and attribute values for XML: the five characters with a meaning there are escaped. */
export const xmlText = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The altitude a viewer expects above sea level: GPS first (WGS84), else barometric. */
export const altitudeOf = (p: TrackPoint) => p.gpsAltitude ?? p.baroAltitude;

/** What a track file says about the flight besides its points. */
export interface TrackMeta {
  name: string;
  description: string;
}

const coord = (v: number) => String(Number(v.toFixed(7)));

/** The track as GPX 1.1: one trk, one trkseg, a trkpt per fix with ele and time when known. */
export function trackGpx(points: TrackPoint[], meta: TrackMeta): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="flightlog" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">',
    `<metadata><name>${xmlText(meta.name)}</name><desc>${xmlText(meta.description)}</desc></metadata>`,
    `<trk><name>${xmlText(meta.name)}</name><trkseg>`,
  ];
  for (const p of points) {
    const ele = altitudeOf(p);
    const children = (ele !== undefined ? `<ele>${ele}</ele>` : '') + (p.timestamp !== undefined ? `<time>${new Date(p.timestamp).toISOString()}</time>` : '');
    out.push(`<trkpt lat="${coord(p.latitude)}" lon="${coord(p.longitude)}">${children}</trkpt>`);
  }
  out.push('</trkseg></trk>', '</gpx>', '');
  return out.join('\n');
}
