import { Alert, Loader } from "@mantine/core";
import { useParams } from "react-router";
import { formatIsoDate, todayInBuenosAires } from "@domain/calendar";
import { PrintPage, usePaper } from "../../components/print-page";
import { useClientAccount } from "./api/get-account";
import { money } from "./money";
import { movementLabel } from "./movements";

/** The newest movements a statement shows: a month or two of a busy client, on a page or two of A4. */
const STATEMENT_MOVEMENTS = 60;

/** /imprimir/cuenta/:clientId — a client's statement, on A4 or an 80 mm roll. */
export function StatementPage() {
  const clientId = Number(useParams().clientId);
  const valid = Number.isSafeInteger(clientId) && clientId > 0;
  const account = useClientAccount(valid ? clientId : 0, 1, STATEMENT_MOVEMENTS);
  const [paper] = usePaper();
  const data = account.data;
  return (
    <PrintPage title={`Estado de cuenta del cliente #${clientId}`} back={`/cuentas/${clientId}`}>
      {account.isLoading && <Loader />}
      {(account.isError || !valid) && <Alert color="red">No se pudo cargar la cuenta del cliente.</Alert>}
      {data && (
        <>
          <h1>Estado de cuenta</h1>
          <dl>
            <dt>Cliente</dt>
            <dd>{data.client_name}</dd>
            <dt>Fecha</dt>
            <dd>{formatIsoDate(todayInBuenosAires())}</dd>
            <dt>Límite de crédito</dt>
            <dd>{data.credit_limit === null ? "Sin límite" : money(data.credit_limit)}</dd>
            {data.available !== null && (
              <>
                <dt>Disponible</dt>
                <dd>{money(data.available)}</dd>
              </>
            )}
          </dl>
          {paper === "a4" ? (
            <table aria-label="Movimientos">
              <thead>
                <tr>
                  <th>Fecha</th>
                  <th>Movimiento</th>
                  <th>Detalle</th>
                  <th className="num">Importe</th>
                  <th className="num">Saldo</th>
                </tr>
              </thead>
              <tbody>
                {data.movements.map((m) => (
                  <tr key={m.id}>
                    <td className="keep">{formatIsoDate(m.date)}</td>
                    <td>{movementLabel(m)}</td>
                    <td>{m.note || "-"}</td>
                    <td className="num">{money(m.amount)}</td>
                    <td className="num">{money(m.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <section aria-label="Movimientos">
              {data.movements.map((m) => (
                <div className="line" key={m.id} data-testid="statement-line">
                  <div className="split">
                    <span>
                      {formatIsoDate(m.date)} · {movementLabel(m)}
                    </span>
                    <span className="num">{money(m.amount)}</span>
                  </div>
                  <div className="split">
                    <span>{m.note}</span>
                    <span className="num">Saldo {money(m.balance)}</span>
                  </div>
                </div>
              ))}
            </section>
          )}
          {data.count > data.movements.length && (
            <p>
              Se muestran los {data.movements.length} movimientos más recientes de {data.count}.
            </p>
          )}
          <table className="totals" aria-label="Totales">
            <tbody>
              <tr className="total">
                <th>Saldo</th>
                <td className="num" data-testid="statement-balance">
                  {money(data.balance)}
                </td>
              </tr>
            </tbody>
          </table>
        </>
      )}
    </PrintPage>
  );
}
