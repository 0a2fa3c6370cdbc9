import { Alert, Anchor, Group, Loader, Paper, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { formatIsoDate } from "@domain/calendar";
import { EXPIRING_DEFAULT_DAYS, EXPIRING_MAX_DAYS, type ExpiringLotsResponse } from "@domain/contracts/lots";
import { formatKilos, toGrams } from "@domain/money";
import { DecimalInput } from "../../components/decimal-input";
import { RecordTable, type RecordColumn } from "../../components/record-table";
import { useExpiringLots } from "./api/list-expiring-lots";
import { ExpiryBadge } from "./expiry-badge";

type ExpiringLot = ExpiringLotsResponse["results"][number];

const COLUMNS: RecordColumn<ExpiringLot>[] = [
  { header: "Producto", title: true, cell: (lot) => lot.product_name },
  {
    header: "Lote",
    cell: (lot) => (
      <Anchor component={Link} to={`/lotes/${lot.id}`} aria-label={`Lote ${lot.code} de ${lot.product_name}`}>
        {lot.code}
      </Anchor>
    ),
  },
  {
    header: "Vence",
    cell: (lot) => (
      <>
        {formatIsoDate(lot.expiry)} <ExpiryBadge expiry={lot.expiry} />
      </>
    ),
  },
  { header: "Queda", cell: (lot) => formatKilos(toGrams(lot.remaining)) },
];

const within = (days: number) => (days === 0 ? "hoy" : days === 1 ? "hoy o mañana" : `en los próximos ${days} días`);

/**
 * 'Lotes por vencer' (issue 42): lots with kilograms left whose expiry is today or within the
 * next days, soonest first, each opening its trace. `choosesDays`: the days can be changed (the
 * products page); the Admin's home looks a week ahead.
 */
export function ExpiringLots({ choosesDays = false }: { choosesDays?: boolean }) {
  const [typed, setTyped] = useState<number | string>(EXPIRING_DEFAULT_DAYS);
  const days =
    typeof typed === "number" && Number.isInteger(typed) && typed <= EXPIRING_MAX_DAYS ? typed : EXPIRING_DEFAULT_DAYS;
  const lots = useExpiringLots(days);
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="expiring-lots">
      <Group justify="space-between" align="flex-end" mb="sm">
        <Title order={2} size="h4" id="expiring-lots">
          Lotes por vencer
        </Title>
        {choosesDays && (
          <DecimalInput
            label="Días"
            decimals={0}
            w={110}
            value={typed}
            error={typed !== days && String(typed).trim() !== "" ? `Entre 0 y ${EXPIRING_MAX_DAYS}.` : undefined}
            onChange={setTyped}
          />
        )}
      </Group>
      {lots.isLoading && <Loader aria-label="Cargando los lotes por vencer" />}
      {lots.isError && <Alert color="red">No se pudieron cargar los lotes por vencer.</Alert>}
      {lots.data?.length === 0 && <Text c="gray.7">Ningún lote con kilos vence {within(days)}.</Text>}
      {!!lots.data?.length && (
        <RecordTable label="Lotes por vencer" rows={lots.data} columns={COLUMNS} rowKey={(lot) => lot.id} />
      )}
    </Paper>
  );
}
