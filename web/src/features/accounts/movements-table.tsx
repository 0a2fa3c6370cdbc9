import { Button, Group, Text } from "@mantine/core";
import { formatIsoDate } from "@domain/calendar";
import type { RecordColumn } from "../../components/record-table";
import { PagedRecordTable } from "../../components/list-pager";
import { MOVEMENTS_PAGE_SIZE } from "./api/get-account";
import { money } from "./money";
import { isVoidable, movementLabel, type Movement } from "./movements";

interface MovementsTableProps {
  movements: Movement[];
  count: number | undefined;
  page: number;
  onPage(page: number): void;
  /** Given to an Admin only: voiding a payment. */
  onVoid?(movement: Movement): void;
}

/** The account's movements newest first, each with the balance after it; a table on desktops, cards on phones. */
export function MovementsTable({ movements, count, page, onPage, onVoid }: MovementsTableProps) {
  const columns: RecordColumn<Movement>[] = [
    { header: "Fecha", cell: (m) => formatIsoDate(m.date), title: true },
    {
      header: "Movimiento",
      title: true,
      // The void sits beside the payment it voids: a column of its own would stand empty on every other row's card.
      cell: (m) =>
        onVoid && isVoidable(m) ? (
          <Group component="span" gap="xs" wrap="wrap">
            {movementLabel(m)}
            <Button size="compact-xs" color="red" variant="light" onClick={() => onVoid(m)}>
              Anular pago
            </Button>
          </Group>
        ) : (
          movementLabel(m)
        ),
    },
    { header: "Detalle", cell: (m) => [m.note, m.by].filter(Boolean).join(" · ") || "-" },
    { header: "Importe", cell: (m) => <span style={{ whiteSpace: "nowrap" }}>{money(m.amount)}</span> },
    { header: "Saldo", cell: (m) => <span style={{ whiteSpace: "nowrap" }}>{money(m.balance)}</span> },
  ];
  if (count === 0) return <Text c="gray.7">La cuenta no tiene movimientos.</Text>;
  return (
    <PagedRecordTable
      label="Movimientos"
      rows={movements}
      columns={columns}
      rowKey={(m) => m.id}
      count={count}
      pageSize={MOVEMENTS_PAGE_SIZE}
      page={page}
      onPage={onPage}
    />
  );
}
