/** What the import readers (employee, rate and punch files) tell from an upload's bytes before reading it. */

/** A zip archive's first bytes: an XLSX workbook's, or a binary file named as text. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Whether the bytes start as a zip archive. */
export const isZip = (data: Buffer) => data.subarray(0, 4).equals(ZIP_MAGIC);

/** Bytes of a UTF-8 byte-order mark at the start: 3, or 0 without one. */
export const utf8BomLength = (data: Buffer) =>
  data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? 3 : 0;

/** JavaScript's `trim` on ASCII: tab, line feed, vertical tab, form feed, carriage return, space. */
export const isAsciiSpace = (b: number) => b === 0x20 || (b >= 0x09 && b <= 0x0d);

/** A file name's extension, lower-cased, without the dot; '' when it has none. */
export const extensionOf = (fileName: string) =>
  /\.([^./\\]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
