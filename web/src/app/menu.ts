import { can, type Capability } from "../../../domain/permissions";

export interface MenuLink {
  label: string;
  to: string;
  /** Shown only to groups holding it; the server enforces the same rule. */
  capability?: Capability;
}

// SPEC.md §2 side menu, plus the boards for the groups that work them.
export const MENU: MenuLink[] = [
  { label: "Inicio", to: "/" },
  { label: "Nuevo Pedido", to: "/orders/new", capability: "orders.take" },
  { label: "Pedidos", to: "/orders" },
  { label: "Nuevo Cliente", to: "/create-client", capability: "catalog.write" },
  { label: "Clientes", to: "/clients" },
  { label: "Nuevo Producto", to: "/products/new", capability: "catalog.write" },
  { label: "Productos", to: "/products" },
  { label: "Comisiones", to: "/commissions", capability: "commissions.own" },
  { label: "Preparación", to: "/admin/preparation", capability: "preparation.work" },
  { label: "Despacho", to: "/admin/dispatch", capability: "dispatch.work" },
  { label: "Aprobaciones", to: "/admin/approvals", capability: "users.approve" },
  { label: "Auditoría", to: "/admin/audit", capability: "audit.read" },
  { label: "Configuración", to: "/settings" },
];

export const visibleLinks = (group: string | undefined) => MENU.filter((link) => !link.capability || can(group, link.capability));
