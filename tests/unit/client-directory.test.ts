import { describe, expect, it } from "vitest";
import { directoryEntry, type DirectoryClient } from "@domain/contracts/client-directory";
import { indexDirectory, searchDirectory } from "@domain/client-directory";

const row = (id: number, name: string, phone = "11 4000-0000", address = "Mitre 100", flags = 0): DirectoryClient => [
  id,
  name,
  phone,
  address,
  2,
  3,
  flags,
  -34.7,
  -58.2,
  null,
  null,
];

const index = indexDirectory([
  row(3, "Kiosco Gómez"),
  row(1, "Almacén Pérez", "11 5555-1234"),
  row(2, "Despensa López", "11 4000-0000", "Avenida Hipólito Yrigoyen 300"),
  row(44, "Rotisería Ñandú"),
]);
const names = (search: string, limit?: number) => searchDirectory(index, search, limit).map((r) => r[1]);

describe("the client search on the kept directory", () => {
  it("finds by name without accents or case, sorted by name", () => {
    expect(names("GOMEZ")).toEqual(["Kiosco Gómez"]);
    expect(names("ñandu")).toEqual(["Rotisería Ñandú"]);
    expect(names("")).toEqual(["Almacén Pérez", "Despensa López", "Kiosco Gómez", "Rotisería Ñandú"]);
  });

  it("finds by phone, address and id, and stops at the limit", () => {
    expect(names("5555")).toEqual(["Almacén Pérez"]);
    expect(names("hipolito")).toEqual(["Despensa López"]);
    expect(names("44")).toEqual(["Rotisería Ñandú"]);
    expect(names("", 2)).toHaveLength(2);
    expect(names("zzz")).toEqual([]);
  });

  it("reads a row's flags", () => {
    expect(directoryEntry(row(1, "A B", "1", "x", 3))).toMatchObject({ virtualFreezer: true, riskZone: true });
    expect(directoryEntry(row(1, "A B", "1", "x", 2))).toMatchObject({ virtualFreezer: false, riskZone: true });
  });
});
