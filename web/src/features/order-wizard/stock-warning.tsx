import { Button, Group, Modal, NumberInput, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";

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

/** 'Aceptar' reverts the line; 'Actualizar stock' opens the editor, whose minimum covers the line. */
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
    const quantity = typeof value === "number" ? value : Number(String(value).replace(",", "."));
    if (!Number.isFinite(quantity) || quantity < 0) return setError("Ingrese un valor de stock valido.");
    try {
      await onSave(Math.max(quantity, minimum));
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
          <NumberInput label="Stock (KG)" min={minimum} step={0.01} decimalScale={3} decimalSeparator="," value={value} onChange={setValue} error={error} />
          <Group justify="flex-end">
            <Button onClick={save}>Guardar stock</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
