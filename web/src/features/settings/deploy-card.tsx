import { Button, Card, Code, ScrollArea, Stack, Title } from "@mantine/core";
import { useState } from "react";
import { ApiError } from "../../api/messages";
import { useEvents } from "../../api/socket";
import { Confirm } from "../../components/confirm";
import { notifyError, notifySuccess } from "../../components/notify";
import { useStartDeploy } from "./api/start-deploy";

const RELOAD_MS = 3_000;
const MAX_ERROR_CHARS = 500;

export function DeployCard() {
  const [lines, setLines] = useState<string[]>([]);
  const deploying = useStartDeploy();
  // Busy from the click until the page reloads after a start.
  const busy = deploying.isPending || deploying.isSuccess;
  const [asking, setAsking] = useState(false);
  useEvents("deploy.", (event) => {
    if (typeof event.data.line === "string") setLines((all) => [...all.slice(-200), event.data.line as string]);
  });

  async function deploy() {
    setAsking(false);
    setLines([]);
    try {
      await deploying.mutateAsync();
      notifySuccess("Despliegue iniciado. Recargando en unos segundos...");
      setTimeout(() => window.location.reload(), RELOAD_MS);
    } catch (failure) {
      const data = failure instanceof ApiError ? (failure.data as { detail?: string; stderr?: string } | null) : null;
      const reason = data?.detail ?? data?.stderr;
      notifyError(`No se pudo iniciar el despliegue.${reason ? ` ${reason}` : ""}`.slice(0, MAX_ERROR_CHARS));
    }
  }

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Actualizar Software!
      </Title>
      <Stack>
        {/* A deploy restarts the app for everyone: it is asked for twice. */}
        <Button color="orange" onClick={() => setAsking(true)} loading={busy}>
          Actualizar Software!
        </Button>
        <Confirm
          opened={asking}
          message="¿Actualizar el software ahora? La aplicación se reiniciará para todos los usuarios."
          confirmLabel="Actualizar"
          onConfirm={deploy}
          onCancel={() => setAsking(false)}
        />
        {lines.length > 0 && (
          <ScrollArea h={160}>
            <Code block>{lines.join("\n")}</Code>
          </ScrollArea>
        )}
      </Stack>
    </Card>
  );
}
