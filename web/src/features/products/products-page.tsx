import { Alert, Group, Select, Table, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatMoney, toCentavos } from "../../../../domain/money";
import { useEvents } from "../../api/socket";
import { PageTitle } from "../../components/page-title";
import { productKeys, useProductList } from "./api";
import { EditProductDialog } from "./edit-product-dialog";

const FILTERS = [
  { value: "", label: "Todos" },
  { value: "destacados", label: "Destacados" },
  { value: "sin_stock", label: "Sin stock" },
  { value: "principales", label: "Productos principales" },
  { value: "secundarios", label: "Productos secundarios" },
];

const kg = new Intl.NumberFormat("es-AR", { maximumFractionDigits: 3 });

export function ProductsPage() {
  const client = useQueryClient();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const list = useProductList(debounced, filter);
  const [editing, setEditing] = useState<number | null>(null);
  // Stock taken by an order elsewhere shows here without a reload.
  useEvents("product.", () => void client.invalidateQueries({ queryKey: productKeys.all }));

  return (
    <>
      <PageTitle>Productos</PageTitle>
      <Group mb="md" align="flex-end">
        <TextInput label="Buscar" placeholder="Buscar por nombre" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={320} />
        <Select label="Filtro" data={FILTERS} value={filter} onChange={(v) => setFilter(v ?? "")} allowDeselect={false} w={240} />
      </Group>
      {list.isError && <Alert color="red">No se pudieron cargar productos</Alert>}
      <Table striped highlightOnHover aria-label="Productos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID Producto</Table.Th>
            <Table.Th>ID Principal</Table.Th>
            <Table.Th>Producto</Table.Th>
            <Table.Th>Cantidad</Table.Th>
            <Table.Th>Precio</Table.Th>
            <Table.Th>Peso Unidad</Table.Th>
            <Table.Th>¿Pesa?</Table.Th>
            <Table.Th>Destacado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data ?? []).map((p) => (
            <Table.Tr key={p.PK_Products} style={{ cursor: "pointer" }} onClick={() => setEditing(p.PK_Products)}>
              <Table.Td>{p.PK_Products}</Table.Td>
              <Table.Td>{p.Id_Principal_Product || "-"}</Table.Td>
              <Table.Td>{p.Name}</Table.Td>
              <Table.Td>{kg.format(Number(p.Quantity))}</Table.Td>
              <Table.Td>{formatMoney(toCentavos(p.Price))}</Table.Td>
              <Table.Td>{kg.format(Number(p.Unit_Weight))}</Table.Td>
              <Table.Td>{p.If_Weight ? "Sí" : "No"}</Table.Td>
              <Table.Td>{p.Featured_Product ? "Sí" : "No"}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing && <EditProductDialog productId={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
