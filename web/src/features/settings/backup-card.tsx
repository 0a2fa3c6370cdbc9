import { Alert, Button, Card, Loader, Stack, Text, Title } from "@mantine/core";
import { formatDateTime } from "@domain/calendar";
import type { BackupStatus } from "@domain/contracts/backups";
import { saveFile } from "../../api/save-file";
import { ApiError } from "../../api/messages";
import { notifyError, notifySuccess } from "../../components/notify";
import { useBackupStatus } from "./api/get-backup-status";
import { useDownloadBackup } from "./api/download-backup";
import { megabytes } from "./file-size";

const TRIGGER: Record<NonNullable<BackupStatus["last"]>["trigger"], string> = {
  scheduled: "programada",
  command: "con npm run backup",
  download: "descargada desde esta pantalla",
};

const every = (minutes: number) =>
  minutes % 1440 === 0
    ? `cada ${minutes / 1440 === 1 ? "día" : `${minutes / 1440} días`}`
    : minutes % 60 === 0
      ? `cada ${minutes / 60} h`
      : `cada ${minutes} min`;

function Schedule({ schedule }: { schedule: BackupStatus["schedule"] }) {
  if (!schedule)
    return (
      <Text size="sm" c="dimmed">
        Sin copias programadas en el servidor (BACKUP_DIR no está configurado).
      </Text>
    );
  return (
    <Text size="sm" c="dimmed">
      Copias programadas {every(schedule.every_minutes)}; se guardan las {schedule.keep} más recientes.
    </Text>
  );
}

/** The Admin sees when the last backup was made and how big it was, and takes a fresh one home. */
export function BackupCard() {
  const status = useBackupStatus();
  const downloading = useDownloadBackup();

  async function downloadBackup() {
    try {
      const { blob, filename } = await downloading.mutateAsync();
      saveFile(blob, filename);
      notifySuccess("Copia de seguridad descargada.");
    } catch (failure) {
      notifyError(failure instanceof ApiError ? failure.message : "No se pudo descargar la copia de seguridad.");
    }
  }

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Copias de seguridad
      </Title>
      <Stack>
        {status.isLoading && <Loader size="sm" />}
        {status.isError && <Alert color="red">Error al cargar datos</Alert>}
        {status.data && (
          <>
            <Text>
              {status.data.last
                ? `Última copia: ${formatDateTime(status.data.last.at)} · ${megabytes(status.data.last.bytes)} (${TRIGGER[status.data.last.trigger]})`
                : "Todavía no se hizo ninguna copia."}
            </Text>
            {status.data.failure && (
              <Alert color="red" title="La última copia falló">
                {formatDateTime(status.data.failure.at)} ({TRIGGER[status.data.failure.trigger]}):{" "}
                {status.data.failure.message}
              </Alert>
            )}
            <Schedule schedule={status.data.schedule} />
          </>
        )}
        <Button onClick={downloadBackup} loading={downloading.isPending}>
          Descargar copia
        </Button>
      </Stack>
    </Card>
  );
}
