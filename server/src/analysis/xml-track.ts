import { SaxesParser } from 'saxes';
import { IgcReadError } from './types';

/** What a streaming read is told: each element opening (local name, attributes, its ancestors' local names) and closing (with its own text). */
export interface XmlScan {
  open(name: string, attributes: Record<string, string>, ancestors: readonly string[]): void;
  close(name: string, text: string, ancestors: readonly string[]): void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Streams a track document's elements (GPX, TCX, KML) without building it as objects: a recording of
 * hours is tens of thousands of points, which as an object tree cost several times the time of the
 * read itself and its memory (bench:import mixed mode, docs/import.md). Strict XML (saxes): a
 * document type or entity declaration is refused first, as for the object reader.
 */
export function scanXml(text: string, what: string, scan: XmlScan): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new IgcReadError(`This ${what} file declares a document type or entities, which are refused for safety.`);
  const ancestors: string[] = [];
  const texts: string[] = [];
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    scan.open(name, tag.attributes as Record<string, string>, ancestors);
    ancestors.push(name);
    texts.push('');
  });
  parser.on('text', (t) => {
    if (texts.length) texts[texts.length - 1] += t;
  });
  parser.on('cdata', (t) => {
    if (texts.length) texts[texts.length - 1] += t;
  });
  parser.on('closetag', () => {
    const name = ancestors.pop()!;
    scan.close(name, texts.pop()!.trim(), ancestors);
  });
  try {
    parser.write(text).close();
  } catch (err) {
    if (err instanceof IgcReadError) throw err;
    throw new IgcReadError(`The ${what} file is not well-formed XML: ${(err as Error).message.split('\n')[0]}`);
  }
}

/** The first element name of an XML text (after a declaration, comments and processing instructions), lower case. */
export function rootElement(text: string): string | null {
  const head = text.replace(/^\uFEFF/, '').slice(0, 4096);
  const m = /^\s*(?:<\?[^>]*\?>\s*|<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w.:-]*)/.exec(head);
  return m ? m[1]!.replace(/^.*:/, '').toLowerCase() : null;
}
