import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename } from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

/**
 * How the web app and the API travel (issue 11): security headers on everything, set here and only here;
 * the built files served precompressed (.br / .gz made at build time, never compressed per request) with
 * long-lived caching for content-hashed names; API answers compressed above 1 kB and never cached.
 */

/** Built file names carry a content hash (`Companies-BzW3x9aQ.js`): such a file never changes. */
const HASHED = /-[A-Za-z0-9_-]{8,}\.(?:js|css|woff2?|svg|png|jpg|webp)$/;

const HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // No inline or injected script can run: the tokens live in localStorage, so this is their guard.
      scriptSrc: ["'self'"],
      // MUI (emotion) inserts its styles at run time, and index.html holds the boot screen's style.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // HSTS only means something over TLS; it is added below when the request came that way.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's headers for these options. They are the same on every answer, so helmet runs once, against a
 * recorder, instead of per request (@fastify/helmet built helmet's middleware anew for every request: about 5%
 * of the server's time on the employee list, issue 8).
 */
function helmetHeaders(options: HelmetOptions) {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously');
  return { set, removed };
}

export const securityHeaders = fp(async (app: FastifyInstance) => {
  const headers = helmetHeaders(HELMET);
  app.addHook('onRequest', (_request, reply, next) => {
    const res = reply.raw;
    for (const [name, value] of headers.set) res.setHeader(name, value);
    for (const name of headers.removed) res.removeHeader(name);
    next();
  });
  // Callback hooks, not async ones: they run on every answer, and a promise per hook is measurable (issue 8).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done(null, payload);
  });
});

/** The API's own context (registered inside it; fastify-plugin so the hooks apply to that whole context): compression of larger JSON answers, and `no-store` on every answer. */
export const apiDelivery = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4 compresses JSON well at a small CPU cost per answer (11 is for build time).
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});

/** Serves the built single-page app from `webDist`; answers whether it is there to serve. */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(`${webDist}/index.html`)) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
    // Caching is set per file below; the default max-age=0 would override nothing useful.
    cacheControl: false,
    // Source maps are not published (issue 13 item 11); the build does not emit them either.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders: (reply, path) => {
      reply.header(
        'cache-control',
        HASHED.test(basename(path)) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}

/** A route pattern of the web app (`/admin/companies/edit/:id`, `/admin/users/:id?`) as a whole-path match. */
function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split(/(\/:\w+\??)/)
    .map((part) => {
      const param = /^\/:\w+(\?)?$/.exec(part);
      if (param) return param[1] ? '(?:/[^/]+)?' : '/[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

/**
 * The `Link` header value naming, as `modulepreload`, the chunks a client-side route's layout and page need
 * (issue 11): the browser fetches them beside the entry chunk instead of after it has run. Read from
 * `.vite/route-preloads.json`, which the web build writes (apps/web/build/route-preloads.ts); a build without it
 * (or a path no route matches) gets no header. Answers a lookup by path.
 */
export function routePreloads(webDist: string): (path: string) => string | undefined {
  const file = `${webDist}/.vite/route-preloads.json`;
  if (!existsSync(file)) return () => undefined;
  const routes = (JSON.parse(readFileSync(file, 'utf8')) as { path: string; files: string[] }[]).map(
    (route) => ({
      match: patternRegExp(route.path),
      link: route.files.map((url) => `<${url}>; rel=modulepreload`).join(', '),
    }),
  );
  return (path) => routes.find((route) => route.match.test(path))?.link;
}

/** The single-page app's entry for any client-side route: always revalidated, so a release shows at once. */
export function sendIndexHtml(reply: FastifyReply, preloadLink?: string) {
  if (preloadLink) reply.header('link', preloadLink);
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}
