import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { CurrentUser } from "@domain/contracts/auth";

interface SessionState {
  access: string | null;
  refresh: string | null;
  user: CurrentUser | null;
  setTokens(tokens: { access: string; refresh: string }): void;
  setUser(user: CurrentUser | null): void;
  clear(): void;
}

/** Tokens and the cached current user, kept in local storage (SPEC.md §7). */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      access: null,
      refresh: null,
      user: null,
      setTokens: ({ access, refresh }) => set({ access, refresh }),
      setUser: (user) => set({ user }),
      clear: () => set({ access: null, refresh: null, user: null }),
    }),
    { name: "frio-session" },
  ),
);
