import { describe, expect, it } from "vitest";
import { describeHistoryEvent } from "@domain/order-history";

describe("an order's history in words", () => {
  it("names a status change by where it came from and went", () => {
    expect(describeHistoryEvent("order.status_changed", { from: 6, status_id: 4 })).toBe("Armado → Enviado");
    expect(describeHistoryEvent("order.status_changed", { from: 1, status_id: 5 })).toBe("Confirmado → Pendiente");
    expect(describeHistoryEvent("order.status_changed", { from: 3, status_id: 4, undo: true })).toBe(
      "Entregado → Enviado (marca del cadete deshecha)",
    );
    // An older event without `from` still says where the order went.
    expect(describeHistoryEvent("order.status_changed", { status_id: 6 })).toBe("Pasó a Armado");
    expect(describeHistoryEvent("order.cancelled", { from: 1, status_id: 2 })).toBe("Confirmado → Cancelado");
  });

  it("names the courier column an order was dragged to", () => {
    expect(describeHistoryEvent("dispatch.assignment_changed", { courier: 2 })).toBe("Asignado a Cadete 2");
    expect(describeHistoryEvent("dispatch.assignment_changed", { courier: 0 })).toBe("Devuelto a Sin asignar");
    expect(describeHistoryEvent("dispatch.assignment_changed", { reset: true })).toBe("Asignaciones reiniciadas");
  });

  it("reads a courier's marks and their undoing, and never shows an event's type", () => {
    expect(describeHistoryEvent("dispatch.stop_updated", { state: "entregado" })).toBe(
      "Marcado Entregado por el cadete",
    );
    expect(describeHistoryEvent("dispatch.stop_updated", { state: "no_entregado", reason: "Cerrado" })).toBe(
      "Marcado No entregado por el cadete: Cerrado",
    );
    expect(describeHistoryEvent("dispatch.stop_undone", { undone: "entregado" })).toBe("Marca Entregado deshecha");
    expect(describeHistoryEvent("order.created", {})).toBe("Pedido confirmado");
    expect(describeHistoryEvent("some.new_type", {})).toBe("Cambio en el pedido");
  });
});
