import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * Which proxies may set the client address (`X-Forwarded-For`) and protocol: none by default (a
 * client could otherwise choose its address and dodge the sign-in throttle), a hop count, or the
 * proxies' addresses/subnets.
 */
export type TrustProxy = false | number | string[];

/** Reads TRUST_PROXY: unset, `false` or `0` trusts no proxy; `1` one hop; `10.0.0.5,10.1.0.0/16` these proxies. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.some((s) => s === 'true' || s === '*')) throw new Error('TRUST_PROXY: give the hop count or the proxy addresses, not "true"');
  return list;
}

/** The Fastify `trustProxy` option for a TrustProxy setting. */
export function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** A random UUID per request: in every log line (`reqId`) and in the answer of a failed request. */
export function genReqId(): string {
  return randomUUID();
}

/** `'sha256-…'` sources for the inline scripts of the built index.html (the colour-scheme script). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '')) continue;
    const body = m[2] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * Browser features the app never uses, denied to it and to anything it frames (README "Smaller
 * hardening"); only features Chromium knows, so the header causes no console errors. Fullscreen
 * stays for the app itself (the PDF viewer of a printed report).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** The API's answers: below /api and /trpc (the docs' own assets set their caching themselves). */
export function isDataPath(url: string): boolean {
  return /^\/(api|trpc)(\/|\?|$)/i.test(url);
}

export interface SecurityOptions {
  /** Folder of the built client (its index.html is read for inline-script hashes). */
  webDist: string;
  /** Origins allowed to call the API from a browser (CORS); empty: no CORS headers at all. */
  corsOrigins: string[];
}

/**
 * Security headers on every answer (helmet): a Content-Security-Policy that allows only the app's own
 * scripts (plus the hashed inline script of index.html), Mantine's injected style tags, and no
 * framing; nosniff, Referrer-Policy, no cross-origin opener. HSTS only on answers served over HTTPS
 * (directly, or behind a trusted proxy that says `X-Forwarded-Proto: https`).
 */
export async function registerSecurity(app: FastifyInstance, opts: SecurityOptions): Promise<void> {
  const indexHtml = `${opts.webDist}/index.html`;
  const scriptHashes = existsSync(indexHtml) ? inlineScriptHashes(readFileSync(indexHtml, 'utf8')) : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        // Mantine injects <style> tags for its CSS variables
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // printed reports open as blob: PDFs in a tab that inherits this policy
        objectSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // the data answers (IBANs, names, amounts, the homebanking export) stay out of every cache
    if (isDataPath(request.url)) reply.header('Cache-Control', 'no-store');
  });
  if (opts.corsOrigins.length > 0) {
    await app.register(cors, { origin: opts.corsOrigins, methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'], maxAge: 600 });
  }
}

/** Cuts query parameters out of an error message (drizzle appends them after `params:`). */
function withoutParams(text: string): string {
  const at = text.search(/\n\s*params:/);
  return at >= 0 ? text.slice(0, at) : text;
}

/**
 * The log form of an error: type, message, stack and code along the cause chain, but never query
 * parameters (token hashes, passwords, user input) — not in the message, not as properties.
 */
export function errorForLog(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: typeof error === 'string' ? withoutParams(error) : 'non-error thrown' };
  const message = withoutParams(error.message);
  const out: Record<string, unknown> = { type: error.name, message };
  if (error.stack) out.stack = error.stack.replace(error.message, message);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') out.code = code;
  if (error.cause !== undefined && depth < 5) out.cause = errorForLog(error.cause, depth + 1);
  return out;
}

/**
 * Logger settings the app always applies: errors through errorForLog, requests without query string
 * or headers, and the authorization header and password fields redacted wherever they show up.
 */
export function loggerOptions(base: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!base) return false;
  return {
    ...(base === true ? {} : base),
    serializers: {
      err: (error: unknown) => {
        const out = errorForLog(error);
        return { ...out, type: String(out.type ?? 'Error'), message: String(out.message ?? ''), stack: String(out.stack ?? '') };
      },
      req: (req: { method?: string; url?: string; ip?: string }) => ({ method: req.method, url: (req.url ?? '').split('?')[0], remoteAddress: req.ip }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.password',
        '*.newPassword',
        '*.newPasswordRepeat',
        'password',
        'token',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}
