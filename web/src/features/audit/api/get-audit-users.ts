import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { get } from "../../../api/http";
import { auditKeys } from "./keys";

const ActiveUsers = z.object({ active_users: z.array(z.object({ id: z.number(), username: z.string() })) });

/** Who can be filtered by: the active users of the approvals list. */
const getAuditUsers = async () => ActiveUsers.parse(await get("/admin/approvals/")).active_users;

const auditUsersOptions = () => queryOptions({ queryKey: auditKeys.users, queryFn: getAuditUsers });

export const useAuditUsers = () => useQuery(auditUsersOptions());
