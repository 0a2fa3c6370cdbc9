import { Alert, Button, Loader, Paper, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Confirm } from "../../components/confirm";
import { notifyError, notifySuccess, notifyFailure } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { RecordTable } from "../../components/record-table";
import { approvalKeys, approveRequest, deactivateUser, denyRequest, useApprovals } from "./api";

interface PendingAction {
  message: string;
  failure: string;
  run(): Promise<unknown>;
}

export function ApprovalsPage() {
  const approvals = useApprovals();
  const client = useQueryClient();
  const [action, setAction] = useState<PendingAction | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!action) return;
    setBusy(true);
    try {
      await action.run();
      notifySuccess("Operación realizada con éxito.");
    } catch (failure) {
      notifyFailure(failure, action.failure);
    } finally {
      setBusy(false);
      setAction(null);
      await client.invalidateQueries({ queryKey: approvalKeys.all });
    }
  }

  if (approvals.isLoading) return <Loader />;
  if (approvals.isError) return <Alert color="red">Error al cargar datos</Alert>;
  const { active_users = [], registration_requests = [] } = approvals.data ?? {};

  return (
    <>
      <PageTitle>Usuarios</PageTitle>
      <Paper withBorder p="md" mb="lg">
        <Title order={4} mb="sm">
          Usuarios Activos
        </Title>
        <RecordTable
          label="Usuarios Activos"
          rows={active_users}
          rowKey={(user) => user.id}
          columns={[
            { header: "Nombre", cell: (user) => user.username, title: true },
            { header: "Email", cell: (user) => user.email },
            { header: "Grupo", cell: (user) => user.groups.join(", ") },
            {
              header: "Desactivar",
              cell: (user) => (
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  aria-label={`Desactivar ${user.username}`}
                  onClick={() => setAction({ message: `¿Desactivar a ${user.username}?`, failure: "No se pudo desactivar", run: () => deactivateUser(user.id) })}
                >
                  Desactivar
                </Button>
              ),
            },
          ]}
        />
      </Paper>
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          Usuarios Pendientes
        </Title>
        <RecordTable
          label="Usuarios Pendientes"
          rows={registration_requests}
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
                  onClick={() => setAction({ message: `¿Aprobar a ${request.username}?`, failure: "No se pudo aprobar", run: () => approveRequest(request.id) })}
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
                  onClick={() => setAction({ message: `¿Denegar la solicitud de ${request.username}?`, failure: "No se pudo denegar", run: () => denyRequest(request.id) })}
                >
                  Denegar
                </Button>
              ),
            },
          ]}
        />
      </Paper>
      <Confirm opened={!!action} message={action?.message ?? ""} loading={busy} onConfirm={confirm} onCancel={() => setAction(null)} />
    </>
  );
}
