// The face of pdf/: documents written with pdfkit (the training log, incident reports; docs/career.md).
// A low area: it imports nothing from the server.

export type Pdf = PDFKit.PDFDocument;

/**
 * pdfkit's built-in Helvetica writes Windows-1252 only (no font file to ship); a letter outside it
 * loses its accent (č → c) and anything else becomes "?", so no text is dropped silently.
 */
const WINDOWS_1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function pdfText(text: string): string {
  return [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if (code === 10 || (code >= 32 && code < 127) || (code >= 160 && code <= 255) || WINDOWS_1252_EXTRA.has(ch)) return ch;
      const plain = ch.normalize('NFD').replace(/\p{M}/gu, '');
      return plain.length === 1 && plain.codePointAt(0)! < 256 ? plain : '?';
    })
    .join('');
}

/** Builds an A4 document and returns its bytes. */
export async function renderPdf(title: string, write: (doc: Pdf, text: (s: string) => string) => void): Promise<Buffer> {
  // Loaded with the first document: pdfkit and its fonts' libraries (fontkit, brotli) take a few hundred ms of
  // CPU to load, and only the training log and incident reports use them.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: pdfText(title), Producer: 'Flight logbook' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(18).text(pdfText(title)).moveDown(0.5).font('Helvetica').fontSize(11);
    write(doc, pdfText);
    doc.end();
  });
}
