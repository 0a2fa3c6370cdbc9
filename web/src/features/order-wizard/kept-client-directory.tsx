import { can } from "@domain/permissions";
import { useSession } from "../../stores/session";
import { useClientDirectory } from "./api/get-client-directory";

function ReadDirectory() {
  useClientDirectory();
  return null;
}

/**
 * Keeps the client directory on the phone of everyone who takes orders, read at sign-in and
 * refreshed in the background (docs/decisions/clients/0166-client-directory.md). Renders nothing.
 */
export function KeptClientDirectory() {
  const group = useSession((s) => s.user?.group);
  return can(group, "orders.take") ? <ReadDirectory /> : null;
}
