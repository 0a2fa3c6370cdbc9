export interface ProductListParams {
  search: string;
  filter: string;
  page: number;
}

/** Query keys of the products feature, from one place. */
export const productKeys = {
  all: ["products"] as const,
  lists: ["products", "list"] as const,
  list: (params: ProductListParams) => ["products", "list", params] as const,
  detail: (id: number) => ["products", "detail", id] as const,
  main: (includeAll: boolean) => ["products", "main", includeAll] as const,
};
