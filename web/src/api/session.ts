import { useQuery } from "@tanstack/react-query";
import type { LoginRequest } from "@domain/contracts/auth";
import { authContracts } from "./auth-contracts";
import { get, post } from "./http";
import { eventStream } from "./socket";
import { clearOrderInProgress } from "../stores/order-wizard";
import { useSession } from "../stores/session";

export const sessionKeys = { me: ["me"] as const };

export async function login(credentials: LoginRequest) {
  const { CurrentUser, TokenPair } = await authContracts();
  const tokens = TokenPair.parse(await post("/login/", credentials));
  useSession.getState().setTokens(tokens);
  const me = CurrentUser.parse(await get("/me/"));
  useSession.getState().setUser(me);
  return me;
}

/** Logout clears the tokens and the order in progress, even if the server is unreachable. */
export async function logout() {
  const { refresh } = useSession.getState();
  // Unreachable or refused, the session still ends here: the refresh token left on the server expires by itself.
  await post("/logout/", { refresh: refresh ?? undefined }).catch(() => undefined);
  eventStream.stop();
  useSession.getState().clear();
  clearOrderInProgress();
}

export function useCurrentUser() {
  const cached = useSession((s) => s.user);
  const access = useSession((s) => s.access);
  return useQuery({
    queryKey: sessionKeys.me,
    enabled: !!access,
    initialData: cached ?? undefined,
    queryFn: async () => {
      const { CurrentUser } = await authContracts();
      const me = CurrentUser.parse(await get("/me/"));
      useSession.getState().setUser(me);
      return me;
    },
  });
}
