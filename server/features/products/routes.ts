import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@domain/contracts/text";
import { idParam } from "@domain/contracts/catalog-common";
import {
  CreateProductRequest,
  MainProduct,
  MainProductsQuery,
  Product,
  ProductListQuery,
  ProductListResponse,
  ProductSaved,
  ProductUpdateBody,
  parseProductUpdate,
  StockUpdateRequest,
} from "@domain/contracts/products";
import type { ProductsService } from "./service";

const Deleted = z.object({ success: z.literal(true), message: text() });

export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (app, { products }) => {
  app.get("/products/", {
    config: { permission: "catalog.read" },
    schema: {
      summary: "Search and page through products and promotions",
      querystring: ProductListQuery,
      response: { 200: ProductListResponse },
    },
    handler: (request) => products.list(request.query),
  });

  app.get("/products/:id/details/", {
    config: { permission: "catalog.read" },
    schema: { summary: "One product or promotion with its components", params: idParam, response: { 200: Product } },
    handler: (request) => products.details(request.params.id),
  });

  app.post("/products/create/", {
    config: { permission: "catalog.write" },
    schema: { summary: "Create a product or a promotion", body: CreateProductRequest, response: { 200: ProductSaved } },
    handler: (request) => products.create(request.body),
  });

  app.post("/products/update/:id/", {
    config: { permission: "catalog.write" },
    schema: {
      summary: "Update a product or a promotion",
      params: idParam,
      body: ProductUpdateBody,
      response: { 200: ProductSaved },
    },
    handler: (request) => products.update(request.params.id, parseProductUpdate(request.body), request.currentUser!.id),
  });

  app.post("/products/delete/:id/", {
    config: { permission: "catalog.write" },
    schema: { summary: "Delete a product (kept for history, off sale)", params: idParam, response: { 200: Deleted } },
    handler: (request) => products.remove(request.params.id, request.currentUser!.id),
  });

  app.get("/main_products/", {
    config: { permission: "catalog.read" },
    schema: {
      summary: "Main products, for claims and promotions",
      querystring: MainProductsQuery,
      response: { 200: z.array(MainProduct) },
    },
    handler: (request) => products.mainProducts(request.query.include_all === "true"),
  });

  app.patch("/product/:id/update/", {
    config: { permission: "catalog.write" },
    schema: {
      summary: "Change a product's stock by hand (audited)",
      params: idParam,
      body: StockUpdateRequest,
      response: { 200: ProductSaved },
    },
    handler: (request) => products.updateStock(request.params.id, request.body.Quantity, request.currentUser!.id),
  });
};
