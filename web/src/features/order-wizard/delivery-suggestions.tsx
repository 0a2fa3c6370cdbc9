import { Button, Card, Title } from "@mantine/core";
import type { DeliveryPart } from "./delivery-part";

interface Suggestion {
  label: string;
  address: string | null;
  lat: string | null;
  lng: string | null;
}

/** 'Sugerencias': the client's addresses, each filling the address and its map point. */
export function DeliverySuggestions({
  suggestions,
  update,
  pickup,
}: Pick<DeliveryPart, "update"> & { suggestions: Suggestion[]; pickup: boolean }) {
  return (
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
  );
}
