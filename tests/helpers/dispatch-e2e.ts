import { expect } from "vitest";
import type { DispatchBoard } from "@domain/contracts/dispatch";
import type { ApiClient } from "./app";
import { loginThroughUi, startE2E, type E2E } from "./browser";
import { preloadAxe, VIEWPORTS } from "./devices";
import { createUser, signIn } from "./factories";

export interface DispatchE2E {
  e2e: E2E;
  seller: ApiClient;
  preparer: ApiClient;
  dispatcherApi: ApiClient;
}

/** The app in Chromium with the API clients a dispatch day needs: who takes, prepares and dispatches orders. */
export async function startDispatchE2E(): Promise<DispatchE2E> {
  const e2e = await startE2E();
  const [seller, preparer, dispatcherApi] = await Promise.all(
    (["Vendedor", "Preparador", "Despachante"] as const).map(async (group) => (await signIn(e2e.t, group)).client),
  );
  return { e2e, seller: seller!, preparer: preparer!, dispatcherApi: dispatcherApi! };
}

/** Drops an order into a courier's column through the API, at the version the board shows. */
export async function assignThroughApi(dispatcher: ApiClient, date: string, orderId: number, courier: number) {
  const board = (await dispatcher.get(`/api/dispatch/?delivery_date=${date}`)).json() as DispatchBoard;
  const version = board.cards.find((c) => c.PK_Orders === orderId)!.version;
  expect((await dispatcher.post("/api/dispatch/assign/", { order_id: orderId, courier, version })).statusCode).toBe(
    200,
  );
}

/** A new Despachante signed in through the web at desktop width, with axe-core preloaded. */
export async function dispatcherPage(e2e: E2E) {
  const user = await createUser(e2e.t, "Despachante");
  const context = await e2e.newContext({ viewport: VIEWPORTS.desktop });
  await preloadAxe(context);
  const page = await context.newPage();
  await loginThroughUi(page, user.username, user.password);
  return page;
}
