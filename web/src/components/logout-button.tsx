import { Button, type ButtonProps } from "@mantine/core";
import { useNavigate } from "react-router";
import { logout } from "../api/session";

/** Clears the session and the order in progress, then goes to /login (SPEC.md §2). */
export function LogoutButton(props: ButtonProps) {
  const navigate = useNavigate();
  return (
    <Button
      variant="light"
      color="red"
      {...props}
      onClick={async () => {
        await logout();
        void navigate("/login", { replace: true });
      }}
    >
      Cerrar Sesión
    </Button>
  );
}
