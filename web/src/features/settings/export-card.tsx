import { Button, Card, Group, NumberInput, Select, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { EXPORT_MESSAGE, EXPORT_TABLES, isRanged, LatestIdResponse } from "../../../../domain/contracts/exports";
import { download, get, saveFile } from "../../api/http";
import { notifyError } from "../../components/notify";

export function ExportCard() {
  const [table, setTable] = useState<string | null>(null);
  const [format, setFormat] = useState<string | null>(null);
  const [startId, setStartId] = useState<number | string>(0);
  const [endId, setEndId] = useState<number | string>("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ranged = !!table && isRanged(table);

  useEffect(() => {
    if (!table || !isRanged(table)) return;
    setStartId(0);
    get(`/get-latest-id/?table=${table}`)
      .then((answer) => setEndId(LatestIdResponse.parse(answer).last_id))
      .catch(() => setEndId(""));
  }, [table]);

  async function exportData() {
    if (!table || !format) return setError(EXPORT_MESSAGE);
    setError(null);
    setBusy(true);
    try {
      const body = { sql_table: table, type_archive: format, ...(ranged ? { start_id: startId, end_id: endId } : {}) };
      const { blob, filename } = await download("/export-data/", body);
      saveFile(blob, filename);
    } catch {
      notifyError("No se pudo exportar.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="md">
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
        <Button onClick={exportData} loading={busy}>
          Exportar
        </Button>
      </Stack>
    </Card>
  );
}
