/**
 * Who may do what (DESIGN.md §4). The server enforces it on every route through a
 * declared capability; the web menu only mirrors it.
 */
export const GROUPS = ["Admin", "Vendedor", "Preparador", "Despachante", "Cadete"] as const;
export type GroupName = (typeof GROUPS)[number];
/** Cannot be asked for in a registration request (DESIGN.md §4). */
export const ADMIN_GROUP: GroupName = "Admin";

export const CAPABILITIES = {
  "catalog.read": ["Admin", "Vendedor", "Preparador", "Despachante"],
  "catalog.write": ["Admin", "Vendedor"],
  "orders.list": ["Admin", "Vendedor", "Preparador", "Despachante"],
  "orders.take": ["Admin", "Vendedor"],
  "orders.see_cancelled": ["Admin"],
  /** Modify or cancel an order another seller took; everyone else only their own. */
  "orders.manage_any": ["Admin"],
  "preparation.work": ["Admin", "Preparador"],
  /** 'Ingresar lote' (issue 42): receiving kilograms by lot and expiry, which grows the product's stock. */
  "lots.receive": ["Admin", "Preparador"],
  "dispatch.work": ["Admin", "Despachante"],
  /** The courier's own stops: read them, mark delivered or not, share the position. */
  "courier.work": ["Cadete"],
  /** A delivery's proof photo: the dispatch office, and the courier of that stop only. */
  "courier.photo": ["Admin", "Despachante", "Cadete"],
  /** Cash at the end of the day per courier. */
  "courier.cash": ["Admin"],
  /** The home screen's sales figures and chart: a Vendedor's own, unless the group also holds home.all_sellers. */
  /** A client's account (issue 44): its balance, movements and available credit, and recording a payment. */
  "accounts.read": ["Admin", "Vendedor"],
  "accounts.pay": ["Admin", "Vendedor"],
  /** Voiding a payment, the debtors list with aging, setting a credit limit, an order past it on purpose. */
  "accounts.manage": ["Admin"],
  "home.sales": ["Admin", "Vendedor"],
  "home.all_sellers": ["Admin"],
  "commissions.own": ["Admin", "Vendedor"],
  "commissions.any": ["Admin"],
  "users.approve": ["Admin"],
  "data.export": ["Admin"],
  /** See the last backup and download a fresh one: a backup holds every password hash and order. */
  "data.backup": ["Admin"],
  "audit.read": ["Admin"],
  "software.deploy": ["Admin"],
  "shipping.edit": ["Admin", "Vendedor"],
  /** Whether 'Entregado' asks the goods' temperature, and the maximum (issue 41). */
  "settings.cold_chain": ["Admin"],
  "profile.edit": ["Admin", "Vendedor", "Preparador", "Despachante", "Cadete"],
  "session.use": ["Admin", "Vendedor", "Preparador", "Despachante", "Cadete"],
} as const satisfies Record<string, readonly GroupName[]>;

export type Capability = keyof typeof CAPABILITIES;

/** `public` routes need no token; every other route names one capability. */
export type RoutePermission = Capability | "public";

export function can(group: string | null | undefined, capability: Capability): boolean {
  return !!group && (CAPABILITIES[capability] as readonly string[]).includes(group);
}
