import { Alert, Box, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { MAP_DEFAULT_ZOOM, MAP_MESSAGES, MAP_SELECTION_ZOOM } from "@domain/contracts/map";
import { ApiError } from "../../api/messages";
import { useMapConfig } from "../../api/map-config";
import { useGeocodeLookup } from "./api/geocode";
import { CoordinateInput } from "./coordinate-input";
import { MAP_PICK_KEY, pickerOpener, type PickedPoint } from "../../components/map-picker";
import { MapView, type MapPoint } from "./map-view";

const numberOrNull = (text: string | null) =>
  text !== null && text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : null;

/** /mapa: pick a point (picker mode) and hand it back to the window that opened this one. */
export function MapPage() {
  const [params] = useSearchParams();
  const picker = params.get("picker");
  const initialLat = numberOrNull(params.get("lat"));
  const initialLng = numberOrNull(params.get("lng"));
  const config = useMapConfig();
  const [point, setPoint] = useState<MapPoint | null>(
    initialLat !== null && initialLng !== null ? { lat: initialLat, lng: initialLng } : null,
  );
  const [query, setQuery] = useState(params.get("destination") ?? "");
  const [message, setMessage] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const geocode = useGeocodeLookup();

  async function search() {
    setSearching(true);
    setMessage(null);
    try {
      const [best] = await geocode(query);
      if (best) setPoint({ lat: best.lat, lng: best.lng });
    } catch (error) {
      setMessage(error instanceof ApiError && error.status === 404 ? MAP_MESSAGES.notFound : MAP_MESSAGES.geocoderDown);
    } finally {
      setSearching(false);
    }
  }

  function save() {
    if (!point || !picker) return;
    const picked: PickedPoint & { at: number } = { ...point, picker, opener: pickerOpener() ?? picker, at: Date.now() };
    localStorage.setItem(MAP_PICK_KEY, JSON.stringify(picked));
    window.close();
  }

  if (config.isError) return <Alert color="red">{MAP_MESSAGES.configFailed}</Alert>;
  if (!config.data) return null;
  const depot = config.data.depot;

  return (
    <Stack component="main" p="md" h="100vh">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Mapa
        </Title>
        {picker && (
          <Button onClick={save} disabled={!point}>
            Guardar coordenadas
          </Button>
        )}
      </Group>
      <Group align="flex-end">
        <TextInput
          label="Dirección"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button onClick={search} loading={searching} disabled={!config.data.geocoder || query.trim().length < 3}>
          Buscar
        </Button>
        <CoordinateInput
          label="Latitud"
          limit={90}
          value={point?.lat ?? null}
          onChange={(lat) => setPoint({ lat, lng: point?.lng ?? depot.lng })}
        />
        <CoordinateInput
          label="Longitud"
          limit={180}
          value={point?.lng ?? null}
          onChange={(lng) => setPoint({ lat: point?.lat ?? depot.lat, lng })}
        />
      </Group>
      {!config.data.style_url && (
        <Text size="sm" c="dimmed">
          {MAP_MESSAGES.noStyle}
        </Text>
      )}
      {message && (
        <Alert color="orange" role="alert">
          {message}
        </Alert>
      )}
      <Box style={{ flex: 1 }}>
        <MapView
          styleUrl={config.data.style_url}
          center={point ?? depot}
          zoom={point ? MAP_SELECTION_ZOOM : MAP_DEFAULT_ZOOM}
          marker={point}
          onPick={setPoint}
          onStyleError={() => setMessage(MAP_MESSAGES.unavailable)}
          onUnavailable={() => setMessage(MAP_MESSAGES.unavailable)}
        />
      </Box>
    </Stack>
  );
}
