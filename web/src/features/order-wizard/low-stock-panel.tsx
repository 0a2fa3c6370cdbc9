import { Button, Card, Group, Modal, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { DecimalInput } from "../../components/decimal-input";
import { useState } from "react";
import type { Product } from "@domain/contracts/products";
import { notifySuccess, notifyFailure } from "../../components/notify";
import { formatKilos, toGrams } from "@domain/money";
import { useLowStock } from "./api/get-low-stock";
import { useUpdatePriceAndStock } from "./api/update-product";
import { StockInput, stockRefusal } from "./stock-input";

/** Step 1's side panel: products under 3 kg, by name, each opening a price-and-stock editor. */
export function LowStockPanel() {
  const lowStock = useLowStock();
  const update = useUpdatePriceAndStock();
  const [editing, setEditing] = useState<Product | null>(null);
  const [price, setPrice] = useState<number | string>("");
  const [stock, setStock] = useState<number | string>("");
  const [stockError, setStockError] = useState<string | null>(null);

  async function save() {
    if (!editing) return;
    // SPEC.md §5: a finite number of at least 0, else the message and nothing saved.
    const refusal = stockRefusal(stock);
    if (refusal) return setStockError(refusal);
    try {
      await update.mutateAsync({ product: editing, price, stock });
      notifySuccess("Producto actualizado con éxito");
      setEditing(null);
    } catch (failure) {
      notifyFailure(failure, "No se pudo guardar");
    }
  }

  return (
    <Card withBorder>
      <Title order={2} size="h5" mb="sm">
        Productos con poco stock
      </Title>
      <Stack gap={4}>
        {(lowStock.data ?? []).map((p) => (
          <UnstyledButton
            key={p.PK_Products}
            onClick={() => {
              setEditing(p);
              setPrice(Number(p.Price));
              setStock(Number(p.Quantity));
              setStockError(null);
            }}
          >
            <Group justify="space-between">
              <Text size="sm">{p.Name}</Text>
              <Text size="sm" c="red">
                {formatKilos(toGrams(p.Quantity))}
              </Text>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
      <Modal opened={!!editing} onClose={() => setEditing(null)} title={editing?.Name}>
        <Stack>
          <DecimalInput label="Precio" decimals={2} unit="$" value={price} onChange={setPrice} />
          <StockInput
            value={stock}
            error={stockError}
            onChange={(next) => {
              setStock(next);
              setStockError(null);
            }}
          />
          <Group justify="flex-end">
            <Button onClick={save} loading={update.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
