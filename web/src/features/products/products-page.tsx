import { Alert, Anchor, Box, Group } from "@mantine/core";
import { Link } from "react-router";
import { useState } from "react";
import type { Product } from "@domain/contracts/products";
import { formatDecimalInput } from "@domain/decimal-input";
import { formatKilos, formatMoney, toCentavos, toGrams } from "@domain/money";
import { useCan } from "../../api/can";
import { PageTitle } from "../../components/page-title";
import { PagedRecordTable } from "../../components/list-pager";
import { FilterSelect, SearchInput, useListSearch } from "../../components/list-search";
import type { RecordColumn } from "../../components/record-table";
import { PRODUCTS_PAGE_SIZE, useProductList } from "./api/list-products";
import { ExpiringLots } from "../lots";
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
  {
    header: "Peso real",
    cell: (p) => (p.Requires_Weighing ? `Sí, ±${formatDecimalInput(Number(p.Weight_Tolerance_Pct), 2)} %` : "No"),
  },
  { header: "Destacado", cell: (p) => (p.Featured_Product ? "Sí" : "No") },
];

/**
 * Groups that do not edit products reach a product's lots from its row; the others from the
 * product's dialog (their rows open it, and a phone's row is then a button a link cannot sit in).
 */
const LOTS_COLUMN: RecordColumn<Product> = {
  header: "Lotes",
  cell: (p) => (
    <Anchor component={Link} to={`/products/${p.PK_Products}/lotes`} aria-label={`Lotes de ${p.Name}`}>
      Ver lotes
    </Anchor>
  ),
};

export function ProductsPage() {
  const [filter, setFilter] = useState("");
  const { search, setSearch, debounced, page, setPage } = useListSearch([filter]);
  const list = useProductList({ search: debounced, filter, page });
  const [editing, setEditing] = useState<number | null>(null);
  // Only groups that may change a product open its edit dialog; the others read the list.
  const writes = useCan("catalog.write");

  return (
    <>
      <PageTitle>Productos</PageTitle>
      <Box mb="md">
        <ExpiringLots choosesDays />
      </Box>
      <Group mb="md" align="flex-end">
        <SearchInput placeholder="Buscar por nombre" value={search} onChange={setSearch} />
        <FilterSelect
          label="Filtro"
          data={FILTERS}
          value={filter}
          onChange={setFilter}
          fallback=""
          w={{ base: "100%", sm: 240 }}
        />
      </Group>
      {list.isError && <Alert color="red">No se pudieron cargar productos</Alert>}
      <PagedRecordTable
        count={list.data?.count}
        pageSize={PRODUCTS_PAGE_SIZE}
        page={page}
        onPage={setPage}
        label="Productos"
        rows={list.data?.results ?? []}
        columns={writes ? COLUMNS : [...COLUMNS, LOTS_COLUMN]}
        rowKey={(p) => p.PK_Products}
        onOpen={writes ? (p) => setEditing(p.PK_Products) : undefined}
      />
      {editing && <EditProductDialog productId={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
