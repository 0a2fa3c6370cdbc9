import { clearOrderInProgress } from "../stores/order-wizard";
import { useSession } from "../stores/session";
import { authContracts } from "./auth-contracts";
import { ApiError, messageFromBody, NO_RESPONSE, nonJson, UNKNOWN_ERROR } from "./messages";

const TIMEOUT_MS = 15_000;
const NO_REFRESH_PATHS = ["/login/", "/token/refresh/"];

function csrfToken(): string | null {
  return document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/)?.[1] ?? null;
}

/** Non-GET calls need the cookie the server hands out on any response: fetch one first if absent. */
async function ensureCsrf() {
  // Without an answer there is no cookie either: the call that needed it then fails with its own error.
  if (!csrfToken()) await fetch("/api/health/", { credentials: "same-origin" }).catch(() => undefined);
}

interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

async function send(
  path: string,
  { method = "GET", body, headers: extra }: RequestOptions,
  access: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json", ...extra };
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers["content-type"] = "application/json";
  if (access) headers.authorization = `Bearer ${access}`;
  if (method !== "GET" && !NO_REFRESH_PATHS.includes(path)) {
    await ensureCsrf();
    const token = csrfToken();
    if (token) headers["x-csrftoken"] = token;
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    return await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal: controller.signal,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, NO_RESPONSE);
  } finally {
    clearTimeout(timer);
  }
}

async function parse<T>(response: Response): Promise<T> {
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) {
    if (!response.ok) throw new ApiError(response.status, nonJson(response.status));
    return (await response.blob()) as T;
  }
  const body = await response.json().catch(() => {
    throw new ApiError(response.status, UNKNOWN_ERROR);
  });
  if (!response.ok) throw new ApiError(response.status, messageFromBody(response.statusText, body), body);
  return body as T;
}

let refreshing: Promise<string | null> | null = null;

/** One refresh in flight, shared by every request that got a 401 meanwhile. */
export function refreshAccess(): Promise<string | null> {
  refreshing ??= (async () => {
    const { refresh, setTokens } = useSession.getState();
    if (!refresh) return null;
    try {
      const { TokenPair } = await authContracts();
      const tokens = TokenPair.parse(
        await parse(await send("/token/refresh/", { method: "POST", body: { refresh } }, null)),
      );
      setTokens(tokens);
      return tokens.access;
    } catch (error) {
      // No answer is no signal, not a refusal: the seller stays signed in on the data kept.
      if (error instanceof ApiError && error.status === 0) return useSession.getState().access;
      return null;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export function endSession() {
  useSession.getState().clear();
  clearOrderInProgress();
  if (window.location.pathname !== "/login") window.location.assign("/login");
}

/** Sends with the session's token; on a 401 refreshes it once and sends again, or ends the session. */
async function sendSignedIn(path: string, options: RequestOptions): Promise<Response> {
  const response = await send(path, options, useSession.getState().access);
  if (response.status !== 401 || NO_REFRESH_PATHS.includes(path)) return response;
  const access = await refreshAccess();
  if (!access) {
    endSession();
    throw new ApiError(401, "Sesión vencida. Iniciá sesión nuevamente.");
  }
  return send(path, options, access);
}

/** The one way the web calls the API (SPEC.md §7 General). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return parse<T>(await sendSignedIn(path, options));
}

export const get = <T>(path: string) => api<T>(path);
export const post = <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
  api<T>(path, { method: "POST", body: body ?? {}, headers });
export const put = <T>(path: string, body: unknown) => api<T>(path, { method: "PUT", body });
export const del = <T>(path: string) => api<T>(path, { method: "DELETE" });

/** A file answer (SPEC.md §7 export): the body and the name from content-disposition. */
export async function download(path: string, body?: unknown): Promise<{ blob: Blob; filename: string }> {
  const options = body === undefined ? {} : { method: "POST", body };
  const response = await sendSignedIn(path, options);
  if (!response.ok) await parse(response);
  const disposition = response.headers.get("content-disposition") ?? "";
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? "export";
  return { blob: await response.blob(), filename };
}
