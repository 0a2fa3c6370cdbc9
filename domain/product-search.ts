/** The wizard's product search (SPEC.md §2 step 2): a name search where promotions come first. */
interface Searchable {
  Name: string;
  is_promotion: boolean;
}

/** Lower case without accents: "Salmón" is found by "salmon". */
const folded = (text: string) => text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

/** Products whose name holds the query, promotions first, then the rest, each group by name. */
export function matchProducts<T extends Searchable>(products: T[], query: string): T[] {
  const wanted = folded(query.trim());
  return products
    .filter((p) => folded(p.Name).includes(wanted))
    .sort((a, b) => Number(b.is_promotion) - Number(a.is_promotion) || a.Name.localeCompare(b.Name, "es"));
}

/** What Enter in the search box adds: the first match of a non-empty query, as the list shows it. */
export const firstMatch = <T extends Searchable>(products: T[], query: string): T | undefined =>
  query.trim() ? matchProducts(products, query)[0] : undefined;
