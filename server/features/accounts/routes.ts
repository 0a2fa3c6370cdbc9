import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AccountQuery,
  ClientAccount,
  DebtorsQuery,
  DebtorsResponse,
  PaymentParams,
  PaymentRequest,
  PaymentSaved,
  PaymentVoided,
} from "@domain/contracts/accounts";
import { idParam } from "@domain/contracts/catalog-common";
import { IdempotencyHeaders } from "@domain/contracts/idempotency";
import type { AccountsService } from "./service";

export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  app.get("/clients/:id/account/", {
    config: { permission: "accounts.read" },
    schema: {
      summary: "A client's account: balance, credit, and its movements newest first with the running balance",
      params: idParam,
      querystring: AccountQuery,
      response: { 200: ClientAccount },
    },
    handler: (request) => accounts.account(request.params.id, request.query),
  });

  app.post("/clients/:id/payments/", {
    config: { permission: "accounts.pay" },
    schema: {
      summary: "Record a payment at the office (idempotent by Idempotency-Key)",
      params: idParam,
      headers: IdempotencyHeaders,
      body: PaymentRequest,
      response: { 201: PaymentSaved },
    },
    handler: async (request, reply) => {
      const saved = await accounts.pay(
        request.params.id,
        request.body,
        request.currentUser!,
        request.headers["idempotency-key"] ?? null,
      );
      return reply.code(201).send(saved);
    },
  });

  app.post("/clients/:id/payments/:pid/void/", {
    config: { permission: "accounts.manage" },
    schema: {
      summary: "Void an office payment with a reversing movement",
      params: PaymentParams,
      response: { 200: PaymentVoided },
    },
    handler: (request) => accounts.voidPayment(request.params.id, request.params.pid, request.currentUser!),
  });

  app.get("/accounts/", {
    config: { permission: "accounts.manage" },
    schema: {
      summary: "Clients that owe, oldest debt first, with aging",
      querystring: DebtorsQuery,
      response: { 200: DebtorsResponse },
    },
    handler: (request) => accounts.debtors(request.query),
  });
};
