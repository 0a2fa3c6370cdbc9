/** Query keys of the auth feature, from one place. */
export const authKeys = {
  accountGroups: ["auth", "account-groups"] as const,
  captchaConfig: ["auth", "captcha-config"] as const,
};
