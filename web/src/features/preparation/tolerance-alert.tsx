import { Alert, Button, Group, Stack, Text } from "@mantine/core";

/** Weights outside their products' tolerance: confirmed on purpose ('Confirmar pesos') or checked again. */
export function ToleranceAlert({
  messages,
  confirming,
  onConfirm,
  onReview,
}: {
  messages: string[];
  confirming: boolean;
  onConfirm(): void;
  onReview(): void;
}) {
  if (!messages.length) return null;
  return (
    <Alert color="orange" title="Peso fuera de la tolerancia" role="alert">
      <Stack gap="xs">
        {messages.map((m) => (
          <Text key={m} size="sm">
            {m}
          </Text>
        ))}
        <Group>
          <Button color="orange" onClick={onConfirm} loading={confirming}>
            Confirmar pesos
          </Button>
          <Button variant="default" onClick={onReview}>
            Revisar
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
