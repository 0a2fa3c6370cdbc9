import { Alert, Group, Select, Table, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { formatMoney, toCentavos } from "../../../../domain/money";
import { PageTitle } from "../../components/page-title";
import { useLiveOrders, useOrders } from "./api";
import { OrderDetailDialog } from "./order-detail-dialog";
import { StatusBadge } from "./status-badge";
import { formatIsoDate } from "../../../../domain/calendar";

const FILTERS = [
  { value: "", label: "Todos" },
  { value: "virtual_freezer", label: "Freezer Virtual" },
  { value: "status", label: "Estados" },
];
const FV_FILTERS = [
  { value: "all", label: "Todos" },
  { value: "modified", label: "Modificados" },
  { value: "unmodified", label: "No modificados" },
];

export function OrdersPage() {
  useLiveOrders();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState("");
  const [fvStatus, setFvStatus] = useState("all");
  const [statusId, setStatusId] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [debounced] = useDebouncedValue(search, 250);

  const params = new URLSearchParams({ search: debounced, filter, limit: "100" });
  if (filter === "virtual_freezer") params.set("fv_status", fvStatus);
  if (filter === "status" && statusId) params.set("status_id", statusId);
  const orders = useOrders(params);

  return (
    <>
      <PageTitle>Pedidos</PageTitle>
      <Group mb="md" align="flex-end">
        <TextInput label="Buscar" placeholder="Nombre del cliente o ID del pedido" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={320} />
        <Select label="Filtro" data={FILTERS} value={filter} onChange={(v) => setFilter(v ?? "")} allowDeselect={false} w={180} />
        {filter === "virtual_freezer" && <Select label="Freezer Virtual" data={FV_FILTERS} value={fvStatus} onChange={(v) => setFvStatus(v ?? "all")} allowDeselect={false} w={180} />}
        {filter === "status" && (
          <Select
            label="Estado"
            data={(orders.data?.statuses ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={statusId}
            onChange={setStatusId}
            w={180}
          />
        )}
      </Group>
      {orders.isError && <Alert color="red">No se pudieron cargar pedidos.</Alert>}
      <Table striped highlightOnHover aria-label="Pedidos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID Pedido</Table.Th>
            <Table.Th>Cliente</Table.Th>
            <Table.Th>Hora</Table.Th>
            <Table.Th>Entrega</Table.Th>
            <Table.Th>Dirección</Table.Th>
            <Table.Th>Forma de Pago</Table.Th>
            <Table.Th>Total</Table.Th>
            <Table.Th>Modificado</Table.Th>
            <Table.Th>Vendedor</Table.Th>
            <Table.Th>Estado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(orders.data?.results ?? []).map((row) => (
            <Table.Tr key={row.PK_Orders} style={{ cursor: "pointer" }} onClick={() => setSelected(row.PK_Orders)}>
              <Table.Td>{row.PK_Orders}</Table.Td>
              <Table.Td>
                {row.FK_Clients__Name}
                {row.Has_FV ? " ❄️" : ""}
              </Table.Td>
              <Table.Td>{row.Order_Time}</Table.Td>
              <Table.Td>{formatIsoDate(row.Delivery_Date)}</Table.Td>
              <Table.Td>{row.Address}</Table.Td>
              <Table.Td>{row.FK_PayMethods__Name}</Table.Td>
              <Table.Td>{formatMoney(toCentavos(row.Final_Price))}</Table.Td>
              <Table.Td>{row.Alter_Date ? "Sí" : "No"}</Table.Td>
              <Table.Td>{row.FK_Sellers__username}</Table.Td>
              <Table.Td>
                <StatusBadge name={row.FK_OrderStatus__Name} displayClass={row.Display_Class} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {selected && <OrderDetailDialog orderId={selected} onClose={() => setSelected(null)} />}
    </>
  );
}
