import { Alert, Group, Select, type SelectProps, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type ReactNode, useEffect, useState } from "react";

/**
 * A searched, paged list's state: the search as typed, the same 250 ms later (what is asked
 * of the server, one request per pause rather than per key), and the page, back to the first
 * when the search or one of `filters` changes.
 */
export function useListSearch(filters: readonly unknown[]) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: these values are what the page reset waits for
  useEffect(() => setPage(1), [debounced, ...filters]);
  return { search, setSearch, debounced, page, setPage };
}

/** The lists' 'Buscar' box. */
export function SearchInput({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange(value: string): void;
  placeholder: string;
}) {
  return (
    <TextInput
      label="Buscar"
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={{ base: "100%", sm: 320 }}
    />
  );
}

/** A list filter that always holds one of its choices: a cleared choice falls back to `fallback`. */
export function FilterSelect<T extends string>({
  value,
  onChange,
  fallback,
  ...props
}: Omit<SelectProps, "value" | "onChange" | "allowDeselect"> & {
  value: T;
  onChange(value: NoInfer<T>): void;
  fallback: NoInfer<T>;
}) {
  return <Select {...props} value={value} onChange={(v) => onChange((v ?? fallback) as T)} allowDeselect={false} />;
}

/**
 * A searched, paged list's frame (/clients, /orders): 'Buscar' and the list's filters in one row,
 * the list's own failure sentence (SPEC.md §8) when its page could not load, then the table.
 */
export function SearchedList({
  search,
  filters,
  failure,
  children,
}: {
  search: { value: string; onChange(value: string): void; placeholder: string };
  filters: ReactNode;
  /** The sentence to show, when the list failed to load. */
  failure: string | null;
  children: ReactNode;
}) {
  return (
    <>
      <Group mb="md" align="flex-end">
        <SearchInput {...search} />
        {filters}
      </Group>
      {failure && <Alert color="red">{failure}</Alert>}
      {children}
    </>
  );
}
