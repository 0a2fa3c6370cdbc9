import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DOCS_PREFIX } from "./api-docs";

interface SecurityHeadersOptions {
  /** MAP_STYLE_URL: the browser fetches the style, and usually its tiles and glyphs, from there. */
  mapStyleUrl?: string;
  /** MAP_EXTRA_ORIGINS: tile, glyph or sprite hosts a style names besides its own origin. */
  mapExtraOrigins: string[];
  /** RECAPTCHA_SCRIPT_URL when reCAPTCHA is on: its script and its iframe come from there. */
  captchaScriptUrl?: string;
}

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Browser features the app's pages may use: the courier's phone shares its position and the
 * wall board goes full screen; nothing else (camera and microphone included: the proof photo
 * is a file input, which needs no permission). helmet dropped this header, so it is ours. A
 * policy of a page's features, it is sent with pages and files, not with JSON (which
 * `default-src 'none'` already leaves nothing to run with), where it was 40 % of the bytes.
 */
const PERMISSIONS_POLICY = [
  "geolocation=(self)",
  "fullscreen=(self)",
  ...["camera", "microphone", "display-capture", "payment", "usb", "serial", "hid", "midi"].map((f) => `${f}=()`),
  ...[
    "accelerometer",
    "gyroscope",
    "magnetometer",
    "xr-spatial-tracking",
    "browsing-topics",
    "publickey-credentials-get",
  ].map((f) => `${f}=()`),
].join(", ");

/** API answers carry users' data: no browser or proxy keeps a copy (a route that may be cached says so itself). */
const NO_STORE = "no-store";

/** Origins the browser's map reaches; the geocoder is not one, it is called by the server. */
function mapOrigins({ mapStyleUrl, mapExtraOrigins }: SecurityHeadersOptions): string[] {
  const style = mapStyleUrl && URL.canParse(mapStyleUrl) ? [new URL(mapStyleUrl).origin] : [];
  return [...new Set([...style, ...mapExtraOrigins])];
}

/**
 * The policy every response carries. Scripts come only from our own origin (the built web
 * has no inline script); Mantine sets inline styles, hence 'unsafe-inline' for styles only.
 * MapLibre starts its worker from a blob: URL and decodes tiles into blob:/data: images.
 */
/** reCAPTCHA's widget: Google's serves its script from www.google.com and its parts from gstatic. */
function captchaOrigins({ captchaScriptUrl }: SecurityHeadersOptions): string[] {
  if (!captchaScriptUrl || !URL.canParse(captchaScriptUrl)) return [];
  const origin = new URL(captchaScriptUrl).origin;
  return origin === "https://www.google.com" ? [origin, "https://www.gstatic.com"] : [origin];
}

function contentSecurityPolicy(options: SecurityHeadersOptions) {
  const map = mapOrigins(options);
  const captcha = captchaOrigins(options);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...captcha],
    frameSrc: ["'self'", ...captcha],
    workerSrc: ["'self'", "blob:"],
    childSrc: ["'self'", "blob:"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", ...map],
    fontSrc: ["'self'", "data:"],
    // 'self' covers our own ws:/wss: socket in current browsers (CSP 3); no other socket host is allowed.
    connectSrc: ["'self'", ...map, ...captcha],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}

/** The headers helmet sets for these options: none of them depends on the request. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

const COMMON = {
  frameguard: { action: "deny" },
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  strictTransportSecurity: false,
} as const;

/** Web pages and files: the policy the app runs under, and helmet's document headers. */
const documentHeaders = (options: SecurityHeadersOptions) =>
  helmetHeaders({
    ...COMMON,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    // The map's style and tiles come from other origins that send no CORP header.
    crossOriginEmbedderPolicy: false,
  });

/**
 * API answers are JSON, never rendered: nothing may load from them or frame them (as OWASP's
 * REST guidance has it), and the headers that only a document reads (prefetch, opener,
 * agent cluster, legacy IE and Flash switches) are left off, half the bytes of every answer.
 */
const apiHeaders = () =>
  helmetHeaders({
    ...COMMON,
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });

/**
 * Security headers on every response (API, web pages, static files, errors), as helmet, a
 * kept library, decides them. They are computed once and set as Fastify headers when the
 * answer is sent: @fastify/helmet rebuilds helmet, CSP parsing included, on every request,
 * and headers set on the raw response send every other header down Node's slow path. The
 * CSRF cookie's hook runs at the same point, so a plain API call has no hook before its
 * token check. A Cache-Control a route set itself (profile photos, the web's files) is
 * kept. HSTS only over HTTPS: over plain HTTP a browser ignores it and a LAN install would
 * be told to use a TLS port it lacks.
 */
async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  const withHsts = (headers: Record<string, string>) => ({ ...headers, "strict-transport-security": HSTS });
  const documents = { ...documentHeaders(options), "permissions-policy": PERMISSIONS_POLICY };
  const api = { ...apiHeaders(), "cache-control": NO_STORE };
  const overHttps = { documents: withHsts(documents), api: withHsts(api) };
  app.addHook("onSend", (request, reply, payload, done) => {
    // The API reference is a page: it gets a page's policy (its own scripts), not the API's 'none'.
    const isApi = request.url.startsWith("/api/") && !request.url.startsWith(DOCS_PREFIX);
    const cacheControl = reply.getHeader("cache-control");
    if (request.protocol === "https") reply.headers(isApi ? overHttps.api : overHttps.documents);
    else reply.headers(isApi ? api : documents);
    if (cacheControl !== undefined) reply.header("cache-control", cacheControl);
    done(null, payload);
  });
}

export default fp(securityHeaders, { name: "frio-security-headers" });
