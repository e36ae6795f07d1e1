/**
 * The upload readers' 4xx rules (not multipart 415, no file 400, too large 413, a broken body 400), the same for
 * the whole-file reader and the streaming one the punch import uses (decision 0008), on a real Fastify with the
 * multipart plugin and a 1 kB limit.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpProblem } from './problem.js';
import { readUploadedFile, streamUploadedFile } from './upload.js';

const messages = { noFile: 'No file.', tooLarge: 'Too large.' };
let app: FastifyInstance;

/** What a reader made of a request: the file's name and bytes (and the streaming reader's chunk count), or its problem. */
async function answer(req: FastifyRequest, streaming: boolean) {
  try {
    if (!streaming) {
      const { fileName, data } = await readUploadedFile(req, messages);
      return { fileName, text: data.toString() };
    }
    const { fileName, sink } = await streamUploadedFile(req, messages, (name) => {
      const chunks: Buffer[] = [];
      return { name, chunks, write: (chunk: Buffer) => void chunks.push(chunk) };
    });
    expect(sink.name).toBe(fileName);
    return { fileName, text: Buffer.concat(sink.chunks).toString(), chunks: sink.chunks.length };
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    return { status: error.status, detail: error.detail };
  }
}

beforeAll(async () => {
  app = Fastify();
  await app.register(multipart, { limits: { fileSize: 1024, files: 1, fields: 5, parts: 6 } });
  app.post('/whole', (req) => answer(req, false));
  app.post('/stream', (req) => answer(req, true));
  app.post('/failing-sink', async (req) => {
    try {
      await streamUploadedFile(req, messages, () => ({
        write: () => {
          throw new Error('disk full');
        },
      }));
      return { status: 200 };
    } catch (error) {
      return { message: (error as Error).message, problem: error instanceof HttpProblem };
    }
  });
});
afterAll(() => app.close());

const boundary = '----hrpaytest';
const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
const filePart = (name: string, content: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
  `Content-Type: text/csv\r\n\r\n${content}\r\n`;
const fieldPart = `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`;
const end = `--${boundary}--\r\n`;

describe.each(['/whole', '/stream'])('%s', (url) => {
  const post = async (payload: string, h: Record<string, string> = headers) =>
    (await app.inject({ method: 'POST', url, headers: h, payload })).json();

  it('reads the file', async () => {
    const content = 'EmployeeNumber,DateTime\n'.repeat(40);
    expect(await post(filePart('punches.csv', content) + end)).toMatchObject({
      fileName: 'punches.csv',
      text: content,
    });
  });

  it('answers 415 when not multipart, 400 without a file, 413 past the limit, 400 for a broken body', async () => {
    expect(await post('{"file":"x"}', { 'content-type': 'application/json' })).toMatchObject({ status: 415 });
    expect(await post(fieldPart + end)).toEqual({ status: 400, detail: 'No file.' });
    expect(await post(filePart('big.csv', 'a'.repeat(1025)) + end)).toEqual({
      status: 413,
      detail: 'Too large.',
    });
    expect(await post(filePart('cut.csv', 'a'.repeat(100)))).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/not a well-formed multipart/),
    });
    expect(await post('garbage', { 'content-type': 'multipart/form-data' })).toMatchObject({ status: 400 });
  });
});

describe('streamUploadedFile', () => {
  it('hands the file over in chunks as they arrive', async () => {
    const content = 'x'.repeat(1000);
    const res = await app.inject({
      method: 'POST',
      url: '/stream',
      headers,
      payload: filePart('a.csv', content) + end,
    });
    expect(res.json()).toMatchObject({ text: content });
  });

  it("passes the sink's own failure on as it is, not as the upload's 400", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/failing-sink',
      headers,
      payload: filePart('a.csv', 'abc') + end,
    });
    expect(res.json()).toEqual({ message: 'disk full', problem: false });
  });
});
