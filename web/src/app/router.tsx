import { lazy, Suspense } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { ApprovalsPage } from "../features/approvals/approvals-page";
import { AuditPage } from "../features/audit/audit-page";
import { ClientsPage } from "../features/clients/clients-page";
import { CreateClientPage } from "../features/clients/create-client-page";
import { LoginPage } from "../features/auth/login-page";
import { RegisterPage } from "../features/auth/register-page";
import { CommissionsPage } from "../features/commissions/commissions-page";
import { DispatchPage } from "../features/dispatch/dispatch-page";
import { WallBoard } from "../features/dispatch/wall-board";
import { HomePage } from "../features/home/home-page";
import { ClientStep } from "../features/order-wizard/client-step";
import { ConfirmStep } from "../features/order-wizard/confirm-step";
import { DeliveryStep } from "../features/order-wizard/delivery-step";
import { ProductsStep } from "../features/order-wizard/products-step";
import { OrdersPage } from "../features/orders/orders-page";
import { PreparationPage } from "../features/preparation/preparation-page";
import { VirtualFreezerPage } from "../features/virtual-freezer/virtual-freezer-page";
import { NewProductPage } from "../features/products/new-product-page";
import { ProductsPage } from "../features/products/products-page";
import { SettingsPage } from "../features/settings/settings-page";
import { RequireCapability, RequireSession } from "./guards";
import { Shell } from "./shell";

import { CashPage } from "../features/courier/cash-page";
import { CourierPage } from "../features/courier/courier-page";
const MapPage = lazy(() => import("../features/map/map-page").then((m) => ({ default: m.MapPage })));

export const router = createBrowserRouter([
  { path: "/login", element: <LoginPage /> },
  { path: "/register-request", element: <RegisterPage /> },
  {
    element: <RequireSession />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/mapa", element: <Suspense fallback={null}><MapPage /></Suspense> },
      {
        path: "/admin/dispatch/wall",
        element: (
          <RequireCapability capability="dispatch.work">
            <WallBoard />
          </RequireCapability>
        ),
      },
      {
        element: <Shell />,
        children: [
          { path: "/clients", element: <ClientsPage /> },
          { path: "/clients/:clientId/virtual-freezer", element: <VirtualFreezerPage /> },
          { path: "/create-client", element: <CreateClientPage /> },
          { path: "/products", element: <ProductsPage /> },
          { path: "/products/new", element: <NewProductPage /> },
          { path: "/orders", element: <OrdersPage /> },
          { path: "/orders/new", element: <ClientStep /> },
          { path: "/orders/:clientId/products", element: <ProductsStep /> },
          { path: "/orders/:clientId/delivery", element: <DeliveryStep /> },
          { path: "/orders/:clientId/confirm", element: <ConfirmStep /> },
          { path: "/settings", element: <SettingsPage /> },
          {
            path: "/reparto",
            element: (
              <RequireCapability capability="courier.work">
                <CourierPage />
              </RequireCapability>
            ),
          },
          {
            path: "/admin/cash",
            element: (
              <RequireCapability capability="courier.cash">
                <CashPage />
              </RequireCapability>
            ),
          },
          {
            path: "/commissions",
            element: (
              <RequireCapability capability="commissions.own">
                <CommissionsPage />
              </RequireCapability>
            ),
          },
          {
            path: "/admin/audit",
            element: (
              <RequireCapability capability="audit.read">
                <AuditPage />
              </RequireCapability>
            ),
          },
          {
            path: "/admin/approvals",
            element: (
              <RequireCapability capability="users.approve">
                <ApprovalsPage />
              </RequireCapability>
            ),
          },
          {
            path: "/admin/dispatch",
            element: (
              <RequireCapability capability="dispatch.work">
                <DispatchPage />
              </RequireCapability>
            ),
          },
          {
            path: "/admin/preparation",
            element: (
              <RequireCapability capability="preparation.work">
                <PreparationPage />
              </RequireCapability>
            ),
          },
          { path: "*", element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
]);
