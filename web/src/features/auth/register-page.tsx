import { PasswordInput, Select, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { CAPTCHA_REQUIRED, GROUP_REQUIRED, Username } from "@domain/contracts/auth";
import { ApiError } from "../../api/messages";
import { notifySuccess, notifyFailure } from "../../components/notify";
import { useAccountGroups } from "./api/get-account-groups";
import { useSendRegistration } from "./api/send-registration";
import { AuthCard } from "./auth-card";
import { CaptchaWidget } from "./captcha-widget";

const REDIRECT_MS = 1_500;

export function RegisterPage() {
  const navigate = useNavigate();
  const groups = useAccountGroups();
  const [form, setForm] = useState({ username: "", email: "", password: "", group: null as string | null });
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const registration = useSendRegistration();
  const set = (field: keyof typeof form) => (value: string | null) => setForm((f) => ({ ...f, [field]: value ?? "" }));

  /** The server's own rule (domain/usernames.ts): the name as it will be stored, or null with the reason shown. */
  function checkedUsername() {
    const parsed = Username.safeParse(form.username);
    setUsernameError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    return parsed.success ? parsed.data : null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const username = checkedUsername();
    if (!username) return;
    if (!form.group) return setError(GROUP_REQUIRED);
    if (!captcha) return setError(CAPTCHA_REQUIRED);
    setError(null);
    try {
      await registration.mutateAsync({
        username,
        email: form.email.trim(),
        password: form.password,
        group_id: Number(form.group),
        recaptcha: captcha,
      });
      notifySuccess("Solicitud enviada. Tu cuenta quedará pendiente de aprobación.");
      setTimeout(() => navigate("/login"), REDIRECT_MS);
    } catch (failure) {
      // The form keeps the reason (a name taken, the challenge); the notice leads with SPEC.md §8's sentence.
      const refusal = failure instanceof ApiError && failure.status > 0 && failure.status < 500 ? failure : null;
      if (refusal?.fieldErrors.username) setUsernameError(refusal.fieldErrors.username);
      setError(refusal ? refusal.message : "No se pudo enviar la solicitud");
      notifyFailure(failure, "No se pudo enviar la solicitud");
    }
  }

  return (
    <AuthCard
      title="Solicitud de registro"
      width={420}
      onSubmit={submit}
      error={error}
      submitLabel="Enviar solicitud"
      busy={registration.isPending}
      link={{ to: "/login", label: "Volver al inicio de sesión" }}
    >
      <TextInput
        label="Usuario"
        description="Letras sin acentos, números, punto, guion y guion bajo; de 3 a 30."
        required
        value={form.username}
        error={usernameError}
        onChange={(e) => {
          set("username")(e.currentTarget.value);
          setUsernameError(null);
        }}
        onBlur={() => form.username && checkedUsername()}
      />
      <TextInput
        label="Email"
        type="email"
        required
        value={form.email}
        onChange={(e) => set("email")(e.currentTarget.value)}
      />
      <PasswordInput
        label="Contraseña"
        required
        value={form.password}
        onChange={(e) => set("password")(e.currentTarget.value)}
      />
      <Select
        label="Grupo"
        required
        placeholder="Seleccioná un grupo"
        data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
        value={form.group}
        onChange={set("group")}
        error={groups.isError ? "Error cargando grupos" : undefined}
      />
      <CaptchaWidget onSolved={setCaptcha} />
    </AuthCard>
  );
}
