import { Table, Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * An order line's first cell wherever an order's lines are listed: the product, ❄️ for a
 * virtual-freezer line and, on phones, the figures of the columns hidden there, then any marks.
 */
export function OrderLineCell({
  name,
  freezer,
  phoneFigures,
  children,
}: {
  name: string;
  freezer: boolean;
  phoneFigures: string;
  children?: ReactNode;
}) {
  return (
    <Table.Td>
      {name}
      {freezer ? " ❄️" : ""}
      <Text size="sm" c="gray.7" hiddenFrom="xs">
        {phoneFigures}
      </Text>
      {children}
    </Table.Td>
  );
}
