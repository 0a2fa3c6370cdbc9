import { Text } from "@mantine/core";
import { createElement, useEffect, useRef, useState } from "react";
import { CAPTCHA_MESSAGES } from "@domain/contracts/auth";

// SPEC.md §9: the challenge has 10 s to get ready.
export const INIT_LIMIT_MS = 10_000;

interface AltchaWidgetProps {
  onSolved(payload: string | null): void;
}

/** The self-hosted ALTCHA proof of work (DESIGN.md §4), loaded on demand. */
export function AltchaWidget({ onSolved }: AltchaWidgetProps) {
  const host = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const solved = useRef(onSolved);
  solved.current = onSolved;

  useEffect(() => {
    let ready = false;
    const limit = setTimeout(() => !ready && setError(CAPTCHA_MESSAGES.initTimeout), INIT_LIMIT_MS);
    Promise.all([import("altcha"), import("altcha/i18n/es-419")])
      .then(() => {
        ready = true;
        setLoaded(true);
      })
      .catch(() => setError(CAPTCHA_MESSAGES.loadFailed));
    return () => clearTimeout(limit);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the widget element exists only once its script has loaded
  useEffect(() => {
    const widget = host.current?.querySelector("altcha-widget");
    if (!widget) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      solved.current(state === "verified" && payload ? payload : null);
    };
    widget.addEventListener("statechange", listener);
    return () => widget.removeEventListener("statechange", listener);
  }, [loaded]);

  return (
    <div ref={host} data-testid="captcha">
      {loaded &&
        createElement("altcha-widget", { challenge: "/api/captcha/challenge/", language: "es-419", auto: "onload" })}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
