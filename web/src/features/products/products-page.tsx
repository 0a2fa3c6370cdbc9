import { Alert, Group, Select, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import type { Product } from "../../../../domain/contracts/products";
import { formatKilos, formatMoney, toCentavos, toGrams } from "../../../../domain/money";
import { useCan } from "../../api/can";
import { PageTitle } from "../../components/page-title";
import { ListPager } from "../../components/list-pager";
import { RecordTable, type RecordColumn } from "../../components/record-table";
import { PRODUCTS_PAGE_SIZE, useProductList } from "./api/list-products";
import { EditProductDialog } from "./edit-product-dialog";

const FILTERS = [
  { value: "", label: "Todos" },
  { value: "destacados", label: "Destacados" },
  { value: "sin_stock", label: "Sin stock" },
  { value: "principales", label: "Productos principales" },
  { value: "secundarios", label: "Productos secundarios" },
];

// SPEC.md §2: the /products columns. Precio is the price per kilogram, or per promotion.
const COLUMNS: RecordColumn<Product>[] = [
  { header: "ID Producto", cell: (p) => p.PK_Products },
  { header: "ID Principal", cell: (p) => p.Id_Principal_Product || "-" },
  { header: "Producto", cell: (p) => p.Name, title: true },
  { header: "Cantidad", cell: (p) => formatKilos(toGrams(p.Quantity)) },
  { header: "Precio", cell: (p) => formatMoney(toCentavos(p.Price)) },
  { header: "Peso Unidad", cell: (p) => formatKilos(toGrams(p.Unit_Weight)) },
  { header: "¿Pesa?", cell: (p) => (p.If_Weight ? "Sí" : "No") },
  { header: "Destacado", cell: (p) => (p.Featured_Product ? "Sí" : "No") },
];

export function ProductsPage() {
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  // A new search or filter starts again from its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these values are what the page reset waits for
  useEffect(() => setPage(1), [debounced, filter]);
  const list = useProductList({ search: debounced, filter, page });
  const [editing, setEditing] = useState<number | null>(null);
  // Only groups that may change a product open its edit dialog; the others read the list.
  const writes = useCan("catalog.write");

  return (
    <>
      <PageTitle>Productos</PageTitle>
      <Group mb="md" align="flex-end">
        <TextInput
          label="Buscar"
          placeholder="Buscar por nombre"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: "100%", sm: 320 }}
        />
        <Select
          label="Filtro"
          data={FILTERS}
          value={filter}
          onChange={(v) => setFilter(v ?? "")}
          allowDeselect={false}
          w={{ base: "100%", sm: 240 }}
        />
      </Group>
      {list.isError && <Alert color="red">No se pudieron cargar productos</Alert>}
      <ListPager count={list.data?.count} pageSize={PRODUCTS_PAGE_SIZE} page={page} onPage={setPage} />
      <RecordTable
        label="Productos"
        rows={list.data?.results ?? []}
        columns={COLUMNS}
        rowKey={(p) => p.PK_Products}
        onOpen={writes ? (p) => setEditing(p.PK_Products) : undefined}
      />
      <ListPager count={list.data?.count} pageSize={PRODUCTS_PAGE_SIZE} page={page} onPage={setPage} />
      {editing && <EditProductDialog productId={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
