import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { LOGIN_FAILED } from "../../../../domain/contracts/auth-messages";
import { errorMessage } from "../../api/messages";
import { login } from "../../api/session";

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
    <Center component="main" mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={380} component="form" onSubmit={submit}>
        <Stack>
          <Title order={1} size="h2">
            Frío
          </Title>
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
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Button type="submit" loading={busy}>
            Ingresar
          </Button>
          <Anchor component={Link} to="/register-request" size="sm" ta="center">
            Registrarse
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
