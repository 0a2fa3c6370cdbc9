import { Alert, Loader, Paper, Title } from "@mantine/core";
import { useEffect, useState, type ReactNode } from "react";
import type { ActiveUser } from "@domain/contracts/users";
import { ADMIN_GROUP } from "@domain/permissions";
import { userChangeRefusal, type UserChange } from "@domain/user-admin";
import { useCurrentUser } from "../../api/session";
import { PageTitle } from "../../components/page-title";
import { ActiveUsersTable } from "./active-users-table";
import { APPROVALS_PAGE_SIZE, useApprovals } from "./api/get-approvals";
import { type NewPassword, NewPasswordModal } from "./new-password-modal";
import { usePendingAction } from "./pending-action";
import { PendingRequestsTable } from "./pending-requests-table";

/** Deciding the last request of the last page leaves it empty: the page before it is shown instead. */
function useLastPageKept(count: number | undefined, page: number, setPage: (page: number) => void) {
  const pages = Math.max(1, Math.ceil((count ?? 0) / APPROVALS_PAGE_SIZE));
  useEffect(() => {
    if (count !== undefined && page > pages) setPage(pages);
  }, [count, page, pages, setPage]);
}

function Section({ title, last, children }: { title: string; last?: boolean; children: ReactNode }) {
  return (
    <Paper withBorder p="md" mb={last ? undefined : "lg"}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** /admin/approvals: the active users and the registration requests waiting for an Admin. */
export function ApprovalsPage() {
  const [page, setPage] = useState(1);
  const approvals = useApprovals(page);
  useLastPageKept(approvals.data?.count, page, setPage);
  const { data: me } = useCurrentUser();
  const { ask, dialog } = usePendingAction();
  const [shown, setShown] = useState<NewPassword | null>(null);

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

  return (
    <>
      <PageTitle>Usuarios</PageTitle>
      <Section title="Usuarios Activos">
        <ActiveUsersTable users={active_users} groups={groups} refusal={refusal} ask={ask} onNewPassword={setShown} />
      </Section>
      <Section title="Usuarios Pendientes" last>
        <PendingRequestsTable
          requests={registration_requests}
          count={approvals.data?.count}
          page={page}
          onPage={setPage}
          ask={ask}
        />
      </Section>
      {dialog}
      <NewPasswordModal shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
