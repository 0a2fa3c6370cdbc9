import { Alert, Button, Loader, Progress, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { formatDateTime } from "@domain/calendar";
import type { KeptExport } from "@domain/contracts/exports";
import { saveFile } from "../../api/save-file";
import { Confirm } from "../../components/confirm";
import { notifyError, notifySuccess } from "../../components/notify";
import { useDeleteExport } from "./api/delete-export";
import { downloadExport } from "./api/download-export";
import { useKeptExports } from "./api/get-kept-exports";
import { megabytes } from "./file-size";

const STATUS: Record<KeptExport["status"], string> = {
  queued: "En cola",
  running: "En curso",
  done: "Lista",
  failed: "Falló",
};

/** The Admin sees the files kept on the server, their space against the quota, and deletes them. */
export function KeptExports() {
  const kept = useKeptExports();
  const deletion = useDeleteExport();
  const [deleting, setDeleting] = useState<KeptExport | null>(null);

  async function remove() {
    if (!deleting) return;
    try {
      await deletion.mutateAsync(deleting.id);
      notifySuccess("Exportación eliminada.");
    } catch {
      notifyError("No se pudo eliminar");
    } finally {
      setDeleting(null);
    }
  }

  async function fetchFile(job: KeptExport) {
    try {
      const { blob, filename } = await downloadExport(job.id);
      saveFile(blob, filename);
    } catch {
      notifyError("No se pudo exportar.");
    }
  }

  if (kept.isLoading) return <Loader size="sm" />;
  if (kept.isError || !kept.data) return <Alert color="red">Error al cargar datos</Alert>;
  const { results, used_bytes, quota_bytes } = kept.data;

  return (
    <Stack gap="xs">
      <Text fw={600}>Archivos guardados</Text>
      <Text size="sm" c="dimmed">
        Espacio usado: {megabytes(used_bytes)} de {megabytes(quota_bytes)}
      </Text>
      <Progress
        value={Math.min(100, (100 * used_bytes) / quota_bytes)}
        aria-label="Espacio usado por las exportaciones"
      />
      {results.length === 0 ? (
        <Text size="sm">No hay archivos guardados.</Text>
      ) : (
        <ScrollArea>
          <Table striped aria-label="Archivos guardados" miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tabla</Table.Th>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Pidió</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>Tamaño</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td>
                    {job.table}.{job.format}
                  </Table.Td>
                  <Table.Td>{formatDateTime(job.created_at)}</Table.Td>
                  <Table.Td>{job.requested_by ?? "—"}</Table.Td>
                  <Table.Td title={job.error ?? undefined}>{STATUS[job.status]}</Table.Td>
                  <Table.Td>{job.bytes === null ? "—" : megabytes(job.bytes)}</Table.Td>
                  <Table.Td>
                    {job.status === "done" && (
                      <Button size="compact-sm" variant="subtle" onClick={() => void fetchFile(job)}>
                        Descargar
                      </Button>
                    )}
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(job)}>
                      Eliminar
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <Confirm
        opened={!!deleting}
        message={`¿Eliminar el archivo ${deleting?.table}.${deleting?.format}?`}
        confirmLabel="Eliminar"
        loading={deletion.isPending}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
