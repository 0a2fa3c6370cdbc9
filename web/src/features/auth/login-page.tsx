import { PasswordInput, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { LOGIN_FAILED } from "@domain/contracts/auth-messages";
import { errorMessage } from "../../api/messages";
import { login } from "../../api/session";
import { AuthCard } from "./auth-card";

export function LoginPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login({ username: username.trim(), password });
      void navigate("/", { replace: true });
    } catch (failure) {
      setError(errorMessage(failure, LOGIN_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Frío"
      width={380}
      onSubmit={submit}
      error={error}
      submitLabel="Ingresar"
      busy={busy}
      link={{ to: "/register-request", label: "Registrarse" }}
    >
      <TextInput
        label="Usuario"
        autoComplete="username"
        required
        value={username}
        onChange={(e) => setUsername(e.currentTarget.value)}
      />
      <PasswordInput
        label="Contraseña"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
    </AuthCard>
  );
}
