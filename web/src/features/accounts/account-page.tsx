import { Alert, Anchor, Button, Group, Loader, Stack, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { balanceMessage } from "@domain/accounts";
import { formatIsoDate, todayInBuenosAires } from "@domain/calendar";
import { ACCOUNT_MESSAGES } from "@domain/contracts/accounts";
import { whatsappNumber } from "@domain/courier";
import { toCentavos } from "@domain/money";
import { whatsappShareUrl } from "@domain/routing";
import { useCan } from "../../api/can";
import { Confirm } from "../../components/confirm";
import { notifyFailure, notifySuccess } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { AccountFigures } from "./account-figures";
import { useClientAccount } from "./api/get-account";
import { useVoidPayment } from "./api/void-payment";
import { money } from "./money";
import type { Movement } from "./movements";
import { MovementsTable } from "./movements-table";
import { PaymentForm } from "./payment-form";

/** /cuentas/:clientId — a client's account: figures, the office's payment form, movements, WhatsApp and print. */
export function AccountPage() {
  const clientId = Number(useParams().clientId);
  const valid = Number.isSafeInteger(clientId) && clientId > 0;
  const [page, setPage] = useState(1);
  const account = useClientAccount(valid ? clientId : 0, page);
  const manages = useCan("accounts.manage");
  const voiding = useVoidPayment();
  const [toVoid, setToVoid] = useState<Movement | null>(null);
  const data = account.data;

  async function voidPayment() {
    if (!toVoid) return;
    try {
      await voiding.mutateAsync({ clientId, paymentId: toVoid.id });
      notifySuccess(ACCOUNT_MESSAGES.voided);
    } catch (failure) {
      notifyFailure(failure, "No se pudo anular el pago.");
    }
    setToVoid(null);
  }

  if (!valid || account.isError) return <Alert color="red">No se pudo cargar la cuenta del cliente.</Alert>;
  if (!data) return <Loader aria-label="Cargando la cuenta" />;
  const message = balanceMessage(data.client_name, toCentavos(data.balance), todayInBuenosAires());
  return (
    <>
      <PageTitle>{`Cuenta de ${data.client_name}`}</PageTitle>
      <Group mb="md" gap="md" wrap="wrap">
        {manages && (
          <Anchor component={Link} to="/cuentas">
            Volver a cuentas
          </Anchor>
        )}
        <Anchor href={whatsappShareUrl(message, whatsappNumber(data.phone))} target="_blank" rel="noreferrer">
          Compartir por WhatsApp
        </Anchor>
        <Button component={Link} to={`/imprimir/cuenta/${clientId}`} variant="default" size="sm">
          Imprimir estado de cuenta
        </Button>
      </Group>
      <AccountFigures account={data} />
      <Stack gap="lg">
        <PaymentForm clientId={clientId} />
        <section aria-labelledby="movements-title">
          <Title order={2} size="h4" id="movements-title">
            Movimientos
          </Title>
          <MovementsTable
            movements={data.movements}
            count={data.count}
            page={page}
            onPage={setPage}
            onVoid={manages ? setToVoid : undefined}
          />
        </section>
      </Stack>
      <Confirm
        opened={toVoid !== null}
        message={
          toVoid
            ? `¿Anular el pago de ${money(toVoid.amount.replace("-", ""))} del ${formatIsoDate(toVoid.date)}? Queda en la cuenta como anulación.`
            : ""
        }
        confirmLabel="Anular pago"
        loading={voiding.isPending}
        onConfirm={voidPayment}
        onCancel={() => setToVoid(null)}
      />
    </>
  );
}
