import { Alert, Button, Loader } from "@mantine/core";
import { useState } from "react";
import { useParams } from "react-router";
import { formatIsoDate } from "@domain/calendar";
import { formatKilos, toGrams } from "@domain/money";
import { saveFile } from "../../api/save-file";
import { notifyFailure } from "../../components/notify";
import { PrintPage, usePaper } from "../../components/print-page";
import { downloadLotTrace } from "./api/download-lot-trace";
import { useLotTrace } from "./api/get-lot-trace";

const kilos = (value: string) => formatKilos(toGrams(value));

/** 'Exportar (CSV)' and 'Exportar (Excel)': the trace as a file to send on. */
function ExportButtons({ lotId }: { lotId: number }) {
  const [busy, setBusy] = useState<"csv" | "xlsx" | null>(null);
  async function save(format: "csv" | "xlsx") {
    setBusy(format);
    try {
      const { blob, filename } = await downloadLotTrace(lotId, format);
      saveFile(blob, filename);
    } catch (failure) {
      notifyFailure(failure, "No se pudo exportar el lote.");
    } finally {
      setBusy(null);
    }
  }
  return (
    <>
      <Button variant="default" loading={busy === "csv"} disabled={!!busy} onClick={() => save("csv")}>
        Exportar (CSV)
      </Button>
      <Button variant="default" loading={busy === "xlsx"} disabled={!!busy} onClick={() => save("xlsx")}>
        Exportar (Excel)
      </Button>
    </>
  );
}

/**
 * /lotes/:lotId — a lot's recall list (issue 42): the lot, and every order that took it with
 * the client, phone, delivery date, kilograms and status; printed on the print page's paper,
 * exported by the server as a spreadsheet file (CSV or xlsx).
 */
export function LotTracePage() {
  const lotId = Number(useParams().lotId);
  const valid = Number.isSafeInteger(lotId) && lotId > 0;
  const trace = useLotTrace(valid ? lotId : null);
  const [paper] = usePaper();
  const data = trace.data;
  const lot = data?.lot;
  const taken = data?.deliveries.reduce((sum, d) => sum + toGrams(d.quantity), 0) ?? 0;
  return (
    <PrintPage
      title={lot ? `Trazabilidad del lote ${lot.code}` : "Trazabilidad de un lote"}
      back={lot ? `/products/${lot.product_id}/lotes` : "/products"}
      actions={valid && <ExportButtons lotId={lotId} />}
    >
      {trace.isLoading && <Loader aria-label="Cargando el lote" />}
      {(trace.isError || !valid) && <Alert color="red">No se pudo cargar el lote.</Alert>}
      {data && lot && (
        <>
          <h1>Trazabilidad · Lote {lot.code}</h1>
          <dl>
            <dt>Producto</dt>
            <dd>{lot.product_name}</dd>
            <dt>Vencimiento</dt>
            <dd>
              {formatIsoDate(lot.expiry)}
              {lot.expired ? " (vencido)" : ""}
            </dd>
            <dt>Ingresado</dt>
            <dd>{kilos(lot.received)}</dd>
            <dt>Entregado</dt>
            <dd>
              {formatKilos(taken)} en {data.deliveries.length === 1 ? "1 pedido" : `${data.deliveries.length} pedidos`}
            </dd>
            <dt>Queda</dt>
            <dd>{kilos(lot.remaining)}</dd>
          </dl>
          {data.deliveries.length === 0 && <p>Ningún pedido tomó este lote.</p>}
          {data.deliveries.length > 0 && paper === "a4" && (
            <table aria-label="Pedidos que tomaron el lote">
              <thead>
                <tr>
                  <th>Pedido</th>
                  <th>Cliente</th>
                  <th>Teléfono</th>
                  <th>Entrega</th>
                  <th className="num">Kilos</th>
                  <th>Estado</th>
                </tr>
              </thead>
              <tbody>
                {data.deliveries.map((d) => (
                  <tr key={d.order_id}>
                    <td className="keep">#{d.order_id}</td>
                    <td>{d.client_name}</td>
                    <td className="keep">{d.client_phone || "-"}</td>
                    <td className="keep">{formatIsoDate(d.delivery_date)}</td>
                    <td className="num">{kilos(d.quantity)}</td>
                    <td>{d.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {data.deliveries.length > 0 &&
            paper === "80mm" &&
            data.deliveries.map((d) => (
              <div className="line" key={d.order_id} data-testid="trace-delivery">
                <div className="split">
                  <b>
                    #{d.order_id} {d.client_name}
                  </b>
                  <span className="num">{kilos(d.quantity)}</span>
                </div>
                <div>Tel. {d.client_phone || "-"}</div>
                <div className="split">
                  <span>Entrega {formatIsoDate(d.delivery_date)}</span>
                  <span>{d.status}</span>
                </div>
              </div>
            ))}
        </>
      )}
    </PrintPage>
  );
}
