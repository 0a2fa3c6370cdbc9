import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@domain/contracts/text";
import { idParam } from "@domain/contracts/catalog-common";
import { IdempotencyHeaders } from "@domain/contracts/idempotency";
import {
  OrderDetail,
  LastOrder,
  LastOrderQuery,
  OrderIdRequest,
  OrderListQuery,
  OrderListResponse,
  PayMethod,
  PreparationItems,
  PreparedRequest,
  SubmitOrderRequest,
  SubmitOrderResponse,
  TimeSlot,
} from "@domain/contracts/orders";
import { STATUS } from "@domain/order-status";
import { renderReceipt } from "./receipt";
import type { OrdersService } from "./service";

const Done = z.object({ success: z.literal(true), message: text() });

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.post("/order/", {
    config: { permission: "orders.take" },
    schema: {
      summary: "Take or modify an order (idempotent by Idempotency-Key; the same key with another body is a 422)",
      body: SubmitOrderRequest,
      headers: IdempotencyHeaders,
      response: { 200: SubmitOrderResponse },
    },
    handler: async (request) => {
      const orderId = await orders.submit(
        request.body,
        request.currentUser!,
        request.headers["idempotency-key"] ?? null,
      );
      return { success: true as const, order_id: orderId };
    },
  });

  app.post("/orders/cancel/", {
    config: { permission: "orders.take" },
    schema: { summary: "Cancel an order, returning its stock", body: OrderIdRequest, response: { 200: Done } },
    handler: async (request) => {
      await orders.transition(request.body.order_id, STATUS.cancelled, request.currentUser!);
      return { success: true as const, message: "Pedido cancelado correctamente." };
    },
  });

  app.post("/orders/prepared/", {
    config: { permission: "preparation.work" },
    schema: {
      summary: "Mark an order as prepared, with the real weight of its weighed lines (catch weight)",
      body: PreparedRequest,
      response: { 200: Done },
    },
    handler: async (request) => {
      await orders.prepare(request.body, request.currentUser!);
      return { success: true as const, message: `Pedido #${request.body.order_id} marcado como preparado.` };
    },
  });

  app.post("/orders/pending/", {
    config: { permission: "preparation.work" },
    schema: {
      summary: "Return an order to pending, also an Armado one not yet sent (its real weights cleared)",
      body: OrderIdRequest,
      response: { 200: Done },
    },
    handler: async (request) => {
      await orders.toPending(request.body.order_id, request.currentUser!);
      return { success: true as const, message: `Pedido #${request.body.order_id} marcado como pendiente.` };
    },
  });

  app.get("/orders/", {
    config: { permission: "orders.list" },
    schema: {
      summary: "Search and page through orders",
      querystring: OrderListQuery,
      response: { 200: OrderListResponse },
    },
    handler: (request) => orders.list(request.query, request.currentUser!),
  });

  // Taking an order is what it serves; what it reveals is what the orders list already shows.
  app.get("/orders/last/", {
    config: { permission: "orders.take" },
    schema: {
      summary: "A client's last order, for 'Repetir último pedido'",
      querystring: LastOrderQuery,
      response: { 200: LastOrder },
    },
    handler: (request) => orders.lastOrder(request.query.client_id),
  });

  app.get("/orders/:id/", {
    config: { permission: "orders.list" },
    schema: { summary: "One order with its status history", params: idParam, response: { 200: OrderDetail } },
    handler: (request) => orders.detail(request.params.id, request.currentUser!),
  });

  app.get("/orders/:id/items/", {
    config: { permission: "orders.list" },
    schema: { summary: "An order's lines", params: idParam, response: { 200: PreparationItems } },
    handler: (request) => orders.items(request.params.id, request.currentUser!),
  });

  app.get("/orders/:id/receipt.png", {
    config: { permission: "orders.list" },
    schema: { summary: "An order's receipt as a PNG image", params: idParam },
    handler: async (request, reply) => {
      const detail = await orders.detail(request.params.id, request.currentUser!);
      const name = `pedido-${detail.order_id}-${detail.client_name}`.replace(/[^\p{L}\p{N}-]+/gu, "-");
      return reply
        .type("image/png")
        .header(
          "content-disposition",
          `attachment; filename="${encodeURIComponent(name)}.png"; filename*=UTF-8''${encodeURIComponent(name)}.png`,
        )
        .send(await renderReceipt(detail));
    },
  });

  app.get("/get_times_shipping/", {
    config: { permission: "orders.list" },
    schema: { summary: "Delivery slots", response: { 200: z.array(TimeSlot) } },
    handler: () => orders.timeSlots(),
  });

  app.get("/get-pay-methods-jwt/", {
    config: { permission: "orders.list" },
    schema: { summary: "Payment methods", response: { 200: z.array(PayMethod) } },
    handler: () => orders.payMethods(),
  });
};
