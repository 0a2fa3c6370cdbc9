import { Alert, Button, Card, Grid, Group, Loader, Radio, Stack, Title } from "@mantine/core";
import { useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { deliveryWindow, isDeliveryDateAllowed, todayInBuenosAires } from "@domain/calendar";
import { deliveryProblems, homeDelivery, pickupDelivery, wizardChoice } from "@domain/delivery-rules";
import { ORDER_MESSAGES } from "@domain/contracts/orders";
import type { DeliveryDetails } from "@domain/contracts/order-request";
import { DELIVERY_METHODS } from "@domain/delivery-method";
import { useOrderWizard } from "../../stores/order-wizard";
import { useTimeSlots } from "./api/get-time-slots";
import { useWizardClient } from "./api/get-wizard-client";
import { WizardHeader } from "./wizard-header";
import { useDeliveryDetails } from "./use-delivery-details";
import { DeliveryPlace } from "./delivery-place";
import { DeliverySuggestions } from "./delivery-suggestions";
import { DeliveryWhen } from "./delivery-when";
import { DeliveryZone } from "./delivery-zone";

export function DeliveryStep() {
  const clientId = Number(useParams().clientId);
  const navigate = useNavigate();
  const wizard = useOrderWizard();
  const client = useWizardClient(clientId);
  const { details, setDetails, update, references } = useDeliveryDetails(clientId, client);
  const slots = useTimeSlots();
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  // The home-delivery details saved for this order, kept while pick-up is chosen so switching back restores them.
  const savedHome = useRef<DeliveryDetails | null>(
    wizard.details?.delivery_method === DELIVERY_METHODS.home ? wizard.details : null,
  );

  if (!details || !references || !client.data)
    return client.isError ? <Alert color="red">Error al cargar los datos.</Alert> : <Loader />;
  const { cities, shipments } = references;
  const pickup = details.delivery_method === DELIVERY_METHODS.pickup;
  const c = client.data.detail;

  function setMethod(method: string) {
    if (method === DELIVERY_METHODS.pickup) {
      if (details!.delivery_method === DELIVERY_METHODS.home) savedHome.current = details;
      return setDetails(pickupDelivery(details!));
    }
    setDetails(homeDelivery(details!, savedHome.current, c, { cities, zones: shipments }));
  }

  // The days a delivery may be set on (domain/calendar.ts, as the server checks): the picker offers only those.
  const today = todayInBuenosAires();
  const allowed = deliveryWindow(today);
  const keptDate = wizard.orderId ? wizard.keptDate : null;
  const dateRefused = !!details.date && !isDeliveryDateAllowed(details.date, today, keptDate);

  function next() {
    const missing = new Set<string>(Object.keys(deliveryProblems(wizardChoice(details!), { today, kept: keptDate })));
    setInvalid(missing);
    if (missing.size) return;
    wizard.setDetails(details!);
    void navigate(`/orders/${clientId}/confirm`);
  }

  const suggestions = [
    { label: "Dirección principal", address: c.address, lat: c.latitude, lng: c.longitude },
    { label: "Segunda dirección", address: c.second_address, lat: c.second_latitude, lng: c.second_longitude },
  ].filter((s) => s.address);

  return (
    <>
      <WizardHeader
        step={2}
        back={{
          to: `/orders/${clientId}/products${wizard.orderId ? "?modifying_order=true" : ""}`,
          label: "Atrás: Productos",
          onClick: () => wizard.setDetails(details),
        }}
      />
      <Title order={2} size="h3" mb="md">
        Entrega · {wizard.clientName}
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder>
            <Stack>
              <DeliveryWhen
                details={details}
                update={update}
                invalid={invalid}
                slots={slots}
                allowed={allowed}
                keptDate={keptDate}
                dateRefused={dateRefused}
              />
              <Radio.Group label="Forma de entrega" value={details.delivery_method} onChange={setMethod}>
                <Group mt="xs">
                  <Radio value={DELIVERY_METHODS.home} label={DELIVERY_METHODS.home} />
                  <Radio value={DELIVERY_METHODS.pickup} label={DELIVERY_METHODS.pickup} />
                </Group>
              </Radio.Group>
              {!pickup && (
                <DeliveryPlace
                  details={details}
                  update={update}
                  invalid={invalid}
                  cities={cities}
                  mapKey={`order-${clientId}`}
                />
              )}
              <DeliveryZone details={details} update={update} invalid={invalid} shipments={shipments} pickup={pickup} />
              {invalid.size > 0 && (
                <Alert color="red" role="alert">
                  {ORDER_MESSAGES.missingFields}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button onClick={next}>Continuar</Button>
              </Group>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <DeliverySuggestions suggestions={suggestions} update={update} pickup={pickup} />
        </Grid.Col>
      </Grid>
    </>
  );
}
