import { Button } from "@mantine/core";
import type { ApprovalsResponse } from "@domain/contracts/users";
import { PagedRecordTable } from "../../components/list-pager";
import { useDecideUser, type UserDecision } from "./api/decide-user";
import { APPROVALS_PAGE_SIZE } from "./api/get-approvals";
import type { PendingAction } from "./pending-action";

type Request = ApprovalsResponse["registration_requests"][number];

interface PendingRequestsTableProps {
  requests: Request[];
  count: number | undefined;
  page: number;
  onPage(page: number): void;
  ask(action: PendingAction): void;
}

/** 'Usuarios Pendientes', a page at a time: each request approved or denied, confirmed first. */
export function PendingRequestsTable({ requests, count, page, onPage, ask }: PendingRequestsTableProps) {
  const decide = useDecideUser();
  const askDecision = (message: string, failure: string, chosen: UserDecision) =>
    ask({ message, failure, success: "Operación realizada con éxito.", run: () => decide.mutateAsync(chosen) });

  return (
    <PagedRecordTable
      count={count}
      pageSize={APPROVALS_PAGE_SIZE}
      page={page}
      onPage={onPage}
      label="Usuarios Pendientes"
      rows={requests}
      rowKey={(request) => request.id}
      columns={[
        { header: "Nombre", cell: (request) => request.username, title: true },
        { header: "Email", cell: (request) => request.email },
        { header: "Grupo", cell: (request) => request.group },
        {
          header: "Aprobar",
          cell: (request) => (
            <Button
              size="xs"
              aria-label={`Aprobar ${request.username}`}
              onClick={() =>
                askDecision(`¿Aprobar a ${request.username}?`, "No se pudo aprobar", {
                  kind: "approve",
                  requestId: request.id,
                })
              }
            >
              Aprobar
            </Button>
          ),
        },
        {
          header: "Denegar",
          cell: (request) => (
            <Button
              size="xs"
              color="red"
              variant="light"
              aria-label={`Denegar ${request.username}`}
              onClick={() =>
                askDecision(`¿Denegar la solicitud de ${request.username}?`, "No se pudo denegar", {
                  kind: "deny",
                  requestId: request.id,
                })
              }
            >
              Denegar
            </Button>
          ),
        },
      ]}
    />
  );
}
