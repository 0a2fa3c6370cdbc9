import { Group, Paper, SimpleGrid, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { KeyboardEvent, ReactNode } from "react";

export interface RecordColumn<T> {
  header: string;
  cell(row: T): ReactNode;
  /** Shown on the card's first line, in bold, instead of under a label. */
  title?: boolean;
  /** A column without a visible header (an icon) still needs a name. */
  srHeader?: string;
}

export interface RecordTableProps<T> {
  label: string;
  rows: T[];
  columns: RecordColumn<T>[];
  rowKey(row: T): string | number;
  onOpen?(row: T): void;
}

/** Below this width every column of a wide table no longer fits: rows become cards. */
const WIDE_SCREEN = "(min-width: 62em)";
const useWideScreen = () => useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: false });

const opensOnKey = (open: () => void) => (event: KeyboardEvent) => {
  if (event.key !== "Enter" && event.key !== " ") return;
  event.preventDefault();
  open();
};

/**
 * A list of records that fits every screen: a table on desktops, whose rows open with a
 * click or with Tab and Enter, and stacked cards on phones and tablets, where every column
 * stays readable under its header.
 */
export function RecordTable<T>({ label, rows, columns, rowKey, onOpen }: RecordTableProps<T>) {
  const wide = useWideScreen();
  if (wide) {
    return (
      <Table.ScrollContainer minWidth={0}>
        <Table striped highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.header || c.srHeader} aria-label={c.header ? undefined : c.srHeader}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                tabIndex={onOpen ? 0 : undefined}
                style={onOpen ? { cursor: "pointer" } : undefined}
                onClick={onOpen && (() => onOpen(row))}
                onKeyDown={onOpen && opensOnKey(() => onOpen(row))}
              >
                {columns.map((c) => (
                  <Table.Td key={c.header || c.srHeader}>{c.cell(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  const titled = columns.filter((c) => c.title);
  const rest = columns.filter((c) => !c.title);
  return (
    <Stack component="ul" aria-label={label} gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
      {rows.map((row) => {
        const card = (
          <Paper withBorder p="sm">
            <Group gap="xs" mb={4} wrap="wrap">
              {titled.map((c) => (
                <Text key={c.header || c.srHeader} fw={700} component="span">
                  {c.cell(row)}
                </Text>
              ))}
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={2}>
              {rest.map((c) => (
                <Text key={c.header || c.srHeader} size="sm" component="span">
                  <Text span c="dimmed" size="sm">
                    {c.header || c.srHeader}:{" "}
                  </Text>
                  {c.cell(row)}
                </Text>
              ))}
            </SimpleGrid>
          </Paper>
        );
        return (
          <li key={rowKey(row)}>
            {onOpen ? (
              <UnstyledButton w="100%" onClick={() => onOpen(row)}>
                {card}
              </UnstyledButton>
            ) : (
              card
            )}
          </li>
        );
      })}
    </Stack>
  );
}
