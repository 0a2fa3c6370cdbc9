import { Loader, Text } from "@mantine/core";
import { CAPTCHA_MESSAGES } from "@domain/contracts/auth";
import { AltchaWidget } from "./altcha-widget";
import { useCaptchaConfig } from "./api/captcha-config";
import { RecaptchaWidget } from "./recaptcha-widget";

/** The challenge the server expects: reCAPTCHA when it is configured, else the self-hosted one. */
export function CaptchaWidget({ onSolved }: { onSolved(solution: string | null): void }) {
  const config = useCaptchaConfig();
  if (config.isPending) return <Loader size="sm" aria-label="Cargando verificación" />;
  if (config.isError)
    return (
      <Text c="red" size="sm" role="alert">
        {CAPTCHA_MESSAGES.loadFailed}
      </Text>
    );
  if (config.data.provider === "recaptcha")
    return <RecaptchaWidget siteKey={config.data.site_key} scriptUrl={config.data.script_url} onSolved={onSolved} />;
  return <AltchaWidget onSolved={onSolved} />;
}
