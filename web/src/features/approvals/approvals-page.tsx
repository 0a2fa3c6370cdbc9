import { Alert, Button, Loader, Paper, Title } from "@mantine/core";
import { useState } from "react";
import { Confirm } from "../../components/confirm";
import { notifySuccess, notifyFailure } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { RecordTable } from "../../components/record-table";
import { useDecideUser, type UserDecision } from "./api/decide-user";
import { useApprovals } from "./api/get-approvals";

interface PendingAction {
  message: string;
  failure: string;
  decision: UserDecision;
}

export function ApprovalsPage() {
  const approvals = useApprovals();
  const decide = useDecideUser();
  const [action, setAction] = useState<PendingAction | null>(null);

  async function confirm() {
    if (!action) return;
    try {
      await decide.mutateAsync(action.decision);
      notifySuccess("Operación realizada con éxito.");
    } catch (failure) {
      notifyFailure(failure, action.failure);
    } finally {
      setAction(null);
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
                  onClick={() =>
                    setAction({
                      message: `¿Desactivar a ${user.username}?`,
                      failure: "No se pudo desactivar",
                      decision: { kind: "deactivate", userId: user.id },
                    })
                  }
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
                  onClick={() =>
                    setAction({
                      message: `¿Aprobar a ${request.username}?`,
                      failure: "No se pudo aprobar",
                      decision: { kind: "approve", requestId: request.id },
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
                    setAction({
                      message: `¿Denegar la solicitud de ${request.username}?`,
                      failure: "No se pudo denegar",
                      decision: { kind: "deny", requestId: request.id },
                    })
                  }
                >
                  Denegar
                </Button>
              ),
            },
          ]}
        />
      </Paper>
      <Confirm
        opened={!!action}
        message={action?.message ?? ""}
        loading={decide.isPending}
        onConfirm={confirm}
        onCancel={() => setAction(null)}
      />
    </>
  );
}
