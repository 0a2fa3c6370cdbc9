import { Grid, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useMemo, useRef, useState } from "react";
import type { DirectoryClient } from "@domain/contracts/client-directory";
import { searchDirectory } from "@domain/client-directory";
import { useNavigate } from "react-router";
import { RecordTable, type RecordColumn } from "../../components/record-table";
import { useOrderWizard } from "../../stores/order-wizard";
import { useOffline } from "../offline";
import { useDirectoryIndex } from "./api/get-client-directory";
import { useClientSearch } from "./api/search-clients";
import { LowStockPanel } from "./low-stock-panel";
import { PlacedStatus } from "./placed-notice";
import { WizardHeader } from "./wizard-header";

type Found = { id: number; name: string; phone: string; address: string };
const foundOf = ([id, name, phone, address]: DirectoryClient): Found => ({ id, name, phone, address });

// SPEC.md §2 step 1: results show name, phone and address.
const COLUMNS: RecordColumn<Found>[] = [
  { header: "Nombre", cell: (c) => c.name, title: true },
  { header: "Teléfono", cell: (c) => c.phone },
  { header: "Dirección", cell: (c) => c.address },
];

/** Step 1: pick the client. */
export function ClientStep() {
  const navigate = useNavigate();
  const setClient = useOrderWizard((s) => s.setClient);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const clients = useClientSearch(debounced);
  // With no signal the search runs on the directory kept on the phone: every active client.
  const offline = useOffline();
  const directory = useDirectoryIndex();
  const kept = useMemo(
    () => (offline && directory ? searchDirectory(directory, debounced).map(foundOf) : null),
    [offline, directory, debounced],
  );
  const searchRef = useRef<HTMLInputElement>(null);
  // An order starts by searching its client: the cursor waits in the box.
  useEffect(() => searchRef.current?.focus(), []);
  const open = (c: Found) => {
    setClient(c.id, c.name);
    void navigate(`/orders/${c.id}/products`);
  };
  // Enter opens the first client found for what is typed: pressed before the list answers it, once it does.
  const [enterPressed, setEnterPressed] = useState(false);
  const rows = kept ?? clients.data ?? [];
  const answered = debounced === search && (kept !== null || (clients.isSuccess && !clients.isFetching));
  const first = answered ? rows[0] : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: open navigates; only the answer and the key move this
  useEffect(() => {
    if (enterPressed && first) open(first);
  }, [enterPressed, first]);
  return (
    <>
      <WizardHeader step={0} />
      <PlacedStatus />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <TextInput
            label="Buscar cliente"
            placeholder="Nombre, teléfono o dirección"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setEnterPressed(false);
            }}
            ref={searchRef}
            enterKeyHint="go"
            // An empty box found nothing asked for: Enter there does nothing.
            onKeyDown={(event) => event.key === "Enter" && search.trim() !== "" && setEnterPressed(true)}
            mb="md"
          />
          <RecordTable label="Clientes encontrados" rows={rows} columns={COLUMNS} rowKey={(c) => c.id} onOpen={open} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <LowStockPanel />
        </Grid.Col>
      </Grid>
    </>
  );
}
