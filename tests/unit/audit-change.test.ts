import { describe, expect, it } from "vitest";
import { describeChange } from "@domain/audit-change";

// es-AR puts a no-break space after the peso sign.
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("an audit row's before and after, as a person reads them", () => {
  it("prints money in pesos with centavos, es-AR", () => {
    expect(plain(describeChange({ name: "Pollo", price: "1500.00" }))).toBe("nombre: Pollo · precio: $ 1.500,00");
    expect(plain(describeChange({ name: "Zona Sur", price: "999.5" }))).toBe("nombre: Zona Sur · precio: $ 999,50");
  });

  it("prints stock and freezer lines with their unit", () => {
    expect(describeChange({ name: "Pollo", quantity: "12.500" })).toBe("nombre: Pollo · stock: 12,5 kg");
    expect(
      describeChange({
        has_virtual_freezer: true,
        items: [
          { product_id: 4, quantity: "40.000", type: "KG" },
          { product_id: 5, quantity: "3.000", type: "UN" },
        ],
      }),
    ).toBe("freezer: sí · productos: #4 40 kg, #5 3 u.");
  });

  it("names groups and other fields in Spanish", () => {
    expect(describeChange({ username: "ana", group: "Vendedor", status: "activo" })).toBe(
      "usuario: ana · grupo: Vendedor · estado: activo",
    );
    expect(describeChange({ is_active: false })).toBe("activo: no");
    expect(describeChange(null)).toBe("—");
  });

  it("prints commission rates, exports and backups (issue 39, item 11)", () => {
    expect(describeChange({ rate_percent: 7.5, includes_shipping: true })).toBe("comisión: 7,5 % · incluye envío: sí");
    expect(describeChange({ table: "Orders", format: "csv", start_id: 3, end_id: null })).toBe(
      "tabla: Orders · formato: csv · desde id: 3 · hasta id: —",
    );
    expect(describeChange({ filename: "frio-20261127-200000.dump", bytes: 3_250_000 })).toBe(
      "archivo: frio-20261127-200000.dump · tamaño: 3,1 MB",
    );
  });
});
