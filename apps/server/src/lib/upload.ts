import type { FastifyRequest } from 'fastify';
import { ProblemTypes } from '@hrpay/contracts';
import { HttpProblem, problems } from './problem.js';

/** Where an upload's bytes go as they arrive (`streamUploadedFile`). */
export interface UploadSink {
  write(chunk: Buffer): void | Promise<void>;
}

/**
 * The one file of a multipart/form-data upload, read whole (the multipart plugin's `fileSize` limit caps it), with
 * every broken upload answered as a clear 4xx: not multipart 415, no file 400, too large 413, anything else about
 * the body 400. Used before the handler's transaction, so a big upload never holds a database connection.
 */
export async function readUploadedFile(
  req: FastifyRequest,
  messages: { noFile: string; tooLarge: string },
): Promise<{ fileName: string; data: Buffer }> {
  const { fileName, sink } = await streamUploadedFile(req, messages, () => {
    const chunks: Buffer[] = [];
    return { chunks, write: (chunk: Buffer) => void chunks.push(chunk) };
  });
  return { fileName, data: Buffer.concat(sink.chunks) };
}

/**
 * The same upload, its bytes handed to a sink chunk by chunk as they arrive instead of gathered into one Buffer
 * (a punch file of 100 MB, decision 0008), with the same 4xx answers as `readUploadedFile`. The sink is made once
 * the file's name is known; what it throws is passed on as it is (it is not the upload's fault).
 */
export async function streamUploadedFile<S extends UploadSink>(
  req: FastifyRequest,
  messages: { noFile: string; tooLarge: string },
  sinkFor: (fileName: string) => S,
): Promise<{ fileName: string; sink: S }> {
  if (!req.isMultipart())
    throw new HttpProblem(415, 'Unsupported Media Type', 'Send the file as multipart/form-data.');
  let sinkFailed = false;
  try {
    const part = await req.file();
    if (!part) throw problems.badRequest(messages.noFile);
    const fileName = shortenFileName(part.filename || 'upload');
    const sink = sinkFor(fileName);
    let tooLarge = false;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      // Past the limit the plugin cuts the file short; the rest of the body is still read, as `toBuffer` does.
      if (tooLarge || part.file.truncated) {
        tooLarge = true;
        continue;
      }
      try {
        await sink.write(chunk);
      } catch (error) {
        sinkFailed = true;
        throw error;
      }
    }
    if (tooLarge || part.file.truncated) throw new HttpProblem(413, 'Content Too Large', messages.tooLarge);
    return { fileName, sink };
  } catch (error) {
    if (sinkFailed || error instanceof HttpProblem) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpProblem(413, 'Content Too Large', messages.tooLarge);
    }
    // No boundary, a body cut short, too many parts: the upload itself is broken, whatever the parser says.
    throw problems.badRequest(
      'The upload is not a well-formed multipart/form-data body. Choose the file again and retry.',
    );
  }
}

/** At most 255 characters, keeping the extension: the file type is decided by it (issue 13, item 10). */
export function shortenFileName(name: string, max = 255): string {
  if (name.length <= max) return name;
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0] ?? '';
  return name.slice(0, max - extension.length) + extension;
}

/**
 * A problem with an uploaded file's content, titled by its status. `cause` is what a reader library threw: the
 * server logs it, the client sees only `detail`.
 */
export function uploadProblem(status: number, detail: string, cause?: unknown): HttpProblem {
  const title =
    status === 413 ? 'Content Too Large' : status === 415 ? 'Unsupported Media Type' : 'Bad Request';
  // A 400 is a validation problem like every other (ARCHITECTURE §4): clients switch on its type.
  const type = status === 400 ? ProblemTypes.validation : undefined;
  return new HttpProblem(status, title, detail, undefined, {}, type, { cause });
}
