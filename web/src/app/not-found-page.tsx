import { Anchor, Text } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { PageTitle } from "../components/page-title";

/** SPEC.md §2 '/*': an unknown address keeps the inner shell (menu, header, footer) and says so. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <PageTitle>Página no encontrada</PageTitle>
      <Text mb="md" style={{ overflowWrap: "anywhere" }}>
        No existe ninguna pantalla en {pathname}. Elegí una en el menú o volvé al inicio.
      </Text>
      <Anchor component={Link} to="/">
        Volver al inicio
      </Anchor>
    </>
  );
}
