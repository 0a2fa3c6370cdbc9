import { Button, Card, Loader, Stack, Switch, Text, Title } from "@mantine/core";
import { useState } from "react";
import { type ColdChainSetting, COLD_CHAIN_MESSAGES, parseTemperature } from "@domain/cold-chain";
import { TemperatureField } from "../../components/temperature-field";
import { errorMessage } from "../../api/messages";
import { notifyError, notifySuccess } from "../../components/notify";
import { useColdChain, useSaveColdChain } from "./api/cold-chain";

function ColdChainForm({ saved }: { saved: ColdChainSetting }) {
  const save = useSaveColdChain();
  const [required, setRequired] = useState(saved.required);
  // As typed, es-AR: '-12' or '-12,5'.
  const [max, setMax] = useState(String(saved.max_c).replace(".", ","));
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    const read = parseTemperature(max);
    if (!read.ok) return setError(COLD_CHAIN_MESSAGES.maxRange);
    setError(null);
    try {
      notifySuccess((await save.mutateAsync({ required, max_c: read.tenths / 10 })).message);
    } catch (failure) {
      const message = errorMessage(failure, "No se pudo guardar la cadena de frío.");
      setError(message);
      notifyError(message);
    }
  }

  return (
    <Stack>
      <Switch
        size="md"
        label="Pedir la temperatura de la mercadería al entregar"
        description="El cadete la anota al tocar 'Entregado'."
        checked={required}
        onChange={(event) => setRequired(event.currentTarget.checked)}
      />
      <TemperatureField
        label="Temperatura máxima (°C)"
        description="Más caliente que esto, el cadete anota qué hizo o no entrega."
        value={max}
        onChange={(value) => {
          setMax(value);
          setError(null);
        }}
        error={error}
      />
      <Button onClick={() => void submit()} loading={save.isPending}>
        Guardar cadena de frío
      </Button>
    </Stack>
  );
}

/** Admin: whether 'Entregado' asks the goods' temperature, and the warmest allowed (issue 41). */
export function ColdChainCard() {
  const setting = useColdChain();
  return (
    <Card withBorder padding="lg" data-testid="cold-chain-card">
      <Title order={2} size="h4" mb="md">
        Cadena de frío
      </Title>
      {setting.isLoading && <Loader size="sm" aria-label="Cargando" />}
      {setting.isError && <Text c="red.8">No se pudo cargar la cadena de frío.</Text>}
      {setting.data && <ColdChainForm saved={setting.data} />}
    </Card>
  );
}
