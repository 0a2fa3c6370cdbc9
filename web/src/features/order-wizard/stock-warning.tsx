import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { stockEditorMinimum, stockEditorRefusal } from "@domain/cart-stock";
import { StockInput } from "./stock-input";

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
 * 'Aceptar' keeps the cart as it was; 'Actualizar stock' opens the editor, whose minimum is the
 * larger of the stock and the line (SPEC.md §4): it starts there, and less is refused with the
 * minimum named; below 0 or not a number with SPEC.md §5's message. Nothing refused is saved.
 */
export function StockWarning({ warning, onAccept, onSave }: StockWarningProps) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<number | string>(0);
  const [error, setError] = useState<string | null>(null);
  const minimum = warning ? stockEditorMinimum(warning) : 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: every new warning resets the editor, even with the same minimum
  useEffect(() => {
    setEditing(false);
    setError(null);
    setValue(minimum);
  }, [warning, minimum]);

  async function save() {
    const refusal = stockEditorRefusal(value, minimum);
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
            minimum={minimum}
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
