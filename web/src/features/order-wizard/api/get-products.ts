import { queryOptions, useQuery } from "@tanstack/react-query";
import { ProductListResponse, type Product } from "@domain/contracts/products";
import { withProductChange } from "@domain/live-stock";
import { get } from "../../../api/http";
import { useProductChanges } from "../../../api/product-changes";
import { wizardKeys } from "./keys";

/** The most products the list answers at once (domain/contracts/products.ts). */
const PAGE = 1000;

/**
 * The whole catalogue, a page after another: a catalogue past one page (2,000 products is a
 * distributor's size) must be searchable in the wizard, and kept whole on the phone for offline.
 */
async function getWizardProducts(search: string) {
  const rows = new Map<number, Product>();
  for (let offset = 0; ; offset += PAGE) {
    const query = new URLSearchParams({ search, limit: String(PAGE), offset: String(offset) });
    const page = ProductListResponse.parse(await get(`/products/?${query}`)).results;
    // A product renamed between two pages may come twice: it is one product.
    for (const product of page) rows.set(product.PK_Products, product);
    if (page.length < PAGE) return [...rows.values()];
  }
}

const wizardProductsOptions = (search: string) =>
  queryOptions({ queryKey: wizardKeys.productSearch(search), queryFn: () => getWizardProducts(search) });

/**
 * The catalogue the products and confirm steps price and check the cart against, live:
 * each product event rewrites that product's quantity, or its whole row (a new price), in
 * place, with no request.
 */
export function useWizardProducts(search: string) {
  useProductChanges((change, client) =>
    client.setQueriesData<Product[]>(
      { queryKey: wizardKeys.products },
      (rows) => rows && withProductChange(rows, change),
    ),
  );
  return useQuery(wizardProductsOptions(search));
}
