import { Agent, request } from "undici";

/** What a test reads of an answer: `app.inject()`'s answers have the same shape. */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | number | string[] | undefined>;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: the same type as light-my-request's json(), so a test reads an answer either client gave
  json(): any;
}

/** A client of the API, in process (`ApiClient`) or over HTTP (`HttpApi`). */
export interface Api {
  get(url: string): Promise<Answer>;
  post(url: string, payload?: unknown, headers?: Record<string, string>): Promise<Answer>;
}

const CSRF = "test-csrf-token";

/** One user of a server process, over real keep-alive connections, sending what the web sends. */
export class HttpApi implements Api {
  private readonly agent = new Agent({ connections: 1 });

  constructor(
    readonly base: string,
    public access: string | null = null,
  ) {}

  static async signIn(base: string, username: string, password: string): Promise<HttpApi> {
    const api = new HttpApi(base);
    const answer = await api.post("/api/login/", { username, password });
    if (answer.statusCode !== 200) throw new Error(`login: ${answer.statusCode} ${answer.body}`);
    api.access = answer.json().access;
    return api;
  }

  async request(
    method: "GET" | "POST",
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await request(`${this.base}${url}`, {
      method,
      dispatcher: this.agent,
      headers: {
        ...(this.access ? { authorization: `Bearer ${this.access}` } : {}),
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
        cookie: `csrftoken=${CSRF}`,
        "x-csrftoken": CSRF,
        ...headers,
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const body = await response.body.text();
    return { statusCode: response.statusCode, headers: response.headers, body, json: () => JSON.parse(body) };
  }

  get(url: string) {
    return this.request("GET", url);
  }

  post(url: string, payload: unknown = {}, headers?: Record<string, string>) {
    return this.request("POST", url, payload, headers);
  }

  close() {
    return this.agent.close();
  }
}
