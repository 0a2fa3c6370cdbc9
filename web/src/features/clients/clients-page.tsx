import { Button, Modal, Stack } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { ClientListItem } from "@domain/contracts/clients";
import { Confirm } from "../../components/confirm";
import { notifySuccess, notifyFailure } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { useCan } from "../../api/can";
import { PagedRecordTable } from "../../components/list-pager";
import { FilterSelect, SearchedList, useListSearch } from "../../components/list-search";
import type { RecordColumn } from "../../components/record-table";
import { useDeleteClient } from "./api/delete-client";
import { CLIENTS_PAGE_SIZE, useClientList } from "./api/list-clients";
import { ClaimsDialog } from "./claims-dialog";
import { EditClientDialog } from "./edit-client-dialog";
import { FullDataDialog } from "./full-data-dialog";
import { formatIsoDate } from "@domain/calendar";

type Dialog = "options" | "edit" | "claims" | "full" | "delete";

const formatBirthday = (iso: string | null) => (iso ? formatIsoDate(iso) : "");

// SPEC.md §2: the /clients columns, every one kept on phones as a card line.
const COLUMNS: RecordColumn<ClientListItem>[] = [
  {
    header: "",
    srHeader: "Categoría",
    cell: (row) =>
      row.category === "Freezer Virtual" ? (
        <span role="img" aria-label="Freezer Virtual">
          ❄️
        </span>
      ) : null,
    title: true,
  },
  { header: "ID", cell: (row) => row.id },
  { header: "Nombre", cell: (row) => row.name, title: true },
  { header: "Teléfono", cell: (row) => row.phone },
  { header: "Dirección", cell: (row) => row.address },
  { header: "Email", cell: (row) => row.email },
  { header: "Cumpleaños", cell: (row) => formatBirthday(row.birthday) },
];

export function ClientsPage() {
  const navigate = useNavigate();
  const deletion = useDeleteClient();
  const [filter, setFilter] = useState<"" | "virtual_freezer">("");
  const { search, setSearch, debounced, page, setPage } = useListSearch([filter]);
  const list = useClientList({ search: debounced, filter, page });
  const writes = useCan("catalog.write");
  const readsAccounts = useCan("accounts.read");
  const [selected, setSelected] = useState<ClientListItem | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  async function remove() {
    if (!selected) return;
    try {
      await deletion.mutateAsync(selected.id);
      notifySuccess("Cliente eliminado correctamente.");
    } catch (failure) {
      notifyFailure(failure, "No se pudo eliminar el cliente.");
    }
    close();
  }

  return (
    <>
      <PageTitle>Clientes</PageTitle>
      <SearchedList
        search={{ placeholder: "Buscar por nombre o ID", value: search, onChange: setSearch }}
        filters={
          <FilterSelect
            label="Filtro"
            data={[
              { value: "", label: "Todos" },
              { value: "virtual_freezer", label: "Freezer Virtual" },
            ]}
            value={filter}
            onChange={setFilter}
            fallback=""
            w={{ base: "100%", sm: 200 }}
          />
        }
        failure={list.isError ? "Error al cargar los datos." : null}
      >
        <PagedRecordTable
          count={list.data?.count}
          pageSize={CLIENTS_PAGE_SIZE}
          page={page}
          onPage={setPage}
          label="Clientes"
          rows={list.data?.results ?? []}
          columns={COLUMNS}
          rowKey={(row) => row.id}
          onOpen={(row) => {
            setSelected(row);
            setDialog("options");
          }}
        />
      </SearchedList>

      <Modal opened={dialog === "options"} onClose={close} title={selected?.name}>
        <Stack>
          {/* Groups that only read clients see only what they can open. */}
          {writes && <Button onClick={() => setDialog("edit")}>Modificar Cliente</Button>}
          {writes && (
            <Button variant="light" onClick={() => setDialog("claims")}>
              Cargar Datos de Cliente
            </Button>
          )}
          <Button variant="light" onClick={() => setDialog("full")}>
            Mostrar todos los datos del cliente
          </Button>
          {readsAccounts && (
            <Button variant="light" onClick={() => selected && navigate(`/cuentas/${selected.id}`)}>
              Ver cuenta corriente
            </Button>
          )}
          {writes && (
            <Button variant="light" onClick={() => selected && navigate(`/clients/${selected.id}/virtual-freezer`)}>
              Cargar Freezer Virtual
            </Button>
          )}
          {writes && (
            <Button color="red" variant="light" onClick={() => setDialog("delete")}>
              Eliminar Cliente
            </Button>
          )}
        </Stack>
      </Modal>
      {selected && dialog === "edit" && <EditClientDialog clientId={selected.id} onClose={close} />}
      {selected && dialog === "claims" && <ClaimsDialog clientId={selected.id} onClose={close} />}
      {selected && dialog === "full" && <FullDataDialog clientId={selected.id} onClose={close} />}
      <Confirm
        opened={dialog === "delete"}
        message="Seguro que desea eliminar este cliente?"
        confirmLabel="Eliminar"
        onConfirm={remove}
        onCancel={close}
      />
    </>
  );
}
