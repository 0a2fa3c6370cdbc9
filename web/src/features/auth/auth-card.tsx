import { Anchor, Button, Center, Paper, Stack, Text, Title } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { Link } from "react-router";

interface AuthCardProps {
  title: string;
  /** The card's widest, in px. */
  width: number;
  onSubmit(event: FormEvent): void;
  /** The form's refusal, read out when it appears. */
  error: string | null;
  submitLabel: string;
  busy: boolean;
  /** The other page of signing in: registering from the login, back from the registration. */
  link: { to: string; label: string };
  children: ReactNode;
}

/** The signed-out pages' form: a card alone on the page, its fields, its refusal, its button and the way to the other page. */
export function AuthCard({ title, width, onSubmit, error, submitLabel, busy, link, children }: AuthCardProps) {
  return (
    <Center component="main" mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={width} component="form" onSubmit={onSubmit}>
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
          <Anchor component={Link} to={link.to} size="sm" ta="center">
            {link.label}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
