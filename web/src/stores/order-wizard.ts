import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { CartLine } from "@domain/cart";
import type { DeliveryDetails } from "@domain/contracts/order-request";
import type { OrderDetail } from "@domain/contracts/orders";
import { DELIVERY_METHODS, isPickupZone } from "@domain/delivery-method";

export interface WizardData {
  clientId: number | null;
  clientName: string | null;
  items: CartLine[];
  notes: string;
  details: DeliveryDetails | null;
  /** Set when modifying an existing order (SPEC.md §4). */
  orderId: number | null;
  /** The modified order's own delivery date: it may keep it even once past. */
  keptDate: string | null;
  oldCart: CartLine[];
  /** Set when the order is one kept offline, opened again: its Idempotency-Key. */
  pendingKey: string | null;
}

export interface OrderWizardState extends WizardData {
  setClient(id: number, name: string): void;
  setItems(items: CartLine[]): void;
  setNotes(notes: string): void;
  setDetails(details: DeliveryDetails): void;
  loadForModify(order: OrderDetail): void;
  /** Opens an order kept offline, to change it before it is sent. */
  loadPending(draft: WizardData, key: string): void;
  clear(): void;
}

const EMPTY: WizardData = {
  clientId: null,
  clientName: null,
  items: [],
  notes: "",
  details: null,
  orderId: null,
  keptDate: null,
  oldCart: [],
  pendingKey: null,
};

/**
 * The in-progress order, kept locally so each wizard step restores it. Menu links and
 * logout clear it (SPEC.md §2).
 */
export const useOrderWizard = create<OrderWizardState>()(
  persist(
    (set, get) => ({
      ...EMPTY,
      setClient: (clientId, clientName) =>
        set(get().clientId === clientId ? { clientName } : { ...EMPTY, clientId, clientName }),
      setItems: (items) => set({ items }),
      setNotes: (notes) => set({ notes }),
      setDetails: (details) => set({ details }),
      loadForModify: (order) => {
        const items: CartLine[] = order.products.map((p) => ({
          productId: p.FK_Products,
          productName: p.product_name,
          units: String(Number(p.Amount)),
          type: p.Type as CartLine["type"],
          virtual_freezer: p.Virtual_Freezer,
          vfLimit: null,
          // What the order was priced at: a product repriced since is marked, as the order will take the new price.
          ...(p.Virtual_Freezer ? {} : { quotedPrice: p.Unit_Price }),
        }));
        set({
          clientId: order.client_id,
          clientName: order.client_name,
          items,
          oldCart: items,
          notes: order.notes,
          orderId: order.order_id,
          keptDate: order.delivery_date,
          pendingKey: null,
          details: {
            zone: order.shipment_id,
            address: order.address,
            city: { id: order.city_id, text: order.city_name ?? "" },
            delivery_method: order.zone && isPickupZone(order.zone) ? DELIVERY_METHODS.pickup : DELIVERY_METHODS.home,
            time: { id: order.shipping_time_id, text: order.shipping_time ?? "" },
            date: order.delivery_date,
            delivery_cost: Number(order.shipping_cost),
            latitude: order.latitude === null ? null : Number(order.latitude),
            longitude: order.longitude === null ? null : Number(order.longitude),
            payment_method: { id: order.payment_method_id, name: order.payment_method ?? "" },
          },
        });
      },
      loadPending: (draft, pendingKey) => set({ ...draft, pendingKey }),
      clear: () => set(EMPTY),
    }),
    { name: "frio-order-wizard" },
  ),
);

/** The order in progress alone, without the store's actions: what can be kept elsewhere (IndexedDB). */
export function wizardDataOf(state: OrderWizardState): WizardData {
  const { clientId, clientName, items, notes, details, orderId, keptDate, oldCart, pendingKey } = state;
  return { clientId, clientName, items, notes, details, orderId, keptDate, oldCart, pendingKey };
}

export function clearOrderInProgress() {
  useOrderWizard.getState().clear();
}
