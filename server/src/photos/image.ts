import exifr from 'exifr';
import type sharpModule from 'sharp';
import { PHOTO_MAX_BYTES, PHOTOS_PER_FLIGHT, type PhotoRefusalCode } from '../../../contract/sharing';
import type { PhotoFacts } from './placement';

let sharpLoaded: Promise<typeof sharpModule> | undefined;
/** libvips costs the process about 18 MB once loaded: loaded with the first photo, not at start. */
const loadSharp = () => (sharpLoaded ??= import('sharp').then((m) => m.default));

/** The display size fits inside this many pixels each way; the thumbnail inside THUMB_PX. */
export const DISPLAY_PX = 2048;
export const THUMB_PX = 320;
const DISPLAY_QUALITY = 82;
const THUMB_QUALITY = 75;
/** More pixels than this are refused from the header, before anything is decoded. */
export const MAX_INPUT_PIXELS = 100_000_000;

/** A file that is not a photo we store: the reason's code and the sentence that says it. */
export class PhotoRefused extends Error {
  constructor(
    readonly code: PhotoRefusalCode,
    message: string,
  ) {
    super(message);
  }
}

/** The sentence of each refusal that says the same for every file (too-many-pixels names the size). */
const MESSAGES = {
  empty: 'The file is empty.',
  'too-large': `The file is larger than ${PHOTO_MAX_BYTES / 1048576} MB.`,
  format: 'The file is not a JPEG, PNG or WebP image.',
  damaged: 'The image is damaged or incomplete.',
  'flight-full': `The flight already has ${PHOTOS_PER_FLIGHT} photos, the most it can hold.`,
} satisfies Partial<Record<PhotoRefusalCode, string>>;
export const refusal = (code: keyof typeof MESSAGES) => new PhotoRefused(code, MESSAGES[code]);
const pixelsMessage = (width: number, height: number) => `The image is ${width} × ${height} pixels: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted.`;

/** The format the bytes start with (magic numbers), whatever the file is called. */
function sniff(bytes: Buffer): 'jpeg' | 'png' | 'webp' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

export interface Rendered {
  display: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes an uploaded photo as JPEG in the display and thumbnail sizes: EXIF orientation applied,
 * every metadata block dropped (sharp keeps none unless asked). Throws PhotoRefused for anything
 * that is not a whole JPEG, PNG or WebP of a sane size; the format comes from the bytes, checked
 * twice (magic number, then libvips's own reading of the header), so an SVG or HTML page never
 * reaches a decoder.
 */
export async function renderPhoto(bytes: Buffer): Promise<Rendered> {
  const sharp = await loadSharp();
  if (!bytes.length) throw refusal('empty');
  if (bytes.length > PHOTO_MAX_BYTES) throw refusal('too-large');
  const format = sniff(bytes);
  if (!format) throw refusal('format');
  const options = { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS } as const;
  let header: sharpModule.Metadata;
  try {
    // Only the header is read here, so the pixel limit is checked below with the size it gives.
    header = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw refusal('damaged');
  }
  if (header.format !== format) throw refusal('format');
  if (!header.width || !header.height) throw refusal('damaged');
  if (header.width * header.height > MAX_INPUT_PIXELS) throw new PhotoRefused('too-many-pixels', pixelsMessage(header.width, header.height));
  try {
    const { data: display, info } = await sharp(bytes, options)
      .rotate()
      .resize({ width: DISPLAY_PX, height: DISPLAY_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: DISPLAY_QUALITY })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(display).resize({ width: THUMB_PX, height: THUMB_PX, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: THUMB_QUALITY }).toBuffer();
    return { display, thumb, width: info.width, height: info.height };
  } catch {
    throw refusal('damaged');
  }
}

const PICK = ['DateTimeOriginal', 'OffsetTimeOriginal', 'GPSLatitude', 'GPSLatitudeRef', 'GPSLongitude', 'GPSLongitudeRef'];
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Capture time and position from the original file's EXIF (raw strings: no guessing of zones here). */
export async function readFacts(bytes: Buffer): Promise<PhotoFacts> {
  // A file without EXIF, or with a broken block, simply says nothing.
  const exif = ((await exifr.parse(bytes, { pick: PICK, reviveValues: false }).catch(() => undefined)) ?? {}) as Record<string, unknown>;
  return {
    dateTimeOriginal: text(exif.DateTimeOriginal),
    offsetTimeOriginal: text(exif.OffsetTimeOriginal),
    latitude: number(exif.latitude),
    longitude: number(exif.longitude),
  };
}
