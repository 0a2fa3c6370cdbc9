/**
 * Home: the greeting's figures. day-figures-repository.ts counts what the boards hold on a day
 * per group; repository.ts the sales figures and chart; service.ts picks them for the user.
 *
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/home/0052-home-figures-read-again-on-events.md
 * - docs/decisions/home/0053-home-sales-chart.md
 * - docs/decisions/home/0054-home-sales-figures.md
 * - docs/decisions/home/0055-home-today-for-other-groups.md
 * - docs/decisions/home/0141-home-tiles-first.md
 * - docs/decisions/home/0155-home-first-paint.md
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DailySales, HomeFigures } from "@domain/contracts/home";
import type { HomeService } from "./service";

export const homeRoutes: FastifyPluginAsyncZod<{ home: HomeService }> = async (app, { home }) => {
  // Every group has a day to show: the service picks the figures of the user's group.
  app.get("/home/figures/", {
    config: { permission: "session.use" },
    schema: { summary: "The signed-in user's home figures for today", response: { 200: HomeFigures } },
    handler: (request) => home.figures(request.currentUser!),
  });

  app.get("/home/sales/", {
    config: { permission: "home.sales" },
    schema: { summary: "Sales per day for the home chart", response: { 200: DailySales } },
    handler: (request) => home.dailySales(request.currentUser!),
  });
};
