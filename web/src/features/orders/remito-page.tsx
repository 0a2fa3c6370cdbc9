import { Alert, Loader } from "@mantine/core";
import { useParams } from "react-router";
import { formatIsoDate } from "@domain/calendar";
import { formatMoney, toCentavos } from "@domain/money";
import { lineFigures } from "@domain/remito";
import { PrintedLineLots } from "../lots";
import { useOrder } from "./api/get-order";
import { PrintPage, usePaper } from "../../components/print-page";

const money = (value: string) => formatMoney(toCentavos(value));

/** /imprimir/remito/:orderId — the delivery note of one order, on A4 or an 80 mm roll. */
export function RemitoPage() {
  const orderId = Number(useParams().orderId);
  const order = useOrder(Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null);
  const [paper] = usePaper();
  const detail = order.data;
  return (
    <PrintPage title={`Remito del pedido #${orderId}`} back="/orders">
      {order.isLoading && <Loader />}
      {(order.isError || !Number.isSafeInteger(orderId)) && <Alert color="red">No se pudo cargar el pedido.</Alert>}
      {detail && (
        <>
          <h1>Remito · Pedido #{detail.order_id}</h1>
          <dl>
            <dt>Fecha</dt>
            <dd>
              {formatIsoDate(detail.delivery_date)}
              {detail.shipping_time ? ` · ${detail.shipping_time}` : ""}
            </dd>
            <dt>Cliente</dt>
            <dd>{detail.client_name}</dd>
            <dt>Dirección</dt>
            <dd>{[detail.address, detail.city_name].filter(Boolean).join(", ") || "-"}</dd>
            <dt>Teléfono</dt>
            <dd>{detail.client_phone || "-"}</dd>
            <dt>Vendedor</dt>
            <dd>{detail.seller_name || "-"}</dd>
            <dt>Forma de pago</dt>
            <dd>{detail.payment_method || "-"}</dd>
          </dl>
          {paper === "a4" ? (
            <table aria-label="Productos">
              <thead>
                <tr>
                  <th>Producto</th>
                  <th className="num">Cantidad</th>
                  <th className="num">Peso</th>
                  <th className="num">Precio</th>
                  <th className="num">Subtotal</th>
                </tr>
              </thead>
              <tbody>
                {detail.products.map((line) => {
                  const figures = lineFigures(line);
                  return (
                    <tr key={line.detailed_product_id}>
                      <td>
                        {line.product_name}
                        {line.Virtual_Freezer ? " (freezer virtual)" : ""}
                        <PrintedLineLots line={line} />
                      </td>
                      <td className="num">{figures.quantity}</td>
                      <td className="num">{figures.weight}</td>
                      {/* On a phone's preview 'por kg' may go under the amount; the amount stays whole. */}
                      <td className="num wraps">
                        <span className="keep-always">{figures.priceParts.amount}</span> {figures.priceParts.per}
                      </td>
                      <td className="num">{figures.subtotal}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : (
            <section aria-label="Productos">
              {detail.products.map((line) => (
                <div className="line" key={line.detailed_product_id} data-testid="remito-line">
                  <div>
                    {line.product_name}
                    {line.Virtual_Freezer ? " (freezer virtual)" : ""}
                  </div>
                  <PrintedLineLots line={line} />
                  <div className="split">
                    <span>{lineFigures(line).summary}</span>
                    <span className="num">{lineFigures(line).subtotal}</span>
                  </div>
                </div>
              ))}
            </section>
          )}
          <table className="totals" aria-label="Totales">
            <tbody>
              <tr>
                <th>Envío</th>
                <td className="num">{money(detail.shipping_cost)}</td>
              </tr>
              <tr className="total">
                <th>Total</th>
                <td className="num" data-testid="remito-total">
                  {money(detail.final_price)}
                </td>
              </tr>
            </tbody>
          </table>
          {detail.notes && (
            <p>
              <b>Notas:</b> {detail.notes}
            </p>
          )}
          <p className="signature">Recibí conforme (firma y aclaración)</p>
        </>
      )}
    </PrintPage>
  );
}
