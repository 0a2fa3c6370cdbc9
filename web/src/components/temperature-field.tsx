import { ActionIcon, TextInput } from "@mantine/core";

interface TemperatureFieldProps {
  label: string;
  description: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  size?: "sm" | "md" | "lg";
}

/** Flips the sign of what was typed: a phone's decimal keypad often has no minus key. */
function flipSign(text: string): string {
  const trimmed = text.trim();
  return /^[-−–]/.test(trimmed) ? trimmed.slice(1) : `-${trimmed}`;
}

/** A temperature as typed, es-AR ('-18,5'), with a ± key beside it; read by domain/cold-chain.ts. */
export function TemperatureField({ label, description, value, onChange, error, size = "sm" }: TemperatureFieldProps) {
  return (
    <TextInput
      label={label}
      description={description}
      inputWrapperOrder={["label", "input", "description", "error"]}
      placeholder="-18,5"
      inputMode="decimal"
      autoComplete="off"
      size={size}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error || undefined}
      rightSectionWidth={52}
      rightSection={
        <ActionIcon
          size={size === "lg" ? "lg" : "md"}
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
