import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { formatDateTime } from "@domain/calendar";
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditRecord } from "@domain/contracts/audit";
import { saveFile } from "../../api/save-file";
import { ApiError } from "../../api/messages";
import { notifyError } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { scrollRegion } from "../../components/scroll-region";
import { downloadAudit } from "./api/download-audit";
import { useAuditUsers } from "./api/get-audit-users";
import type { AuditFilters } from "./api/keys";
import { useAudit } from "./api/list-audit";
import { describeChange } from "@domain/audit-change";
import { DateField } from "../../components/date-field";

const actionName = (action: string) => AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS] ?? action;
const entityName = (entry: AuditRecord) =>
  `${AUDIT_ENTITIES[entry.entity as keyof typeof AUDIT_ENTITIES] ?? entry.entity}${entry.entity_id ? ` #${entry.entity_id}` : ""}`;

/** Admin's view of the sensitive changes: who, when, what, before and after (DESIGN.md §4). */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>({ action: null, actorId: null, from: "", to: "", entityId: "" });
  const audit = useAudit(filters);
  const users = useAuditUsers();
  const [exporting, setExporting] = useState(false);
  const set = (patch: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...patch }));

  async function exportTrail() {
    setExporting(true);
    try {
      const { blob, filename } = await downloadAudit();
      saveFile(blob, filename);
    } catch {
      notifyError("No se pudo exportar.");
    } finally {
      setExporting(false);
    }
  }

  const refused = audit.error instanceof ApiError && audit.error.status === 400 ? audit.error.message : null;

  return (
    <>
      <PageTitle>Auditoría</PageTitle>
      <Paper withBorder p="md" mb="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
          <Select
            label="Acción"
            placeholder="Todas"
            clearable
            data={Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))}
            value={filters.action}
            onChange={(action) => set({ action })}
          />
          <Select
            label="Usuario"
            placeholder="Todos"
            clearable
            searchable
            data={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.username }))}
            value={filters.actorId}
            onChange={(actorId) => set({ actorId })}
          />
          <DateField label="Desde" value={filters.from} onValue={(from) => set({ from })} />
          <DateField label="Hasta" value={filters.to} onValue={(to) => set({ to })} />
          <TextInput
            label="ID del registro"
            inputMode="numeric"
            value={filters.entityId}
            onChange={(e) => set({ entityId: e.currentTarget.value })}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button variant="light" onClick={() => void exportTrail()} loading={exporting}>
            Exportar auditoría (CSV)
          </Button>
        </Group>
      </Paper>

      {refused && (
        <Alert color="red" mb="md" role="alert">
          {refused}
        </Alert>
      )}
      {audit.isLoading ? (
        <Loader />
      ) : audit.isError && !refused ? (
        <Alert color="red">Error al cargar datos</Alert>
      ) : (
        <Paper withBorder p="md">
          {(audit.data ?? []).length === 0 ? (
            <Text>No hay cambios registrados con esos filtros.</Text>
          ) : (
            <ScrollArea type="auto" viewportProps={scrollRegion("Cambios registrados")}>
              <Table striped aria-label="Auditoría" miw={760} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Fecha</Table.Th>
                    <Table.Th>Usuario</Table.Th>
                    <Table.Th>Acción</Table.Th>
                    <Table.Th>Registro</Table.Th>
                    <Table.Th>Antes</Table.Th>
                    <Table.Th>Después</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(audit.data ?? []).map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(entry.at)}</Table.Td>
                      <Table.Td>{entry.actor ?? "—"}</Table.Td>
                      <Table.Td>{actionName(entry.action)}</Table.Td>
                      <Table.Td>{entityName(entry)}</Table.Td>
                      <Table.Td>{describeChange(entry.before)}</Table.Td>
                      <Table.Td>{describeChange(entry.after)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
        </Paper>
      )}
    </>
  );
}
