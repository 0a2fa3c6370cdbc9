import { Card, Table, Text } from "@mantine/core";
import { type CartLine, type CatalogProduct, linePrice } from "@domain/cart";
import type { Centavos } from "@domain/money";
import { formatLineQuantity, formatMoneyWizard } from "@domain/money";
import { OrderLineCell } from "../../components/order-line-cell";
import { RepricedMark } from "./repriced-mark";

interface ConfirmLinesProps {
  items: CartLine[];
  catalog: Map<number, CatalogProduct>;
  repriced: Map<number, Centavos>;
  /** A line's warning (off sale, short of stock, refused), or null. */
  markOf(line: CartLine): string | null;
}

/** The confirm step's table of the order's lines, each with its amount and any warning. */
export function ConfirmLines({ items, catalog, repriced, markOf }: ConfirmLinesProps) {
  return (
    <Card withBorder>
      <Table aria-label="Productos del pedido">
        <Table.Thead>
          {/* Phones: quantity and type go under the product, so every amount shows whole. */}
          <Table.Tr>
            <Table.Th>Producto</Table.Th>
            <Table.Th visibleFrom="xs">Cantidad</Table.Th>
            <Table.Th visibleFrom="xs">Tipo</Table.Th>
            <Table.Th ta="right">Importe</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((line) => {
            const product = catalog.get(line.productId);
            const mark = markOf(line);
            const quoted = line.virtual_freezer ? undefined : repriced.get(line.productId);
            return (
              <Table.Tr key={`${line.productId}-${line.virtual_freezer}`} data-short={mark ? true : undefined}>
                <OrderLineCell
                  name={line.productName}
                  freezer={!!line.virtual_freezer}
                  phoneFigures={`${formatLineQuantity(line.units, line.type)} · ${line.type}`}
                >
                  {mark && (
                    <Text size="sm" c="red.9" fw={600}>
                      ⚠ {mark}
                    </Text>
                  )}
                  {product && quoted !== undefined && <RepricedMark quoted={quoted} product={product} />}
                </OrderLineCell>
                <Table.Td visibleFrom="xs">{formatLineQuantity(line.units, line.type)}</Table.Td>
                <Table.Td visibleFrom="xs">{line.type}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {product ? formatMoneyWizard(linePrice(line, product).total) : "-"}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
