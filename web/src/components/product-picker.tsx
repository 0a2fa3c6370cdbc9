import { Card, ScrollArea, Table, TextInput } from "@mantine/core";
import type { ReactNode, Ref } from "react";
import type { Product } from "@domain/contracts/products";
import { formatKilos, toCentavos, toGrams } from "@domain/money";

interface ProductPickerProps {
  label: string;
  products: Product[];
  search: string;
  onSearch(search: string): void;
  onPick(product: Product): void;
  formatPrice(centavos: number): string;
  height: number;
  /** Enter in the search box: the order wizard adds the first match. */
  onSubmit?(): void;
  /** The search box, for a screen that puts the cursor back in it. */
  searchRef?: Ref<HTMLInputElement>;
  /** Shown between the search box and the list (the order wizard's line just added). */
  belowSearch?: ReactNode;
}

/** A searchable product list (name, stock, price) where a click picks the product. */
export function ProductPicker({
  label,
  products,
  search,
  onSearch,
  onPick,
  formatPrice,
  height,
  onSubmit,
  searchRef,
  belowSearch,
}: ProductPickerProps) {
  return (
    <Card withBorder>
      <TextInput
        ref={searchRef}
        label="Buscar producto"
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        // The phone keyboard's key reads 'Buscar'; Enter adds the first product listed.
        enterKeyHint={onSubmit ? "search" : undefined}
        onKeyDown={(event) => {
          if (event.key !== "Enter" || !onSubmit) return;
          event.preventDefault();
          onSubmit();
        }}
        mb="sm"
      />
      {belowSearch}
      <ScrollArea h={height}>
        <Table highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Producto</Table.Th>
              <Table.Th>Stock</Table.Th>
              <Table.Th>Precio</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.map((p) => (
              <Table.Tr
                key={p.PK_Products}
                style={{ cursor: "pointer" }}
                tabIndex={0}
                onClick={() => onPick(p)}
                onKeyDown={(event) => {
                  if (event.key !== "Enter" && event.key !== " ") return;
                  event.preventDefault();
                  onPick(p);
                }}
              >
                <Table.Td>{p.Name}</Table.Td>
                <Table.Td>{formatKilos(toGrams(p.Quantity))}</Table.Td>
                <Table.Td>{formatPrice(toCentavos(p.Price))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}
