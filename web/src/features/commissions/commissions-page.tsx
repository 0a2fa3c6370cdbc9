import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useEffect, useState, type FormEvent } from "react";
import { formatDate } from "@domain/calendar";
import { COMMISSION_MESSAGES, type CommissionResult } from "@domain/contracts/commissions";
import { formatMoney, toCentavos } from "@domain/money";
import { ApiError } from "../../api/messages";
import { notifySuccess, notifyFailure } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { DateField } from "../../components/date-field";
import { useCalculateCommission } from "./api/calculate-commission";
import { useCommissionSetup } from "./api/get-setup";

const money = (value: string) => formatMoney(toCentavos(value));

export function CommissionsPage() {
  const setup = useCommissionSetup();
  const calculation = useCalculateCommission();
  const [seller, setSeller] = useState<string | null>(null);
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [result, setResult] = useState<CommissionResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState(false);

  useEffect(() => {
    if (setup.data?.defaultSellerId && !seller) setSeller(String(setup.data.defaultSellerId));
  }, [setup.data, seller]);

  async function calculate(event: FormEvent) {
    event.preventDefault();
    if (!start || !end) return setError(COMMISSION_MESSAGES.dates);
    if (setup.data?.is_admin && !seller) return setError(COMMISSION_MESSAGES.seller);
    setError(null);
    try {
      const body = setup.data?.is_admin
        ? { start_date: start, end_date: end, seller_id: Number(seller) }
        : { start_date: start, end_date: end };
      setResult(await calculation.mutateAsync(body));
      notifySuccess("Comisión calculada correctamente.");
    } catch (failure) {
      // The form keeps the reason beside its fields; the notice leads with SPEC.md §8's sentence.
      if (failure instanceof ApiError && failure.status === 400) setError(failure.message);
      notifyFailure(failure, "No se pudo calcular la comisión.");
    }
  }

  if (setup.isLoading) return <Loader />;
  if (setup.isError || !setup.data) return <Alert color="red">No se pudo cargar la información inicial.</Alert>;
  const isAdmin = setup.data.is_admin;

  return (
    <>
      <PageTitle>Calcular comisiones</PageTitle>
      <Card withBorder component="form" onSubmit={calculate} maw={720}>
        <Stack>
          {isAdmin && (
            <Select
              label="Vendedor"
              data={setup.data.sellers.map((s) => ({
                value: String(s.id),
                label: s.full_name ? `${s.full_name} (${s.username})` : s.username,
              }))}
              value={seller}
              onChange={setSeller}
            />
          )}
          <Group grow>
            <DateField label="Fecha de inicio" value={start} onValue={setStart} />
            <DateField label="Fecha final" value={end} onValue={setEnd} />
          </Group>
          {error && (
            <Text c="red" role="alert">
              {error}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={calculation.isPending}>
              Calcular
            </Button>
            {isAdmin && result && (
              <Button variant="light" onClick={() => setSummary(true)}>
                Pedidos más costosos
              </Button>
            )}
          </Group>
          <TextInput label="Comisión" readOnly value={result ? money(result.commission) : ""} />
        </Stack>
      </Card>
      {result && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md" maw={720}>
          <Card withBorder>
            <Text c="dimmed" size="sm">
              Ventas del vendedor
            </Text>
            <Text fz="h3" fw={700}>
              {money(result.total_seller_sales)}
            </Text>
          </Card>
          <Card withBorder>
            <Text c="dimmed" size="sm">
              Ventas totales del período
            </Text>
            <Text fz="h3" fw={700}>
              {money(result.total_range_sales)}
            </Text>
          </Card>
        </SimpleGrid>
      )}
      <Modal opened={summary} onClose={() => setSummary(false)} title="Pedidos más costosos" size="lg">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID Pedido</Table.Th>
              <Table.Th>Cliente</Table.Th>
              <Table.Th>Precio</Table.Th>
              <Table.Th>Fecha</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(result?.most_expensive_orders ?? []).map((o) => (
              <Table.Tr key={o.order_id}>
                <Table.Td>{o.order_id}</Table.Td>
                <Table.Td>{o.client_name}</Table.Td>
                <Table.Td>{money(o.final_price)}</Table.Td>
                <Table.Td>{formatDate(o.create_date)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </>
  );
}
