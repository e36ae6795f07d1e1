import { expect } from 'vitest';
import type { PunchImport } from '@hrpay/contracts';
import type { Session, TestApp } from './helpers.js';

/** A multipart/form-data body with one file, as the browser sends it. */
export function multipart(fileName: string, content: Buffer | string) {
  const boundary = `----hrpay${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The punch-import job API of one test app (decision 0008), through HTTP. */
export function punchImports(t: () => TestApp) {
  const upload = (s: Session, fileName: string, content: Buffer | string) => {
    const body = multipart(fileName, content);
    return t().app.inject({
      method: 'POST',
      url: '/api/v1/timelogs/imports',
      headers: { ...s.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const get = (s: Session, id: string) =>
    t().app.inject({ method: 'GET', url: `/api/v1/timelogs/imports/${id}`, headers: s.headers });
  const action = (s: Session, id: string, what: 'commit' | 'discard') =>
    t().app.inject({ method: 'POST', url: `/api/v1/timelogs/imports/${id}/${what}`, headers: s.headers });

  /** Polls the job until it is no longer at work, keeping every answer seen. */
  async function settle(s: Session, id: string, seen: PunchImport[] = []): Promise<PunchImport> {
    for (let i = 0; i < 2000; i++) {
      const res = await get(s, id);
      expect(res.statusCode, res.body).toBe(200);
      const job = res.json() as PunchImport;
      seen.push(job);
      if (!['Queued', 'Validating', 'Committing'].includes(job.Status)) return job;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`punch import ${id} did not settle`);
  }

  /** Uploads and waits for the preview. */
  async function preview(s: Session, fileName: string, content: Buffer | string) {
    const res = await upload(s, fileName, content);
    expect(res.statusCode, res.body).toBe(202);
    return settle(s, (res.json() as PunchImport).ImportId);
  }

  /** Uploads, waits for the preview, commits and waits for the result. */
  async function importFile(s: Session, fileName: string, content: Buffer | string) {
    const checked = await preview(s, fileName, content);
    expect(checked.Status, JSON.stringify(checked.Errors)).toBe('Ready');
    const res = await action(s, checked.ImportId, 'commit');
    expect(res.statusCode, res.body).toBe(202);
    return settle(s, checked.ImportId);
  }

  return { upload, get, action, settle, preview, importFile };
}
