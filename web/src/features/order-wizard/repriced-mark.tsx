import { Text } from "@mantine/core";
import type { CatalogProduct } from "@domain/cart";
import { repricedLineText } from "@domain/repriced-lines";
import type { Centavos } from "@domain/money";

/** A cart line's price changed since it was quoted: news for the seller, not an error. */
export function RepricedMark({ quoted, product }: { quoted: Centavos; product: CatalogProduct }) {
  return (
    <Text size="sm" c="blue.9" fw={600} data-repriced>
      ↻ {repricedLineText(quoted, product)}
    </Text>
  );
}
