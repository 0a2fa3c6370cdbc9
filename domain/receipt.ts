import { formatIsoDate } from "./calendar";
import type { OrderDetail } from "./contracts/orders";
import { formatLineQuantity, formatMoney, toCentavos } from "./money";

/**
 * The lines of the receipt image the web downloads after confirming (SPEC.md §7), as a client
 * reads them: dates dd/mm/aaaa, amounts with 2 decimals, quantities in es-AR.
 */
export const receiptLines = (order: OrderDetail): string[] => [
  `Pedido #${order.order_id}`,
  `Cliente: ${order.client_name}`,
  `Entrega: ${formatIsoDate(order.delivery_date)}${order.shipping_time ? ` ${order.shipping_time}` : ""}`,
  `Dirección: ${order.address}`,
  `Forma de pago: ${order.payment_method ?? ""}`,
  "",
  ...order.products.map(
    (p) =>
      `${p.product_name} · ${formatLineQuantity(p.Amount, p.Type === "KG" ? "KG" : "UN")}${p.Type === "PROMO" ? " (promo)" : ""}${p.Virtual_Freezer ? " (Freezer)" : ""}`,
  ),
  "",
  `Sub total: ${formatMoney(toCentavos(order.total_price))}`,
  `Envío: ${formatMoney(toCentavos(order.shipping_cost))}`,
  `TOTAL: ${formatMoney(toCentavos(order.final_price))}`,
];
