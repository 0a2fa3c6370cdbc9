import { createServer } from "node:http";

/** How the stand-in's script behaves: loads and works, is missing (404), or loads and never gets ready. */
type FakeRecaptchaMode = "works" | "missing" | "never-ready";

export interface FakeRecaptcha {
  origin: string;
  scriptUrl: string;
  verifyUrl: string;
  /** Every siteverify call, as "secret:token". */
  verified: string[];
  mode: FakeRecaptchaMode;
  close(): Promise<void>;
}

// What Google's api.js offers with ?onload=…&render=explicit: grecaptcha.render(host, { sitekey,
// callback }) draws a box; ticking it hands the page a token. Here the token names the site key,
// so a test sees the page used the key from the server's configuration.
const WIDGET_SCRIPT = `(function () {
  var params = new URL(document.currentScript.src).searchParams;
  window.grecaptcha = {
    render: function (host, options) {
      var box = document.createElement("button");
      box.type = "button";
      box.textContent = "No soy un robot";
      box.setAttribute("data-sitekey", options.sitekey);
      box.addEventListener("click", function () { box.textContent = "Verificado"; options.callback("ok-token:" + options.sitekey); });
      host.appendChild(box);
      return 0;
    },
    reset: function () {},
  };
  var onload = params.get("onload");
  if (onload && window[onload]) window[onload]();
})();`;

/** Google's reCAPTCHA on 127.0.0.1: the widget script and siteverify (only "ok-token:<site key>" passes). */
export async function startFakeRecaptcha(siteKey: string): Promise<FakeRecaptcha> {
  const verified: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/recaptcha/api.js") {
      if (fake.mode === "missing") return response.writeHead(404).end();
      response.setHeader("content-type", "text/javascript");
      // never-ready: the script loads but never defines grecaptcha nor calls onload.
      return response.end(fake.mode === "never-ready" ? "/* stalled */" : WIDGET_SCRIPT);
    }
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const form = new URLSearchParams(body);
      verified.push(`${form.get("secret")}:${form.get("response")}`);
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ success: form.get("response") === `ok-token:${siteKey}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  const fake: FakeRecaptcha = {
    origin,
    scriptUrl: `${origin}/recaptcha/api.js`,
    verifyUrl: `${origin}/siteverify`,
    verified,
    mode: "works",
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
