import { Alert, Button, Group, Modal, Select, Stack, Table, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { ClientListItem } from "../../../../domain/contracts/clients";
import { Confirm } from "../../components/confirm";
import { notifyError, notifySuccess } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { clientKeys, deleteClient, useClientList } from "./api";
import { ClaimsDialog } from "./claims-dialog";
import { EditClientDialog } from "./edit-client-dialog";
import { FullDataDialog } from "./full-data-dialog";
import { formatIsoDate } from "../../../../domain/calendar";

type Dialog = "options" | "edit" | "claims" | "full" | "delete";

const formatBirthday = (iso: string | null) => (iso ? formatIsoDate(iso) : "");

export function ClientsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<"" | "virtual_freezer">("");
  const [debounced] = useDebouncedValue(search, 250);
  const list = useClientList(debounced, filter);
  const [selected, setSelected] = useState<ClientListItem | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  async function remove() {
    if (!selected) return;
    try {
      await deleteClient(selected.id);
      notifySuccess("Cliente eliminado correctamente.");
      await queryClient.invalidateQueries({ queryKey: clientKeys.all });
    } catch {
      notifyError("No se pudo eliminar el cliente.");
    }
    close();
  }

  return (
    <>
      <PageTitle>Clientes</PageTitle>
      <Group mb="md" align="flex-end">
        <TextInput label="Buscar" placeholder="Buscar por nombre o ID" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={320} />
        <Select
          label="Filtro"
          data={[
            { value: "", label: "Todos" },
            { value: "virtual_freezer", label: "Freezer Virtual" },
          ]}
          value={filter}
          onChange={(v) => setFilter((v ?? "") as "" | "virtual_freezer")}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {list.isError && <Alert color="red">Error al cargar los datos.</Alert>}
      <Table striped highlightOnHover aria-label="Clientes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th aria-label="Categoría" />
            <Table.Th>ID</Table.Th>
            <Table.Th>Nombre</Table.Th>
            <Table.Th>Teléfono</Table.Th>
            <Table.Th>Dirección</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Cumpleaños</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data ?? []).map((row) => (
            <Table.Tr
              key={row.id}
              style={{ cursor: "pointer" }}
              onClick={() => {
                setSelected(row);
                setDialog("options");
              }}
            >
              <Table.Td>{row.category === "Freezer Virtual" ? <span title="Freezer Virtual" aria-label="Freezer Virtual">❄️</span> : null}</Table.Td>
              <Table.Td>{row.id}</Table.Td>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{row.phone}</Table.Td>
              <Table.Td>{row.address}</Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>{formatBirthday(row.birthday)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Modal opened={dialog === "options"} onClose={close} title={selected?.name}>
        <Stack>
          <Button onClick={() => setDialog("edit")}>Modificar Cliente</Button>
          <Button variant="light" onClick={() => setDialog("claims")}>
            Cargar Datos de Cliente
          </Button>
          <Button variant="light" onClick={() => setDialog("full")}>
            Mostrar todos los datos del cliente
          </Button>
          <Button variant="light" onClick={() => selected && navigate(`/clients/${selected.id}/virtual-freezer`)}>
            Cargar Freezer Virtual
          </Button>
          <Button color="red" variant="light" onClick={() => setDialog("delete")}>
            Eliminar Cliente
          </Button>
        </Stack>
      </Modal>
      {selected && dialog === "edit" && <EditClientDialog clientId={selected.id} onClose={close} />}
      {selected && dialog === "claims" && <ClaimsDialog clientId={selected.id} onClose={close} />}
      {selected && dialog === "full" && <FullDataDialog clientId={selected.id} onClose={close} />}
      <Confirm opened={dialog === "delete"} message="Seguro que desea eliminar este cliente?" confirmLabel="Eliminar" onConfirm={remove} onCancel={close} />
    </>
  );
}
