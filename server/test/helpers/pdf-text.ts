import { execFile } from 'node:child_process';

/**
 * The text of a PDF, read back by pdf-parse (pdf.js). It runs in a child Node process: pdf.js loads
 * its worker with a dynamic import, which jest's module sandbox refuses.
 */
const SCRIPT = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  try { process.stdout.write((await parser.getText()).text); } finally { await parser.destroy(); }
});`;

export function pdfText(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', SCRIPT], { cwd: process.cwd(), maxBuffer: 10 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
    child.stdin!.end(bytes);
  });
}
