import { Button, Select } from "@mantine/core";
import type { ActiveUser, ApprovalsResponse } from "@domain/contracts/users";
import { RecordTable } from "../../components/record-table";
import { useChangeGroup } from "./api/change-group";
import { useDecideUser } from "./api/decide-user";
import { useResetPassword } from "./api/reset-password";
import type { NewPassword } from "./new-password-modal";
import type { PendingAction } from "./pending-action";
import { Refusable } from "./refusable";
import type { UserChange } from "@domain/user-admin";

interface ActiveUsersTableProps {
  users: ActiveUser[];
  groups: ApprovalsResponse["groups"];
  /** Why the rules forbid this change to this user, or null. */
  refusal(change: UserChange, user: ActiveUser): string | null;
  ask(action: PendingAction): void;
  onNewPassword(shown: NewPassword): void;
}

/** 'Usuarios Activos': each user's group, password reset and deactivation, each confirmed first. */
export function ActiveUsersTable({ users, groups, refusal, ask, onNewPassword }: ActiveUsersTableProps) {
  const decide = useDecideUser();
  const reset = useResetPassword();
  const changeGroup = useChangeGroup();
  const groupOptions = groups.map((g) => ({ value: String(g.id), label: g.name }));

  const askGroup = (user: ActiveUser, value: string | null) => {
    const group = groups.find((g) => String(g.id) === value);
    if (!group || group.id === user.group_id) return;
    ask({
      message: `¿Mover a ${user.username} al grupo ${group.name}? Sus sesiones abiertas se cerrarán.`,
      failure: "No se pudo cambiar el grupo",
      success: `${user.username} ahora es ${group.name}.`,
      run: () => changeGroup.mutateAsync({ userId: user.id, groupId: group.id }),
    });
  };
  const askReset = (user: ActiveUser) =>
    ask({
      message: `¿Restablecer la contraseña de ${user.username}? Sus sesiones abiertas se cerrarán.`,
      failure: "No se pudo restablecer la contraseña",
      success: "Contraseña restablecida.",
      run: async () =>
        onNewPassword({ username: user.username, password: (await reset.mutateAsync(user.id)).password }),
    });
  const askDeactivate = (user: ActiveUser) =>
    ask({
      message: `¿Desactivar a ${user.username}?`,
      failure: "No se pudo desactivar",
      success: "Operación realizada con éxito.",
      run: () => decide.mutateAsync({ kind: "deactivate", userId: user.id }),
    });

  return (
    <RecordTable
      label="Usuarios Activos"
      rows={users}
      rowKey={(user) => user.id}
      columns={[
        { header: "Nombre", cell: (user) => user.username, title: true },
        { header: "Email", cell: (user) => user.email },
        {
          header: "Grupo",
          cell: (user) => (
            <Refusable
              reason={refusal("change_group", user)}
              id={`group-reason-${user.id}`}
              control={(props) => (
                <Select
                  size="xs"
                  w={160}
                  aria-label={`Grupo de ${user.username}`}
                  {...props}
                  data={groupOptions}
                  value={String(user.group_id)}
                  allowDeselect={false}
                  onChange={(value) => askGroup(user, value)}
                />
              )}
            />
          ),
        },
        {
          header: "Contraseña",
          cell: (user) => (
            <Refusable
              reason={refusal("reset_password", user)}
              id={`password-reason-${user.id}`}
              control={(props) => (
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Restablecer contraseña de ${user.username}`}
                  {...props}
                  onClick={() => askReset(user)}
                >
                  Restablecer
                </Button>
              )}
            />
          ),
        },
        {
          header: "Desactivar",
          cell: (user) => (
            <Refusable
              reason={refusal("deactivate", user)}
              id={`deactivate-reason-${user.id}`}
              control={(props) => (
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  aria-label={`Desactivar ${user.username}`}
                  {...props}
                  onClick={() => askDeactivate(user)}
                >
                  Desactivar
                </Button>
              )}
            />
          ),
        },
      ]}
    />
  );
}
