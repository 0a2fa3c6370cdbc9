import { Group, Pagination, Text } from "@mantine/core";
import { RecordTable, type RecordTableProps } from "./record-table";

interface ListPagerProps {
  /** Rows matching the search, over every page. */
  count: number | undefined;
  pageSize: number;
  page: number;
  onPage(page: number): void;
}

/** How many rows match, and pages to reach every one of them. */
function ListPager({ count, pageSize, page, onPage }: ListPagerProps) {
  if (count === undefined) return null;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  return (
    <Group justify="space-between" my="sm" gap="xs">
      <Text size="sm" aria-live="polite" data-testid="list-count">
        {count === 0 ? "Sin resultados" : `${first}–${last} de ${count.toLocaleString("es-AR")} resultados`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          size="sm"
          siblings={0}
          boundaries={1}
          getControlProps={(control) => ({
            "aria-label": {
              first: "Primera página",
              last: "Última página",
              next: "Página siguiente",
              previous: "Página anterior",
            }[control],
          })}
          getItemProps={(n) => ({ "aria-label": `Página ${n}` })}
        />
      )}
    </Group>
  );
}

/** A list's page of records between two pagers: the lower one spares scrolling back up a long page on a phone. */
export function PagedRecordTable<T>({ count, pageSize, page, onPage, ...table }: ListPagerProps & RecordTableProps<T>) {
  const pager = <ListPager count={count} pageSize={pageSize} page={page} onPage={onPage} />;
  return (
    <>
      {pager}
      <RecordTable {...table} />
      {pager}
    </>
  );
}

/** The offset of a 1-based page. */
export const offsetOf = (page: number, pageSize: number) => String((page - 1) * pageSize);
