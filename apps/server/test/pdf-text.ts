import { inflateSync } from 'node:zlib';

/** The pages of a (compressed) pdfkit file, and the text its content streams show (hex strings in Tj / TJ). */
export function pdfPages(pdf: Buffer): { pages: number; text: string } {
  const raw = pdf.toString('latin1');
  const shown: string[] = [];
  for (const s of raw.matchAll(/\/FlateDecode[^]*?>>\s*stream\r?\n([^]*?)\r?\nendstream/g)) {
    const content = inflateSync(Buffer.from(s[1]!, 'latin1')).toString('latin1');
    for (const m of content.matchAll(
      /\[((?:<[0-9a-fA-F]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g,
    )) {
      const hex =
        m[1] !== undefined ? [...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('') : m[2]!;
      shown.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return { pages: (raw.match(/\/Type \/Page\b/g) ?? []).length, text: shown.join('\n') };
}
