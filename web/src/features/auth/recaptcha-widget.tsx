import { Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { CAPTCHA_MESSAGES } from "@domain/contracts/auth";
import { INIT_LIMIT_MS } from "./altcha-widget";

interface Grecaptcha {
  render(
    host: HTMLElement,
    options: { sitekey: string; callback(token: string): void; "expired-callback"(): void },
  ): number;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    frioRecaptchaReady?: () => void;
  }
}
const ONLOAD = "frioRecaptchaReady" as const;

interface RecaptchaWidgetProps {
  siteKey: string;
  scriptUrl: string;
  onSolved(token: string | null): void;
}

/** Google's reCAPTCHA widget, when the server checks reCAPTCHA tokens (RECAPTCHA_SECRET). */
export function RecaptchaWidget({ siteKey, scriptUrl, onSolved }: RecaptchaWidgetProps) {
  const host = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const solved = useRef(onSolved);
  solved.current = onSolved;

  useEffect(() => {
    let ready = false;
    const render = () => {
      if (ready || !host.current || !window.grecaptcha) return;
      ready = true;
      setError(null);
      window.grecaptcha.render(host.current, {
        sitekey: siteKey,
        callback: (token) => solved.current(token),
        "expired-callback": () => solved.current(null),
      });
    };
    const limit = setTimeout(() => !ready && setError(CAPTCHA_MESSAGES.initTimeout), INIT_LIMIT_MS);
    window[ONLOAD] = render;
    const url = new URL(scriptUrl, window.location.href);
    url.searchParams.set("onload", ONLOAD);
    url.searchParams.set("render", "explicit");
    url.searchParams.set("hl", "es-419");
    const script = document.createElement("script");
    script.src = url.toString();
    script.async = true;
    script.onerror = () => {
      ready = true;
      setError(CAPTCHA_MESSAGES.loadFailed);
    };
    document.head.appendChild(script);
    return () => {
      clearTimeout(limit);
      script.remove();
      delete window[ONLOAD];
    };
  }, [siteKey, scriptUrl]);

  return (
    <div data-testid="captcha">
      <div ref={host} />
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
