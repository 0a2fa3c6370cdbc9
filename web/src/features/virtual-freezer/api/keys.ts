/** Query keys of the virtual-freezer feature, from one place. */
export const freezerKeys = {
  all: ["virtual-freezer"] as const,
  detail: (clientId: number) => ["virtual-freezer", clientId] as const,
};
