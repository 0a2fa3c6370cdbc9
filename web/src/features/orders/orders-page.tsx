import { Select } from "@mantine/core";
import { useState } from "react";
import { formatIsoDate } from "@domain/calendar";
import type { OrderRow } from "@domain/contracts/orders";
import { formatMoney, toCentavos } from "@domain/money";
import { PagedRecordTable } from "../../components/list-pager";
import { FilterSelect, SearchedList, useListSearch } from "../../components/list-search";
import { PageTitle } from "../../components/page-title";
import type { RecordColumn } from "../../components/record-table";
import { useLiveOrders } from "./api/live-orders";
import { ORDERS_PAGE_SIZE, useOrderList } from "./api/list-orders";
import { OrderDetailDialog } from "./order-detail-dialog";
import { StatusBadge } from "./status-badge";

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

// SPEC.md §2: the /orders columns; on phones the client, total and status head each card.
const COLUMNS: RecordColumn<OrderRow>[] = [
  { header: "ID Pedido", cell: (row) => `#${row.PK_Orders}`, title: true },
  { header: "Cliente", cell: (row) => `${row.FK_Clients__Name}${row.Has_FV ? " ❄️" : ""}`, title: true },
  { header: "Hora", cell: (row) => row.Order_Time },
  { header: "Entrega", cell: (row) => formatIsoDate(row.Delivery_Date) },
  { header: "Dirección", cell: (row) => row.Address },
  { header: "Forma de Pago", cell: (row) => row.FK_PayMethods__Name },
  { header: "Total", cell: (row) => formatMoney(toCentavos(row.Final_Price)) },
  { header: "Modificado", cell: (row) => (row.Alter_Date ? "Sí" : "No") },
  { header: "Vendedor", cell: (row) => row.FK_Sellers__username },
  { header: "Estado", cell: (row) => <StatusBadge name={row.FK_OrderStatus__Name} displayClass={row.Display_Class} /> },
];

export function OrdersPage() {
  useLiveOrders();
  const [filter, setFilter] = useState("");
  const [fvStatus, setFvStatus] = useState("all");
  const [statusId, setStatusId] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const { search, setSearch, debounced, page, setPage } = useListSearch([filter, fvStatus, statusId]);
  const orders = useOrderList({ search: debounced, filter, fvStatus, statusId, page });
  const narrow = { base: "100%", sm: 180 };

  return (
    <>
      <PageTitle>Pedidos</PageTitle>
      <SearchedList
        search={{ placeholder: "Nombre del cliente o ID del pedido", value: search, onChange: setSearch }}
        filters={
          <>
            <FilterSelect label="Filtro" data={FILTERS} value={filter} onChange={setFilter} fallback="" w={narrow} />
            {filter === "virtual_freezer" && (
              <FilterSelect
                label="Freezer Virtual"
                data={FV_FILTERS}
                value={fvStatus}
                onChange={setFvStatus}
                fallback="all"
                w={narrow}
              />
            )}
            {filter === "status" && (
              <Select
                label="Estado"
                data={(orders.data?.statuses ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
                value={statusId}
                onChange={setStatusId}
                w={narrow}
              />
            )}
          </>
        }
        failure={orders.isError ? "No se pudieron cargar pedidos." : null}
      >
        <PagedRecordTable
          count={orders.data?.count}
          pageSize={ORDERS_PAGE_SIZE}
          page={page}
          onPage={setPage}
          label="Pedidos"
          rows={orders.data?.results ?? []}
          columns={COLUMNS}
          rowKey={(row) => row.PK_Orders}
          onOpen={(row) => setSelected(row.PK_Orders)}
        />
      </SearchedList>
      {selected && <OrderDetailDialog orderId={selected} onClose={() => setSelected(null)} />}
    </>
  );
}
