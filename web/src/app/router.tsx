import type { ComponentType } from "react";
import { createBrowserRouter } from "react-router";
import type { Capability } from "@domain/permissions";
import { LoginPage } from "../features/auth/login-page";
import { HomePage } from "../features/home/home-page";
import { RequireCapability, RequireSession } from "./guards";

/**
 * Each screen is its own chunk, loaded when its route is first visited: /login downloads
 * neither the boards nor maplibre. A capability sends other groups to / (SPEC.md §6).
 * /login and / come with the entry: every visit starts on one of them, and a lazy chunk
 * there would be one more round trip before the first screen.
 */
const page = (load: () => Promise<ComponentType>, capability?: Capability) => async () => {
  const Page = await load();
  const element = <Page />;
  return { element: capability ? <RequireCapability capability={capability}>{element}</RequireCapability> : element };
};

export const router = createBrowserRouter([
  { path: "/login", element: <LoginPage /> },
  { path: "/register-request", lazy: page(() => import("../features/auth/register-page").then((m) => m.RegisterPage)) },
  {
    element: <RequireSession />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/mapa", lazy: page(() => import("../features/map/map-page").then((m) => m.MapPage)) },
      {
        path: "/admin/dispatch/wall",
        lazy: page(() => import("../features/dispatch/wall-board").then((m) => m.WallBoard), "dispatch.work"),
      },
      {
        path: "/imprimir/remito/:orderId",
        lazy: page(() => import("../features/orders/remito-page").then((m) => m.RemitoPage), "orders.list"),
      },
      {
        path: "/imprimir/cuenta/:clientId",
        lazy: page(() => import("../features/accounts/statement-page").then((m) => m.StatementPage), "accounts.read"),
      },
      {
        path: "/imprimir/ruta/:column",
        lazy: page(
          () => import("../features/printing/route-sheet-page").then((m) => m.RouteSheetPage),
          "dispatch.work",
        ),
      },
      {
        path: "/lotes/:lotId",
        lazy: page(() => import("../features/lots/lot-trace-page").then((m) => m.LotTracePage), "orders.list"),
      },
      {
        lazy: () => import("./shell").then((m) => ({ Component: m.Shell })),
        children: [
          {
            path: "/clients",
            lazy: page(() => import("../features/clients/clients-page").then((m) => m.ClientsPage), "catalog.read"),
          },
          {
            path: "/clients/:clientId/virtual-freezer",
            lazy: page(
              () => import("../features/virtual-freezer/virtual-freezer-page").then((m) => m.VirtualFreezerPage),
              "catalog.read",
            ),
          },
          {
            path: "/create-client",
            lazy: page(
              () => import("../features/clients/create-client-page").then((m) => m.CreateClientPage),
              "catalog.write",
            ),
          },
          {
            path: "/products",
            lazy: page(() => import("../features/products/products-page").then((m) => m.ProductsPage), "catalog.read"),
          },
          {
            path: "/products/new",
            lazy: page(
              () => import("../features/products/new-product-page").then((m) => m.NewProductPage),
              "catalog.write",
            ),
          },
          {
            path: "/products/:productId/lotes",
            lazy: page(
              () => import("../features/products/product-lots-page").then((m) => m.ProductLotsPage),
              "catalog.read",
            ),
          },
          {
            path: "/orders",
            lazy: page(() => import("../features/orders/orders-page").then((m) => m.OrdersPage), "orders.list"),
          },
          {
            path: "/orders/new",
            lazy: page(() => import("../features/order-wizard/client-step").then((m) => m.ClientStep), "orders.take"),
          },
          {
            path: "/orders/pending",
            lazy: page(
              () => import("../features/pending-orders/pending-orders-page").then((m) => m.PendingOrdersPage),
              "orders.take",
            ),
          },
          {
            path: "/orders/:clientId/products",
            lazy: page(
              () => import("../features/order-wizard/products-step").then((m) => m.ProductsStep),
              "orders.take",
            ),
          },
          {
            path: "/orders/:clientId/delivery",
            lazy: page(
              () => import("../features/order-wizard/delivery-step").then((m) => m.DeliveryStep),
              "orders.take",
            ),
          },
          {
            path: "/orders/:clientId/confirm",
            lazy: page(() => import("../features/order-wizard/confirm-step").then((m) => m.ConfirmStep), "orders.take"),
          },
          {
            path: "/settings",
            lazy: page(() => import("../features/settings/settings-page").then((m) => m.SettingsPage)),
          },
          {
            path: "/reparto",
            lazy: page(() => import("../features/courier/courier-page").then((m) => m.CourierPage), "courier.work"),
          },
          {
            path: "/admin/cash",
            lazy: page(() => import("../features/courier/cash-page").then((m) => m.CashPage), "courier.cash"),
          },
          {
            path: "/commissions",
            lazy: page(
              () => import("../features/commissions/commissions-page").then((m) => m.CommissionsPage),
              "commissions.own",
            ),
          },
          {
            path: "/cuentas",
            lazy: page(() => import("../features/accounts/debtors-page").then((m) => m.DebtorsPage), "accounts.manage"),
          },
          {
            path: "/cuentas/:clientId",
            lazy: page(() => import("../features/accounts/account-page").then((m) => m.AccountPage), "accounts.read"),
          },
          {
            path: "/admin/audit",
            lazy: page(() => import("../features/audit/audit-page").then((m) => m.AuditPage), "audit.read"),
          },
          {
            path: "/admin/approvals",
            lazy: page(() => import("../features/users/approvals-page").then((m) => m.ApprovalsPage), "users.approve"),
          },
          {
            path: "/admin/dispatch",
            lazy: page(() => import("../features/dispatch/dispatch-page").then((m) => m.DispatchPage), "dispatch.work"),
          },
          {
            path: "/admin/preparation",
            lazy: page(
              () => import("../features/preparation/preparation-page").then((m) => m.PreparationPage),
              "preparation.work",
            ),
          },
          // SPEC.md §2: any other path is the inner shell with its navigation bar and footer.
          { path: "*", lazy: page(() => import("./not-found-page").then((m) => m.NotFoundPage)) },
        ],
      },
    ],
  },
]);
