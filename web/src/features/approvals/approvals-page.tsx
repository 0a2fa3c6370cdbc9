import { Alert, Button, Group, Loader, Paper, Table, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Confirm } from "../../components/confirm";
import { notifyError, notifySuccess } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
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
    } catch {
      notifyError(action.failure);
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
        <Table striped aria-label="Usuarios Activos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nombre</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Grupo</Table.Th>
              <Table.Th>Desactivar</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {active_users.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>{user.username}</Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>{user.groups.join(", ")}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    aria-label={`Desactivar ${user.username}`}
                    onClick={() =>
                      setAction({ message: `¿Desactivar a ${user.username}?`, failure: "No se pudo desactivar", run: () => deactivateUser(user.id) })
                    }
                  >
                    Desactivar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          Usuarios Pendientes
        </Title>
        <Table striped aria-label="Usuarios Pendientes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nombre</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Grupo</Table.Th>
              <Table.Th>Aprobar</Table.Th>
              <Table.Th>Denegar</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {registration_requests.map((request) => (
              <Table.Tr key={request.id}>
                <Table.Td>{request.username}</Table.Td>
                <Table.Td>{request.email}</Table.Td>
                <Table.Td>{request.group}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    aria-label={`Aprobar ${request.username}`}
                    onClick={() =>
                      setAction({ message: `¿Aprobar a ${request.username}?`, failure: "No se pudo aprobar", run: () => approveRequest(request.id) })
                    }
                  >
                    Aprobar
                  </Button>
                </Table.Td>
                <Table.Td>
                  <Group>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      aria-label={`Denegar ${request.username}`}
                      onClick={() =>
                        setAction({ message: `¿Denegar la solicitud de ${request.username}?`, failure: "No se pudo denegar", run: () => denyRequest(request.id) })
                      }
                    >
                      Denegar
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Confirm opened={!!action} message={action?.message ?? ""} loading={busy} onConfirm={confirm} onCancel={() => setAction(null)} />
    </>
  );
}
