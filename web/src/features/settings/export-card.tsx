import { Button, Card, Group, NumberInput, Progress, Select, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { EXPORT_FAILED, EXPORT_MESSAGE, EXPORT_TABLES, isRanged } from "@domain/contracts/exports";
import { saveFile } from "../../api/save-file";
import { useEvents } from "../../api/socket";
import { notifyFailure } from "../../components/notify";
import { useCreateExport } from "./api/create-export";
import { downloadExport } from "./api/download-export";
import { useLatestId } from "./api/get-latest-id";
import { KeptExports } from "./kept-exports";

export function ExportCard() {
  const [table, setTable] = useState<string | null>(null);
  const [format, setFormat] = useState<string | null>(null);
  const [startId, setStartId] = useState<number | string>(0);
  const [endId, setEndId] = useState<number | string>("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ranged = !!table && isRanged(table);
  const latest = useLatestId(table, ranged);
  const creation = useCreateExport();

  // biome-ignore lint/correctness/useExhaustiveDependencies: another table starts its range again from 0
  useEffect(() => {
    if (ranged) setStartId(0);
  }, [table, ranged]);
  // The end of the range starts at the table's latest id, or empty when it cannot be read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: another table reads its own latest id
  useEffect(() => {
    if (!ranged) return;
    if (latest.data !== undefined) setEndId(latest.data);
    else if (latest.isError) setEndId("");
  }, [table, ranged, latest.data, latest.isError]);

  const [running, setRunning] = useState<{ id: string; done: number; total: number; resumed: boolean } | null>(null);
  // A short export may end before the answer that names its job is read: its end is kept for then.
  const endedEarly = useRef(new Set<string>());

  // The export runs as a job: its progress and its end, or its failure, arrive over the websocket.
  useEvents("export.", (event) => {
    if (event.type === "export.done" && !running && busy) endedEarly.current.add(String(event.data.id));
    if (!running || event.data.id !== running.id) return;
    if (event.type === "export.progress")
      setRunning({
        id: running.id,
        done: Number(event.data.rows_done),
        total: Number(event.data.rows_total),
        resumed: event.data.resumed === true,
      });
    if (event.type === "export.done") void fetchFile(running.id);
    if (event.type === "export.failed") {
      setError(String(event.data.reason));
      setBusy(false);
    }
  });

  async function fetchFile(id: string) {
    try {
      const { blob, filename } = await downloadExport(id);
      saveFile(blob, filename);
    } catch (failure) {
      notifyFailure(failure, "No se pudo exportar.");
    } finally {
      // The bar stays at its end so the Admin sees the export finished.
      setRunning((current) => current && { ...current, done: current.total });
      setBusy(false);
    }
  }

  async function exportData() {
    if (!table || !format) return setError(EXPORT_MESSAGE);
    setError(null);
    setBusy(true);
    try {
      const body = { sql_table: table, type_archive: format, ...(ranged ? { start_id: startId, end_id: endId } : {}) };
      const job = await creation.mutateAsync(body);
      setRunning({ id: job.id, done: job.rows_done, total: job.rows_total ?? 0, resumed: job.resumed });
      if (job.status === "done" || endedEarly.current.delete(job.id)) await fetchFile(job.id);
    } catch (failure) {
      notifyFailure(failure, EXPORT_FAILED);
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Exportar datos
      </Title>
      <Stack>
        <Select label="Tabla" data={[...EXPORT_TABLES]} value={table} onChange={setTable} searchable />
        <Select label="Tipo de archivo" data={["csv", "xlsx"]} value={format} onChange={setFormat} />
        {ranged && (
          <Group grow>
            <NumberInput label="ID inicial" min={0} value={startId} onChange={setStartId} />
            <NumberInput label="ID final" min={0} value={endId} onChange={setEndId} />
          </Group>
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        {running && (
          <Progress
            value={running.total ? (100 * running.done) / running.total : 0}
            aria-label="Progreso de la exportación"
            animated={busy}
          />
        )}
        {running?.resumed && busy && (
          <Text size="sm" c="dimmed">
            La exportación se reanudó tras una interrupción del servidor.
          </Text>
        )}
        <Button onClick={exportData} loading={busy}>
          Exportar
        </Button>
        <KeptExports />
      </Stack>
    </Card>
  );
}
