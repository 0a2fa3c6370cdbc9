/**
 * Courier: the Cadete's phone and the office's view of couriers.
 * - The phone (phone-service.ts composes): the day's route; stop-marks.ts Entregado (proof, cash,
 *   temperature) and No entregado; undo-mark.ts a mark taken back; position.ts the GPS fix.
 * - The office (office-service.ts): the route sheet, the dispatch board's columns, links, and
 *   `cash` ('Caja de cadetes', SQL `cashStopRows` in repository.ts).
 * - proof-photos.ts: the delivery photos; stop-view.ts: how a stop reads on phone and sheet.
 *
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/courier/0020-cadete-group.md
 * - docs/decisions/courier/0030-courier-cash.md
 * - docs/decisions/courier/0032-courier-events.md
 * - docs/decisions/courier/0033-courier-phone-shows-today.md
 * - docs/decisions/courier/0034-courier-position.md
 * - docs/decisions/courier/0095-proof-photos.md
 * - docs/decisions/courier/0138-undo-courier-marks.md
 * - docs/decisions/courier/0162-cold-chain-at-delivery.md
 */
import { createReadStream, existsSync } from "node:fs";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isoDate } from "@domain/contracts/dates";
import { text } from "@domain/contracts/text";
import { BoardQuery } from "@domain/contracts/boards";
import {
  CashReport,
  COURIER_MESSAGES,
  CourierColumns,
  CourierDayQuery,
  CourierRoute,
  DeliveredRequest,
  LinkCourierRequest,
  NotDeliveredRequest,
  PositionRequest,
  StopIdParam,
  RouteSheet,
  RouteSheetQuery,
  UndoMarkRequest,
} from "@domain/contracts/courier";
import { todayInBuenosAires } from "@domain/calendar";
import { NotFound } from "../../errors";
import type { CourierService } from "./service";
import { acceptUploads, readForm } from "../../plugins/uploads";

const Done = z.object({ success: z.literal(true), message: text() });
const CashQuery = z.object({ from: isoDate().optional(), to: isoDate().optional() });

export const courierRoutes: FastifyPluginAsyncZod<{ courier: CourierService }> = async (app, { courier }) => {
  await acceptUploads(app);
  app.get("/courier/route/", {
    config: { permission: "courier.work" },
    schema: {
      summary: "The signed-in courier's stops in driving order",
      querystring: CourierDayQuery,
      response: { 200: CourierRoute },
    },
    handler: (request) => courier.route(request.currentUser!, request.query.delivery_date),
  });

  // Multipart when a photo goes along (fields order_id, amount_received, file photo); JSON otherwise.
  app.post("/courier/delivered/", {
    config: { permission: "courier.work" },
    schema: {
      summary: "Mark a stop delivered, with cash received and an optional photo (multipart)",
      response: { 200: Done },
    },
    handler: async (request) => {
      let fields: unknown = request.body ?? {};
      let photo: Buffer | null = null;
      if (request.isMultipart()) ({ fields, file: photo } = await readForm(request, "photo"));
      return courier.delivered(request.currentUser!, DeliveredRequest.parse(fields), photo);
    },
  });

  app.post("/courier/not-delivered/", {
    config: { permission: "courier.work" },
    schema: { summary: "Mark a stop not delivered, with a reason", body: NotDeliveredRequest, response: { 200: Done } },
    handler: (request) => courier.notDelivered(request.currentUser!, request.body),
  });

  // The courier's own mark, within 5 minutes; the office's route below undoes any mark of the day.
  app.post("/courier/undo/", {
    config: { permission: "courier.work" },
    schema: {
      summary: "Undo the courier's own last mark on a stop (within 5 minutes)",
      body: UndoMarkRequest,
      response: { 200: Done },
    },
    handler: (request) => courier.undo(request.currentUser!, request.body.order_id),
  });

  app.post("/dispatch/undo/", {
    config: { permission: "dispatch.work" },
    schema: {
      summary: "Undo a courier's mark on a stop (the same day)",
      body: UndoMarkRequest,
      response: { 200: Done },
    },
    handler: (request) => courier.undo(request.currentUser!, request.body.order_id),
  });

  app.post("/courier/position/", {
    config: { permission: "courier.work" },
    schema: {
      summary: "Report the courier's position",
      body: PositionRequest,
      response: { 200: z.object({ success: z.literal(true), stored: z.boolean() }) },
    },
    handler: (request) => courier.position(request.currentUser!, request.body),
  });

  // Read with the bearer token (the web turns it into an object URL): never a public file.
  app.get("/courier/stops/:id/photo", {
    config: { permission: "courier.photo" },
    schema: { summary: "A delivery's proof photo", params: StopIdParam },
    handler: async (request, reply) => {
      const path = await courier.photo(request.currentUser!, request.params.id);
      if (!existsSync(path)) throw new NotFound(COURIER_MESSAGES.photo);
      return reply.type("image/webp").header("cache-control", "private, no-store").send(createReadStream(path));
    },
  });

  app.get("/courier/cash/", {
    config: { permission: "courier.cash" },
    schema: { summary: "Cash collected per courier", querystring: CashQuery, response: { 200: CashReport } },
    handler: (request) => {
      const today = todayInBuenosAires();
      return courier.cash(
        request.query.from ?? request.query.to ?? today,
        request.query.to ?? request.query.from ?? today,
      );
    },
  });

  app.get("/dispatch/couriers/", {
    config: { permission: "dispatch.work" },
    schema: {
      summary: "Courier columns and the Cadete linked to each",
      querystring: BoardQuery,
      response: { 200: CourierColumns },
    },
    handler: (request) => courier.columns(request.query.delivery_date),
  });

  app.get("/dispatch/route-sheet/", {
    config: { permission: "dispatch.work" },
    schema: {
      summary: "A sent column's route sheet: pending stops in driving order and cash to collect",
      querystring: RouteSheetQuery,
      response: { 200: RouteSheet },
    },
    handler: (request) => courier.routeSheet(request.query.column, request.query.delivery_date),
  });

  app.post("/dispatch/couriers/", {
    config: { permission: "dispatch.work" },
    schema: { summary: "Link a Cadete to a courier column", body: LinkCourierRequest, response: { 200: Done } },
    handler: (request) => courier.link(request.currentUser!, request.body.column, request.body.user_id),
  });
};
