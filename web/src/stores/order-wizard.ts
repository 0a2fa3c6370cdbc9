import { create } from "zustand";
import { persist } from "zustand/middleware";

/**
 * The in-progress order (client, cart, delivery details), kept locally so each wizard
 * step restores it. Menu links and logout clear it (SPEC.md §2).
 */
export interface OrderWizardState {
  clientId: number | null;
  clientName: string | null;
  clear(): void;
}

export const useOrderWizard = create<OrderWizardState>()(
  persist(
    (set) => ({
      clientId: null,
      clientName: null,
      clear: () => set({ clientId: null, clientName: null }),
    }),
    { name: "frio-order-wizard" },
  ),
);

export function clearOrderInProgress() {
  useOrderWizard.getState().clear();
}
