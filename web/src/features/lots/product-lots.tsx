import { Alert, Anchor, Loader, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { formatIsoDate } from "@domain/calendar";
import type { Lot } from "@domain/contracts/lots";
import { formatKilos, toGrams } from "@domain/money";
import { RecordTable, type RecordColumn } from "../../components/record-table";
import { useProductLots } from "./api/list-product-lots";
import { ExpiryBadge } from "./expiry-badge";
import { ReceiveLotForm } from "./receive-lot-form";

const kilos = (value: string) => formatKilos(toGrams(value));

const COLUMNS: RecordColumn<Lot>[] = [
  {
    header: "Lote",
    title: true,
    cell: (lot) => (
      <Anchor component={Link} to={`/lotes/${lot.id}`} aria-label={`Lote ${lot.code}: a quién se entregó`}>
        {lot.code}
      </Anchor>
    ),
  },
  {
    header: "Vence",
    cell: (lot) => (
      <>
        {formatIsoDate(lot.expiry)} <ExpiryBadge expiry={lot.expiry} expired={lot.expired} />
      </>
    ),
  },
  { header: "Ingresado", cell: (lot) => kilos(lot.received) },
  { header: "Queda", cell: (lot) => kilos(lot.remaining) },
];

/**
 * A product's lots (issue 42): 'Ingresar lote' for the groups that receive goods, then every
 * lot first expiry first with what is left, the expired ones marked; each opens its trace.
 */
export function ProductLots({
  productId,
  productName,
  receives,
}: {
  productId: number;
  productName: string;
  receives: boolean;
}) {
  const lots = useProductLots(productId);
  return (
    <Stack>
      {receives && <ReceiveLotForm productId={productId} productName={productName} />}
      <section aria-labelledby="product-lots-title">
        <Title order={2} size="h4" mb="sm" id="product-lots-title">
          Lotes (primero el que vence antes)
        </Title>
        {lots.isLoading && <Loader aria-label="Cargando los lotes" />}
        {lots.isError && <Alert color="red">No se pudieron cargar los lotes.</Alert>}
        {lots.data?.length === 0 && <Text c="gray.7">Este producto no tiene lotes ingresados.</Text>}
        {!!lots.data?.length && (
          <RecordTable label={`Lotes de ${productName}`} rows={lots.data} columns={COLUMNS} rowKey={(lot) => lot.id} />
        )}
      </section>
    </Stack>
  );
}
