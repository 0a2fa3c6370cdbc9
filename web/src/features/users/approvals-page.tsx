import {
  Alert,
  Button,
  CopyButton,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState, type ReactNode } from "react";
import type { ActiveUser } from "../../../../domain/contracts/users";
import { ADMIN_GROUP } from "../../../../domain/permissions";
import { userChangeRefusal, type UserChange } from "../../../../domain/user-admin";
import { useCurrentUser } from "../../api/session";
import { Confirm } from "../../components/confirm";
import { notifySuccess, notifyFailure } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { PagedRecordTable } from "../../components/list-pager";
import { RecordTable } from "../../components/record-table";
import { useChangeGroup } from "./api/change-group";
import { useDecideUser, type UserDecision } from "./api/decide-user";
import { APPROVALS_PAGE_SIZE, useApprovals } from "./api/get-approvals";
import { useResetPassword } from "./api/reset-password";

interface PendingAction {
  message: string;
  failure: string;
  run(): Promise<unknown>;
  success: string;
}

/** A control the rules forbid for this user: disabled, with the reason beneath it. */
function Refusable({ reason, id, children }: { reason: string | null; id: string; children: ReactNode }) {
  if (!reason) return children;
  return (
    <Stack gap={2} align="flex-start">
      {children}
      <Text size="xs" id={id} maw={220}>
        {reason}
      </Text>
    </Stack>
  );
}

/** Deciding the last request of the last page leaves it empty: the page before it is shown instead. */
function useLastPageKept(count: number | undefined, page: number, setPage: (page: number) => void) {
  const pages = Math.max(1, Math.ceil((count ?? 0) / APPROVALS_PAGE_SIZE));
  useEffect(() => {
    if (count !== undefined && page > pages) setPage(pages);
  }, [count, page, pages, setPage]);
}

export function ApprovalsPage() {
  const [page, setPage] = useState(1);
  const approvals = useApprovals(page);
  useLastPageKept(approvals.data?.count, page, setPage);
  const decide = useDecideUser();
  const reset = useResetPassword();
  const changeGroup = useChangeGroup();
  const { data: me } = useCurrentUser();
  const [action, setAction] = useState<PendingAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ username: string; password: string } | null>(null);

  async function confirm() {
    if (!action) return;
    setBusy(true);
    try {
      await action.run();
      notifySuccess(action.success);
    } catch (failure) {
      notifyFailure(failure, action.failure);
    } finally {
      setBusy(false);
      setAction(null);
    }
  }

  const decision = (message: string, failure: string, chosen: UserDecision): PendingAction => ({
    message,
    failure,
    success: "Operación realizada con éxito.",
    run: () => decide.mutateAsync(chosen),
  });

  if (approvals.isLoading) return <Loader />;
  if (approvals.isError) return <Alert color="red">Error al cargar datos</Alert>;
  const { active_users = [], registration_requests = [], groups = [] } = approvals.data ?? {};
  const activeAdmins = active_users.filter((u) => u.groups.includes(ADMIN_GROUP)).length;
  const refusal = (change: UserChange, user: ActiveUser) =>
    me
      ? userChangeRefusal(change, {
          actorId: me.id,
          target: { id: user.id, group: user.groups[0] ?? "" },
          activeAdmins,
        })
      : null;
  const groupOptions = groups.map((g) => ({ value: String(g.id), label: g.name }));

  return (
    <>
      <PageTitle>Usuarios</PageTitle>
      <Paper withBorder p="md" mb="lg">
        <Title order={2} size="h4" mb="sm">
          Usuarios Activos
        </Title>
        <RecordTable
          label="Usuarios Activos"
          rows={active_users}
          rowKey={(user) => user.id}
          columns={[
            { header: "Nombre", cell: (user) => user.username, title: true },
            { header: "Email", cell: (user) => user.email },
            {
              header: "Grupo",
              cell: (user) => {
                const reason = refusal("change_group", user);
                return (
                  <Refusable reason={reason} id={`group-reason-${user.id}`}>
                    <Select
                      size="xs"
                      w={160}
                      aria-label={`Grupo de ${user.username}`}
                      aria-describedby={reason ? `group-reason-${user.id}` : undefined}
                      data={groupOptions}
                      value={String(user.group_id)}
                      allowDeselect={false}
                      disabled={!!reason}
                      onChange={(value) => {
                        const group = groups.find((g) => String(g.id) === value);
                        if (!group || group.id === user.group_id) return;
                        setAction({
                          message: `¿Mover a ${user.username} al grupo ${group.name}? Sus sesiones abiertas se cerrarán.`,
                          failure: "No se pudo cambiar el grupo",
                          success: `${user.username} ahora es ${group.name}.`,
                          run: () => changeGroup.mutateAsync({ userId: user.id, groupId: group.id }),
                        });
                      }}
                    />
                  </Refusable>
                );
              },
            },
            {
              header: "Contraseña",
              cell: (user) => {
                const reason = refusal("reset_password", user);
                return (
                  <Refusable reason={reason} id={`password-reason-${user.id}`}>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Restablecer contraseña de ${user.username}`}
                      aria-describedby={reason ? `password-reason-${user.id}` : undefined}
                      disabled={!!reason}
                      onClick={() =>
                        setAction({
                          message: `¿Restablecer la contraseña de ${user.username}? Sus sesiones abiertas se cerrarán.`,
                          failure: "No se pudo restablecer la contraseña",
                          success: "Contraseña restablecida.",
                          run: async () =>
                            setShown({
                              username: user.username,
                              password: (await reset.mutateAsync(user.id)).password,
                            }),
                        })
                      }
                    >
                      Restablecer
                    </Button>
                  </Refusable>
                );
              },
            },
            {
              header: "Desactivar",
              cell: (user) => {
                const reason = refusal("deactivate", user);
                return (
                  <Refusable reason={reason} id={`deactivate-reason-${user.id}`}>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      aria-label={`Desactivar ${user.username}`}
                      aria-describedby={reason ? `deactivate-reason-${user.id}` : undefined}
                      disabled={!!reason}
                      onClick={() =>
                        setAction(
                          decision(`¿Desactivar a ${user.username}?`, "No se pudo desactivar", {
                            kind: "deactivate",
                            userId: user.id,
                          }),
                        )
                      }
                    >
                      Desactivar
                    </Button>
                  </Refusable>
                );
              },
            },
          ]}
        />
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Usuarios Pendientes
        </Title>
        <PagedRecordTable
          count={approvals.data?.count}
          pageSize={APPROVALS_PAGE_SIZE}
          page={page}
          onPage={setPage}
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
                    setAction(
                      decision(`¿Aprobar a ${request.username}?`, "No se pudo aprobar", {
                        kind: "approve",
                        requestId: request.id,
                      }),
                    )
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
                    setAction(
                      decision(`¿Denegar la solicitud de ${request.username}?`, "No se pudo denegar", {
                        kind: "deny",
                        requestId: request.id,
                      }),
                    )
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
        loading={busy}
        onConfirm={confirm}
        onCancel={() => setAction(null)}
      />
      <Modal
        opened={!!shown}
        onClose={() => setShown(null)}
        title={shown ? `Nueva contraseña de ${shown.username}` : ""}
        centered
        closeOnClickOutside={false}
      >
        <Text mb="sm">
          Se muestra una sola vez: copiala y entregásela a {shown?.username}. Con ella vuelve a iniciar sesión.
        </Text>
        <Group align="flex-end" wrap="nowrap" mb="lg">
          <TextInput
            label="Contraseña nueva"
            readOnly
            value={shown?.password ?? ""}
            style={{ flex: 1 }}
            styles={{ input: { fontFamily: "monospace" } }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={shown?.password ?? ""}>
            {({ copied, copy }) => (
              <Button variant={copied ? "filled" : "light"} color={copied ? "teal" : undefined} onClick={copy}>
                {copied ? "Copiada" : "Copiar"}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={() => setShown(null)}>Listo</Button>
        </Group>
      </Modal>
    </>
  );
}
