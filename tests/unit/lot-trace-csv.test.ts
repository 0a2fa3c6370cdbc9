import { describe, expect, it } from "vitest";
import type { LotTrace } from "../../domain/contracts/lots";
import { lotTraceCsv, lotTraceFilename } from "../../domain/lot-trace-csv";

const trace: LotTrace = {
  lot: {
    id: 7,
    product_id: 3,
    product_name: "Merluza en filet",
    code: "L-42",
    expiry: "2026-12-31",
    received: "40.000",
    remaining: "27.500",
    expired: false,
  },
  deliveries: [
    {
      order_id: 12,
      client_id: 4,
      client_name: 'Almacén "Don Tito"',
      client_phone: "011 4253-1234",
      delivery_date: "2026-11-28",
      quantity: "12.500",
      status: "Entregado",
      status_id: 6,
    },
    {
      order_id: 15,
      client_id: 5,
      client_name: "=HYPERLINK(1)",
      client_phone: null,
      delivery_date: "2026-11-29",
      quantity: "0.250",
      status: "Armado",
      status_id: 3,
    },
  ],
};

describe("a lot's trace as a spreadsheet file", () => {
  it("writes one es-AR row per order, naming the product and the lot, with a BOM and CRLF", () => {
    expect(lotTraceCsv(trace).split("\r\n")).toEqual([
      '\uFEFF"Producto";"Lote";"Vencimiento";"Pedido";"Cliente";"Teléfono";"Fecha de entrega";"Kilos";"Estado"',
      '"Merluza en filet";"L-42";31/12/2026;12;"Almacén ""Don Tito""";"011 4253-1234";28/11/2026;12,500;"Entregado"',
      // A client's name a spreadsheet would run is neutralised; no phone is an empty cell.
      `"Merluza en filet";"L-42";31/12/2026;15;"'=HYPERLINK(1)";;29/11/2026;0,250;"Armado"`,
      "",
    ]);
  });

  it("writes the header alone for a lot nobody took, and names the file by the lot", () => {
    expect(lotTraceCsv({ ...trace, deliveries: [] }).split("\r\n")).toHaveLength(2);
    expect(lotTraceFilename("L-42")).toBe("lote-L-42.csv");
    expect(lotTraceFilename("A/7 ñ")).toBe("lote-A_7_ñ.csv");
  });
});
