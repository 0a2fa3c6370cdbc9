import { can, type Capability } from "@domain/permissions";

interface MenuLink {
  label: string;
  to: string;
  /** Shown only to groups holding it; the server enforces the same rule. */
  capability?: Capability;
}

// SPEC.md §2 side menu, plus the boards for the groups that work them.
const MENU: MenuLink[] = [
  { label: "Inicio", to: "/" },
  { label: "Mi reparto", to: "/reparto", capability: "courier.work" },
  // A Cadete works only their stops: the catalogue and orders are not theirs to see.
  { label: "Nuevo Pedido", to: "/orders/new", capability: "orders.take" },
  { label: "Pedidos", to: "/orders", capability: "orders.list" },
  { label: "Nuevo Cliente", to: "/create-client", capability: "catalog.write" },
  { label: "Clientes", to: "/clients", capability: "catalog.read" },
  { label: "Nuevo Producto", to: "/products/new", capability: "catalog.write" },
  { label: "Productos", to: "/products", capability: "catalog.read" },
  { label: "Cuentas", to: "/cuentas", capability: "accounts.manage" },
  { label: "Comisiones", to: "/commissions", capability: "commissions.own" },
  { label: "Preparación", to: "/admin/preparation", capability: "preparation.work" },
  { label: "Despacho", to: "/admin/dispatch", capability: "dispatch.work" },
  { label: "Caja de cadetes", to: "/admin/cash", capability: "courier.cash" },
  { label: "Aprobaciones", to: "/admin/approvals", capability: "users.approve" },
  { label: "Auditoría", to: "/admin/audit", capability: "audit.read" },
  { label: "Configuración", to: "/settings" },
];

export const visibleLinks = (group: string | undefined) =>
  MENU.filter((link) => !link.capability || can(group, link.capability));
