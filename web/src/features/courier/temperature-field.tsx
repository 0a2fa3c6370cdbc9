import { ActionIcon, TextInput } from "@mantine/core";
import { formatCelsius } from "../../../../domain/cold-chain";

interface TemperatureFieldProps {
  value: string;
  onChange(value: string): void;
  maxC: number;
  error?: string | null;
}

/** Flips the sign of what was typed: a phone's decimal keypad often has no minus key. */
function flipSign(text: string): string {
  const trimmed = text.trim();
  return /^[-−–]/.test(trimmed) ? trimmed.slice(1) : `-${trimmed}`;
}

/** The goods' temperature as typed, es-AR ('-18,5'), with a ± key beside it. */
export function TemperatureField({ value, onChange, maxC, error }: TemperatureFieldProps) {
  return (
    <TextInput
      label="Temperatura de la mercadería (°C)"
      description={`Máximo ${formatCelsius(maxC)}. Con decimales: -18,5`}
      inputWrapperOrder={["label", "input", "description", "error"]}
      placeholder="-18,5"
      inputMode="decimal"
      autoComplete="off"
      size="lg"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error || undefined}
      rightSectionWidth={52}
      rightSection={
        <ActionIcon
          size="lg"
          variant="default"
          aria-label="Cambiar el signo (bajo cero / sobre cero)"
          onClick={() => onChange(flipSign(value))}
        >
          ±
        </ActionIcon>
      }
    />
  );
}
