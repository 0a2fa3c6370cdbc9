import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import {
  DELIVERY_DATE_MESSAGE,
  deliveryWindow,
  isDeliveryDateAllowed,
  todayInBuenosAires,
} from "../../../../domain/calendar";
import {
  deliveryProblems,
  firstDelivery,
  homeDelivery,
  pickupDelivery,
  wizardChoice,
} from "../../../../domain/delivery-rules";
import { formatMoneyWizard, toCentavos } from "../../../../domain/money";
import { ORDER_MESSAGES } from "../../../../domain/contracts/orders";
import { MAP_MESSAGES } from "../../../../domain/contracts/map";
import { openMapPicker, useMapPick } from "../../components/map-picker";
import type { DeliveryDetails } from "../../../../domain/contracts/order-request";
import { DELIVERY_METHODS } from "../../../../domain/delivery-method";
import { useOrderWizard } from "../../stores/order-wizard";
import { useReferences } from "../../api/references";
import { useTimeSlots } from "./api/get-time-slots";
import { useWizardClient } from "./api/get-wizard-client";
import { useUsualChoices } from "./api/get-usual-order";
import { WizardHeader } from "./wizard-header";
import { DateField } from "../../components/date-field";

/** Card widths for the coordinates' grid; only sm is used: from 520 px both coordinates and 'Buscar en mapa' fit on one line. */
const COORDINATES_ABREAST = { xs: "360px", sm: "520px", md: "720px", lg: "960px", xl: "1200px" };

const COORDINATES = [
  { field: "latitude", label: "Latitud" },
  { field: "longitude", label: "Longitud" },
] as const;

export function DeliveryStep() {
  const clientId = Number(useParams().clientId);
  const navigate = useNavigate();
  const wizard = useOrderWizard();
  const client = useWizardClient(clientId);
  const listed = useReferences();
  // The client's detail brings the cities and zones too: with no signal and the lists never
  // read on this phone, the step opens on those instead of waiting.
  const detail = client.data?.detail;
  const references = useMemo(
    () => ({ data: listed.data ?? (detail ? { cities: detail.cities, shipments: detail.shipments } : undefined) }),
    [listed.data, detail],
  );
  const slots = useTimeSlots();
  const usual = useUsualChoices(client.data?.detail.last_order_id);
  const [details, setDetails] = useState<DeliveryDetails | null>(wizard.details);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  // The home-delivery details saved for this order, kept while pick-up is chosen so switching back restores them.
  const savedHome = useRef<DeliveryDetails | null>(
    wizard.details?.delivery_method === DELIVERY_METHODS.home ? wizard.details : null,
  );

  // First visit: zone from the client (else a pick-up zone, else the first), today, home delivery,
  // and the slot and payment method of the client's last order (docs/decisions/order-wizard/0151-quick-order.md).
  useEffect(() => {
    if (details || !client.data || !references.data || !usual.settled) return;
    const first = firstDelivery(client.data.detail, references.data.shipments, todayInBuenosAires());
    setDetails({ ...first, time: usual.time ?? first.time, payment_method: usual.payment ?? first.payment_method });
  }, [details, client.data, references.data, usual]);

  const update = (patch: Partial<DeliveryDetails>) => setDetails((d) => d && { ...d, ...patch });
  const onPick = useCallback(
    (p: { lat: number; lng: number }) => setDetails((d) => d && { ...d, latitude: p.lat, longitude: p.lng }),
    [],
  );
  useMapPick(`order-${clientId}`, onPick, MAP_MESSAGES.deliveryCoordinatesSaved);

  if (!details || !references.data || !client.data)
    return client.isError ? <Alert color="red">Error al cargar los datos.</Alert> : <Loader />;
  const { cities, shipments } = references.data;
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
              <Group grow>
                <DateField
                  label="Fecha"
                  required
                  value={details.date}
                  min={keptDate && keptDate < allowed.first ? keptDate : allowed.first}
                  max={allowed.last}
                  error={invalid.has("date") && (dateRefused ? DELIVERY_DATE_MESSAGE : true)}
                  onValue={(date) => update({ date })}
                />
                <Select
                  label="Horario"
                  data={(slots.data ?? []).map((s) => ({ value: String(s.PK_TimesShipping), label: s.Name }))}
                  value={details.time.id ? String(details.time.id) : null}
                  error={invalid.has("time")}
                  allowDeselect={false}
                  onChange={(v) =>
                    update({
                      time: {
                        id: Number(v),
                        text: slots.data?.find((s) => String(s.PK_TimesShipping) === v)?.Name ?? "",
                      },
                    })
                  }
                />
              </Group>
              <Radio.Group label="Forma de entrega" value={details.delivery_method} onChange={setMethod}>
                <Group mt="xs">
                  <Radio value={DELIVERY_METHODS.home} label={DELIVERY_METHODS.home} />
                  <Radio value={DELIVERY_METHODS.pickup} label={DELIVERY_METHODS.pickup} />
                </Group>
              </Radio.Group>
              {!pickup && (
                <>
                  {/* One field a line on a phone: side by side, 'Lomas de Zamora' was cut. */}
                  <SimpleGrid cols={{ base: 1, xs: 2 }}>
                    <Select
                      label="Localidad"
                      searchable
                      data={cities.map((x) => ({ value: String(x.PK_Cities), label: x.Name }))}
                      value={details.city.id ? String(details.city.id) : null}
                      error={invalid.has("city")}
                      onChange={(v) =>
                        update({
                          city: { id: Number(v), text: cities.find((x) => String(x.PK_Cities) === v)?.Name ?? "" },
                          latitude: null,
                          longitude: null,
                        })
                      }
                    />
                    <TextInput
                      label="Dirección"
                      value={details.address}
                      error={invalid.has("address")}
                      onChange={(e) => update({ address: e.currentTarget.value, latitude: null, longitude: null })}
                    />
                  </SimpleGrid>
                  {/* Three abreast only where the card is wide enough for them (its own width, not the
                      screen's: beside the menu or the suggestions it is narrow); else the coordinates
                      share a line and the button takes the next. Squeezed, '-34.720600' showed 5
                      decimals and the button read 'Buscar ('. */}
                  <Grid align="flex-end" type="container" breakpoints={COORDINATES_ABREAST}>
                    {COORDINATES.map(({ field, label }) => (
                      <Grid.Col key={field} span={{ base: 6, sm: 4 }}>
                        <TextInput
                          label={label}
                          readOnly
                          value={details[field]?.toFixed(6) ?? ""}
                          error={invalid.has("coordinates")}
                        />
                      </Grid.Col>
                    ))}
                    <Grid.Col span={{ base: 12, sm: 4 }}>
                      <Button
                        variant="light"
                        fullWidth
                        onClick={() =>
                          openMapPicker(`order-${clientId}`, {
                            destination: [details.address, details.city.text].filter(Boolean).join(", "),
                            lat: details.latitude,
                            lng: details.longitude,
                          })
                        }
                      >
                        Buscar en mapa
                      </Button>
                    </Grid.Col>
                  </Grid>
                  {invalid.has("coordinates") && <Text c="orange">Selecciona una ubicacion en el mapa.</Text>}
                </>
              )}
              <Group align="flex-end">
                <Select
                  label="Zona de envío"
                  data={shipments.map((s) => ({ value: String(s.PK_Shipments), label: s.Name }))}
                  value={details.zone ? String(details.zone) : null}
                  error={invalid.has("zone")}
                  allowDeselect={false}
                  disabled={pickup}
                  onChange={(v) =>
                    update({
                      zone: Number(v),
                      delivery_cost: Number(shipments.find((s) => String(s.PK_Shipments) === v)?.Price ?? 0),
                    })
                  }
                />
                <Text>Costo: {formatMoneyWizard(toCentavos(details.delivery_cost))}</Text>
              </Group>
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
          <Card withBorder>
            <Title order={3} size="h5" mb="xs">
              Sugerencias
            </Title>
            {suggestions.map((s) => (
              <Button
                key={s.label}
                variant="subtle"
                fullWidth
                justify="flex-start"
                // A long address wraps onto a second line instead of being cut on a phone.
                h="auto"
                py={6}
                styles={{ label: { whiteSpace: "normal", textAlign: "left" } }}
                disabled={pickup}
                onClick={() =>
                  update({
                    address: s.address ?? "",
                    latitude: s.lat === null ? null : Number(s.lat),
                    longitude: s.lng === null ? null : Number(s.lng),
                  })
                }
              >
                {s.label}: {s.address}
              </Button>
            ))}
          </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}
