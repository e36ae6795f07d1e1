import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, for tests that read a downloaded payslip back: inflates each FlateDecode stream and
 * joins the strings of its text operators (pdfkit writes standard-font text as hex strings in TJ arrays).
 * Enough for PDFs made with the standard 14 fonts; not a general PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const text: string[] = [];
  const source = pdf.toString('latin1');
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      content = source.slice(start, end); // an uncompressed stream
    }
    for (const block of content.matchAll(/\[(.*?)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/gs)) {
      const parts = block[1] ?? block[2] ?? '';
      let line = '';
      for (const s of parts.matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
        line +=
          s[1] !== undefined ? Buffer.from(s[1], 'hex').toString('latin1') : s[2]!.replace(/\\(.)/g, '$1');
      }
      text.push(line);
    }
  }
  return text.join('\n');
}
