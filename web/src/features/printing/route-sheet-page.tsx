import { Alert, Loader } from "@mantine/core";
import { useParams, useSearchParams } from "react-router";
import { formatIsoDate, todayInBuenosAires } from "@domain/calendar";
import { courierName } from "@domain/contracts/boards";
import { formatCelsius } from "@domain/cold-chain";
import { formatMoney, toCentavos } from "@domain/money";
import { PrintedOrderLots } from "../lots";
import { useRouteSheet } from "./api/get-route-sheet";
import { PrintPage, usePaper } from "../../components/print-page";

const money = (value: string) => formatMoney(toCentavos(value));

/** /imprimir/ruta/:column — a sent column's stops in driving order, to hand the courier on paper. */
export function RouteSheetPage() {
  const column = Number(useParams().column);
  const [params] = useSearchParams();
  const date = params.get("fecha") || todayInBuenosAires();
  const sheet = useRouteSheet(column, date);
  const [paper] = usePaper();
  const data = sheet.data;
  const toCollect = (cash: boolean, price: string) => (cash ? money(price) : "no se cobra");
  return (
    <PrintPage title={`Hoja de ruta de ${courierName(column)}`} back="/admin/dispatch">
      {sheet.isLoading && <Loader />}
      {sheet.isError && <Alert color="red">No se pudo cargar la hoja de ruta.</Alert>}
      {data && (
        <>
          <h1>Hoja de ruta · {courierName(column)}</h1>
          <dl>
            <dt>Cadete</dt>
            <dd>{data.courier ?? "Sin cadete vinculado"}</dd>
            <dt>Fecha</dt>
            <dd>{formatIsoDate(data.delivery_date)}</dd>
            <dt>Paradas</dt>
            <dd>{data.stops.length}</dd>
            {data.cold_chain.required && (
              <>
                <dt>Cadena de frío</dt>
                <dd>anotar la temperatura al entregar (máximo {formatCelsius(data.cold_chain.max_c)})</dd>
              </>
            )}
          </dl>
          {data.stops.length === 0 && <p>No hay paradas en reparto en esta columna.</p>}
          {data.stops.length > 0 && paper === "a4" && (
            <table aria-label="Paradas">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Pedido</th>
                  <th>Cliente</th>
                  <th>Dirección</th>
                  <th>Teléfono</th>
                  <th>Pago</th>
                  <th className="num">A cobrar</th>
                  {data.cold_chain.required && <th>Temp. (°C)</th>}
                </tr>
              </thead>
              <tbody>
                {data.stops.map((stop) => (
                  <tr key={stop.stop_id}>
                    <td className="keep">{stop.position}</td>
                    <td className="keep">#{stop.order_id}</td>
                    <td>{stop.client_name}</td>
                    <td>
                      {[stop.address, stop.city].filter(Boolean).join(", ")}
                      {stop.time_slot ? ` · ${stop.time_slot}` : ""}
                      {stop.notes ? ` · Notas: ${stop.notes}` : ""}
                      <PrintedOrderLots lots={stop.lots} />
                    </td>
                    <td className="keep">{stop.phone ?? "-"}</td>
                    <td>{stop.pay_method ?? "-"}</td>
                    <td className="num">{toCollect(stop.is_cash, stop.Final_Price)}</td>
                    {data.cold_chain.required && <td />}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {data.stops.length > 0 &&
            paper === "80mm" &&
            data.stops.map((stop) => (
              <div className="line" key={stop.stop_id} data-testid="route-sheet-stop">
                <div className="split">
                  <b>
                    {stop.position}. #{stop.order_id} {stop.client_name}
                  </b>
                </div>
                <div>{[stop.address, stop.city].filter(Boolean).join(", ")}</div>
                {stop.phone && <div>Tel. {stop.phone}</div>}
                {stop.notes && <div>Notas: {stop.notes}</div>}
                <PrintedOrderLots lots={stop.lots} />
                {data.cold_chain.required && <div>Temp.: ________ °C</div>}
                <div className="split">
                  <span>{stop.pay_method ?? "-"}</span>
                  <span className="num">{toCollect(stop.is_cash, stop.Final_Price)}</span>
                </div>
              </div>
            ))}
          <table className="totals" aria-label="Totales">
            <tbody>
              <tr className="total">
                <th>Total a cobrar en efectivo</th>
                <td className="num" data-testid="route-sheet-total">
                  {money(data.to_collect)}
                </td>
              </tr>
            </tbody>
          </table>
          <p className="signature">Firma del cadete</p>
        </>
      )}
    </PrintPage>
  );
}
