import { xmlText } from '../exports';

/** A thermal hotspot as the exports write it: the mean position and entry height of its thermals. */
export interface Hotspot {
  latitude: number;
  longitude: number;
  /** Mean entry height of its thermals (m): where the climbs started, not the ground. */
  altitude: number;
  count: number;
  averageClimb: number;
  bestHour: number;
  failedLaunches: number;
}

const code = (i: number) => `T${String(i + 1).padStart(3, '0')}`;
const nameOf = (h: Hotspot, i: number) => `${code(i)} ${h.averageClimb.toFixed(1)}m/s`;
const describe = (h: Hotspot) => `${h.count} thermals, average ${h.averageClimb.toFixed(1)} m/s, best hour ${String(h.bestHour).padStart(2, '0')}h, ${h.failedLaunches} launches without a climb`;

/** Degrees as SeeYou writes them: DDMM.mmmN / DDDMM.mmmE, minutes rounded first so 59.9995 never prints as 60. */
export function cupDegrees(value: number, degreeDigits: 2 | 3, positive: string, negative: string): string {
  const thousandths = Math.round(Math.abs(value) * 60_000);
  const degrees = Math.floor(thousandths / 60_000);
  const minutes = (thousandths - degrees * 60_000) / 1000;
  return `${String(degrees).padStart(degreeDigits, '0')}${minutes.toFixed(3).padStart(6, '0')}${value < 0 ? negative : positive}`;
}

const cupText = (s: string) => `"${s.replace(/"/g, "'")}"`;

/** The hotspots as a SeeYou .cup waypoint file (style 1, a plain waypoint); CRLF lines as SeeYou writes them. */
export function hotspotsCup(hotspots: Hotspot[]): string {
  const lines = ['name,code,country,lat,lon,elev,style,rwdir,rwlen,freq,desc'];
  hotspots.forEach((h, i) =>
    lines.push(
      [cupText(nameOf(h, i)), code(i), '', cupDegrees(h.latitude, 2, 'N', 'S'), cupDegrees(h.longitude, 3, 'E', 'W'), `${Math.round(h.altitude)}m`, '1', '', '', '', cupText(describe(h))].join(','),
    ),
  );
  return lines.join('\r\n') + '\r\n';
}

/** The hotspots as KML 2.2 placemarks for Google Earth and varios that read KML. */
export function hotspotsKml(hotspots: Hotspot[], title: string): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<kml xmlns="http://www.opengis.net/kml/2.2">', '<Document>', `<name>${xmlText(title)}</name>`];
  hotspots.forEach((h, i) => {
    out.push(
      `<Placemark><name>${xmlText(nameOf(h, i))}</name><description>${xmlText(describe(h))}</description>` +
        `<Point><coordinates>${Number(h.longitude.toFixed(6))},${Number(h.latitude.toFixed(6))},${Math.round(h.altitude)}</coordinates></Point></Placemark>`,
    );
  });
  out.push('</Document>', '</kml>', '');
  return out.join('\n');
}
