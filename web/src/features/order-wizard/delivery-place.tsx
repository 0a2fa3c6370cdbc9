import { Button, Grid, SimpleGrid, Select, Text, TextInput } from "@mantine/core";
import { openMapPicker } from "../../components/map-picker";
import type { z } from "zod";
import type { City } from "@domain/contracts/clients";
import type { DeliveryPart } from "./delivery-part";

/** Card widths for the coordinates' grid; only sm is used: from 520 px both coordinates and 'Buscar en mapa' fit on one line. */
const COORDINATES_ABREAST = { xs: "360px", sm: "520px", md: "720px", lg: "960px", xl: "1200px" };

const COORDINATES = [
  { field: "latitude", label: "Latitud" },
  { field: "longitude", label: "Longitud" },
] as const;

/** Where, for a home delivery: city, address and the map point ('Buscar en mapa'). */
export function DeliveryPlace({
  details,
  update,
  invalid,
  cities,
  mapKey,
}: DeliveryPart & { cities: z.infer<typeof City>[]; mapKey: string }) {
  return (
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
              openMapPicker(mapKey, {
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
  );
}
