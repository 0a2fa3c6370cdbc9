/** Query keys of the settings feature, from one place. */
export const settingsKeys = {
  shipments: ["settings", "shipments"] as const,
  latestId: (table: string) => ["settings", "latest-id", table] as const,
  keptExports: ["settings", "kept-exports"] as const,
  backups: ["settings", "backups"] as const,
  coldChain: ["settings", "cold-chain"] as const,
};
