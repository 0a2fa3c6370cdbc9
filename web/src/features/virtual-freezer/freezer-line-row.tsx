import { Button, Group, Select, Text } from "@mantine/core";
import type { LineType } from "@domain/pricing";
import { parseQuantity } from "@domain/quantity";
import { DecimalInput } from "../../components/decimal-input";
import type { FreezerLine } from "./use-freezer-lines";

/** One product in the client's freezer: its quantity, its type and 'Quitar' (read-only for those who cannot write). */
export function FreezerLineRow({
  line,
  promo,
  writes,
  onUnits,
  onType,
  onRemove,
}: {
  line: FreezerLine;
  promo: boolean;
  writes: boolean;
  onUnits(units: string): void;
  onType(type: LineType): void;
  onRemove(): void;
}) {
  const check = parseQuantity(line.units, line.type);
  return (
    <Group wrap="nowrap">
      <Text style={{ flex: 1 }}>{line.name}</Text>
      <DecimalInput
        aria-label={`Cantidad de ${line.name}`}
        w={120}
        decimals={line.type === "KG" ? 3 : 0}
        // Units are kept as "2.5" (a number's text), never as es-AR text: read them as a number.
        value={Number.isFinite(Number(line.units)) ? Number(line.units) : line.units}
        readOnly={!writes}
        error={check.ok ? undefined : check.message}
        onChange={(v) => onUnits(String(v))}
      />
      <Select
        aria-label={`Tipo de ${line.name}`}
        w={100}
        data={promo ? ["PROMO"] : ["KG", "UN"]}
        value={line.type}
        disabled={promo || !writes}
        allowDeselect={false}
        onChange={(v) => onType((v ?? "KG") as LineType)}
      />
      {writes && (
        <Button variant="subtle" color="red" onClick={onRemove}>
          Quitar
        </Button>
      )}
    </Group>
  );
}
