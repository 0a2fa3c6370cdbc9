import { Badge, Group, Modal, Text, Title } from "@mantine/core";
import { Fragment, useState } from "react";
import { birthdayTag } from "@domain/birthday";
import type { ClientDetail } from "@domain/contracts/clients";
import type { ClientFullData } from "@domain/contracts/claims";
import { useCan } from "../../api/can";
import { accountMoney, useAccountSummary } from "../accounts";

/** 'Saldo $ X · Disponible $ Y' (Disponible only with a limit), for those who read accounts. */
function AccountLine({ clientId }: { clientId: number }) {
  const account = useAccountSummary(clientId, useCan("accounts.read")).data;
  if (!account) return null;
  const parts = [`Saldo ${accountMoney(account.balance)}`];
  if (account.available !== null) parts.push(`Disponible ${accountMoney(account.available)}`);
  return (
    <Text fw={600} data-testid="client-credit" c={account.available?.startsWith("-") ? "red.9" : undefined}>
      {/* Each figure stays whole on a phone: the line breaks between them, never inside. */}
      {parts.map((part, i) => (
        <Fragment key={part}>
          {i > 0 && " · "}
          <span style={{ whiteSpace: "nowrap" }}>{part}</span>
        </Fragment>
      ))}
    </Text>
  );
}

interface Tag {
  label: string;
  color: string;
  info: string;
}

/** SPEC.md §2 step 2: the tags that warn the seller about this client, each with its detail. */
export function ClientBar({ client, claims }: { client: ClientDetail; claims: ClientFullData }) {
  const [open, setOpen] = useState<Tag | null>(null);
  const birthday = birthdayTag(client.birthday, new Date());
  const tags: Tag[] = [
    client.has_virtual_freezer && {
      label: "FREEZER VIRTUAL",
      color: "cyan",
      info: "El cliente tiene productos en su Freezer Virtual.",
    },
    client.risk_zone && { label: "ZONA DE RIESGO", color: "red", info: "El cliente está en una zona de riesgo." },
    claims.bonuses.length > 0 && {
      label: "BONIFICACION",
      color: "green",
      info: claims.bonuses.map((b) => b.description).join("\n"),
    },
    claims.order_claims.length > 0 && {
      label: "RECLAMO",
      color: "orange",
      info: claims.order_claims.map((c) => c.description).join("\n"),
    },
    birthday && { label: "CUMPLEAÑOS", color: "grape", info: birthday },
  ].filter((t): t is Tag => !!t);
  return (
    <Group mb="md">
      <Title order={2} size="h3">
        {client.name}
      </Title>
      <AccountLine clientId={client.PK_Clients} />
      {tags.map((tag) => (
        <Badge
          key={tag.label}
          color={tag.color}
          size="lg"
          style={{ cursor: "pointer" }}
          onClick={() => setOpen(tag)}
          role="button"
        >
          {tag.label}
        </Badge>
      ))}
      <Modal opened={!!open} onClose={() => setOpen(null)} title={open?.label}>
        <Text style={{ whiteSpace: "pre-line" }}>{open?.info}</Text>
      </Modal>
    </Group>
  );
}
