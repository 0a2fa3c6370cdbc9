import { Title } from "@mantine/core";

/** The page's one h1 (axe and screen readers look for it), sized as a section title. */
export function PageTitle({ children }: { children: string }) {
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
