import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { StockInput, stockRefusal } from "./stock-input";

export interface StockWarningState {
  productId: number;
  productName: string;
  desiredKg: number;
  stockKg: number;
}

interface StockWarningProps {
  warning: StockWarningState | null;
  onAccept(): void;
  onSave(quantity: number): Promise<void>;
}

/**
 * 'Aceptar' keeps the cart as it was; 'Actualizar stock' opens the editor, which starts at a stock
 * covering the line. What is typed is what is saved: below 0 or not a number is refused (SPEC.md §5).
 */
export function StockWarning({ warning, onAccept, onSave }: StockWarningProps) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<number | string>(0);
  const [error, setError] = useState<string | null>(null);
  const minimum = warning ? Math.max(warning.stockKg, warning.desiredKg) : 0;

  useEffect(() => {
    setEditing(false);
    setError(null);
    setValue(minimum);
  }, [warning, minimum]);

  async function save() {
    const refusal = stockRefusal(value);
    if (refusal || typeof value !== "number") return setError(refusal);
    try {
      await onSave(value);
    } catch {
      setError("No se pudo actualizar el stock.");
    }
  }

  return (
    <Modal opened={!!warning} onClose={onAccept} title={warning?.productName} centered>
      {!editing ? (
        <Stack>
          <Text>No cuenta con el stock necesario para este producto.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(true)}>
              Actualizar stock
            </Button>
            <Button onClick={onAccept}>Aceptar</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <StockInput
            value={value}
            error={error}
            onChange={(next) => {
              setValue(next);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button onClick={save}>Guardar stock</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
