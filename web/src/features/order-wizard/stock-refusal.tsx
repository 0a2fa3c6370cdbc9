import { Alert, Button, Text } from "@mantine/core";
import { ApiError } from "../../api/messages";

/** A confirmation the server refused for one product's stock or freezer (409 naming it). */
export interface StockRefusal {
  message: string;
  productId: number;
  productName: string;
}

export function stockRefusalOf(error: unknown): StockRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const { product_id, product_name } = (error.data ?? {}) as { product_id?: unknown; product_name?: unknown };
  if (typeof product_id !== "number") return null;
  return {
    message: error.message,
    productId: product_id,
    productName: typeof product_name === "string" ? product_name : "",
  };
}

interface ShortStockAlertProps {
  refusal: StockRefusal | null;
  /** Names of the cart's lines that live stock no longer covers. */
  shortNames: string[];
  onBack(): void;
}

/**
 * The confirm step says which product lacks stock (the server's refusal, or live stock that
 * fell under a line) and offers the way back to the products step, where the line is marked.
 */
export function ShortStockAlert({ refusal, shortNames, onBack }: ShortStockAlertProps) {
  if (!refusal && !shortNames.length) return null;
  return (
    <Alert color="red" role="alert" title={refusal ? refusal.message : "Stock insuficiente"} mb="md">
      <Text size="sm" fw={600}>
        {refusal ? refusal.productName : shortNames.join(", ")}
      </Text>
      <Button mt="xs" size="sm" color="red" onClick={onBack}>
        Volver a productos
      </Button>
    </Alert>
  );
}
