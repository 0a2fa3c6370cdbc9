import { queryOptions, useQuery } from "@tanstack/react-query";
import { CaptchaConfig } from "@domain/contracts/auth";
import { get } from "../../../api/http";
import { authKeys } from "./keys";

/** Which challenge the server checks, so the page shows that one (ALTCHA or reCAPTCHA). */
const getCaptchaConfig = async () => CaptchaConfig.parse(await get("/captcha/config/"));

const captchaConfigQuery = () =>
  queryOptions({ queryKey: authKeys.captchaConfig, queryFn: getCaptchaConfig, staleTime: Infinity });

export const useCaptchaConfig = () => useQuery(captchaConfigQuery());
