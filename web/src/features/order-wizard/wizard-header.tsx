import { Anchor, Badge, Group, Stack, Title } from "@mantine/core";
import { Link } from "react-router";
import { useOrderWizard } from "../../stores/order-wizard";

const STEPS = ["Cliente", "Productos", "Entrega", "Confirmación"] as const;

interface WizardHeaderProps {
  /** 0 Cliente · 1 Productos · 2 Entrega · 3 Confirmación. */
  step: number;
  /** The previous step; the order in progress stays as it is. */
  back?: { to: string; label: string; onClick?(): void };
  /** The order being modified, when the page shows one the store no longer holds (a confirmed one). */
  orderId?: number | null;
}

/** Where the seller is in the four steps, whether an order is being modified, and the way back. */
export function WizardHeader({ step, back, orderId: shown }: WizardHeaderProps) {
  const stored = useOrderWizard((s) => s.orderId);
  const orderId = shown === undefined ? stored : shown;
  return (
    <Stack gap="xs" mb="md">
      {back && (
        <Anchor component={Link} to={back.to} onClick={back.onClick} size="sm" w="fit-content">
          ← {back.label}
        </Anchor>
      )}
      <Title order={1} size="h2">
        {orderId ? `Modificando pedido #${orderId}` : "Nuevo Pedido"}
      </Title>
      <nav aria-label="Pasos del pedido">
        <Group component="ol" gap={6} p={0} m={0} style={{ listStyle: "none" }}>
          {STEPS.map((label, i) => (
            <li key={label} aria-current={i === step ? "step" : undefined}>
              <Badge
                size="lg"
                variant={i === step ? "filled" : i < step ? "light" : "outline"}
                color={i > step ? "gray" : undefined}
              >
                {i + 1}. {label}
              </Badge>
            </li>
          ))}
        </Group>
      </nav>
    </Stack>
  );
}
