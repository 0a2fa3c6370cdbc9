import { Grid, Table, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useOrderWizard } from "../../stores/order-wizard";
import { useClientSearch } from "./api";
import { LowStockPanel } from "./low-stock-panel";
import { WizardHeader } from "./wizard-header";

/** Step 1: pick the client. */
export function ClientStep() {
  const navigate = useNavigate();
  const setClient = useOrderWizard((s) => s.setClient);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const clients = useClientSearch(debounced);
  return (
    <>
      <WizardHeader step={0} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <TextInput label="Buscar cliente" placeholder="Nombre, teléfono o dirección" value={search} onChange={(e) => setSearch(e.currentTarget.value)} mb="md" />
          <Table highlightOnHover aria-label="Clientes encontrados">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Teléfono</Table.Th>
                <Table.Th>Dirección</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(clients.data ?? []).map((c) => (
                <Table.Tr
                  key={c.id}
                  style={{ cursor: "pointer" }}
                  onClick={() => {
                    setClient(c.id, c.name);
                    navigate(`/orders/${c.id}/products`);
                  }}
                >
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>{c.phone}</Table.Td>
                  <Table.Td>{c.address}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <LowStockPanel />
        </Grid.Col>
      </Grid>
    </>
  );
}
