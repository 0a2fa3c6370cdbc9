/**
 * The client search on the phone's kept directory (issue 38): what the server's search
 * (/clients_list/) finds, found with no signal. Name without accents or case, phone, address,
 * or the client's id; sorted by name as the server sorts them; 20 at most (SPEC.md §9).
 */
import type { DirectoryClient } from "./contracts/client-directory";
import { normalizeSearch } from "./text";

const DIRECTORY_SEARCH_LIMIT = 20;
/** The seller's recent clients: those whose last order's lines the directory carries. */
export const RECENT_CLIENT_DAYS = 90;

export interface DirectoryIndex {
  rows: DirectoryClient[];
  /** Each row's name, phone and address as searched (normalized), in `rows`' order. */
  searchable: string[];
}

/** Built once per directory read: normalizing 20,000 names on each keystroke took the phone's time. */
export function indexDirectory(rows: DirectoryClient[]): DirectoryIndex {
  const sorted = [...rows].sort((a, b) => compareNames(a[1], b[1]) || a[0] - b[0]);
  return { rows: sorted, searchable: sorted.map((r) => `${normalizeSearch(r[1])}\n${r[2]}\n${normalizeSearch(r[3])}`) };
}

const compareNames = (a: string, b: string) => {
  const x = normalizeSearch(a);
  const y = normalizeSearch(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

export function searchDirectory(index: DirectoryIndex, search: string, limit = DIRECTORY_SEARCH_LIMIT) {
  const term = normalizeSearch(search);
  const id = /^\d+$/.test(term) ? Number(term) : null;
  const found: DirectoryClient[] = [];
  for (let i = 0; i < index.rows.length && found.length < limit; i++) {
    const row = index.rows[i]!;
    if (!term || row[0] === id || index.searchable[i]!.includes(term)) found.push(row);
  }
  return found;
}
