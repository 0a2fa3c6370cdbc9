import { Alert, Anchor, Group, Loader, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { formatIsoDate } from "@domain/calendar";
import type { DebtorsResponse } from "@domain/contracts/accounts";
import { PagedRecordTable } from "../../components/list-pager";
import type { RecordColumn } from "../../components/record-table";
import { PageTitle } from "../../components/page-title";
import { DEBTORS_PAGE_SIZE, useDebtors } from "./api/get-debtors";
import { money } from "./money";

type Debtor = DebtorsResponse["results"][number];

const amount = (value: string) => <span style={{ whiteSpace: "nowrap" }}>{money(value)}</span>;

const COLUMNS: RecordColumn<Debtor>[] = [
  {
    header: "Cliente",
    title: true,
    cell: (d) => (
      <Anchor component={Link} to={`/cuentas/${d.client_id}`} fw={700}>
        {d.client_name}
      </Anchor>
    ),
  },
  { header: "Saldo", cell: (d) => amount(d.balance) },
  { header: "Deuda más antigua", cell: (d) => (d.oldest_debt_date ? formatIsoDate(d.oldest_debt_date) : "-") },
  { header: "0–30 días", cell: (d) => amount(d.aging.d0_30) },
  { header: "31–60 días", cell: (d) => amount(d.aging.d31_60) },
  { header: "61+ días", cell: (d) => amount(d.aging.d61_plus) },
];

/** /cuentas (Admin): who owes, oldest debt first, with what they owe by its age. */
export function DebtorsPage() {
  const [page, setPage] = useState(1);
  const debtors = useDebtors(page);
  return (
    <>
      <PageTitle>Cuentas</PageTitle>
      {debtors.isError && <Alert color="red">No se pudieron cargar las cuentas.</Alert>}
      {!debtors.data && !debtors.isError && <Loader aria-label="Cargando las cuentas" />}
      {debtors.data && (
        <>
          <Group gap="xs" mb="xs">
            <Text>Total adeudado:</Text>
            <Text fw={700} data-testid="total-owed">
              {money(debtors.data.total_owed)}
            </Text>
          </Group>
          <PagedRecordTable
            label="Clientes con saldo"
            rows={debtors.data.results}
            columns={COLUMNS}
            rowKey={(d) => d.client_id}
            count={debtors.data.count}
            pageSize={DEBTORS_PAGE_SIZE}
            page={page}
            onPage={setPage}
          />
        </>
      )}
    </>
  );
}
