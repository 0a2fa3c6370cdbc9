import { SimpleGrid } from "@mantine/core";
import type { ReactNode } from "react";
import { can, type Capability } from "@domain/permissions";
import { PageTitle } from "../../components/page-title";
import { useCurrentUser } from "../../api/session";
import { BackupCard } from "./backup-card";
import { ColdChainCard } from "./cold-chain-card";
import { DeployCard } from "./deploy-card";
import { ExportCard } from "./export-card";
import { ProfilePhotoCard } from "./profile-photo-card";
import { ShippingCostCard } from "./shipping-cost-card";

interface SettingsCard {
  key: string;
  capability?: Capability;
  render(): ReactNode;
}

// Each settings card, shown to the groups that may use it (SPEC.md §2 /settings).
const SETTINGS_CARDS: SettingsCard[] = [
  { key: "profile-photo", render: () => <ProfilePhotoCard /> },
  { key: "shipping-cost", capability: "shipping.edit", render: () => <ShippingCostCard /> },
  { key: "cold-chain", capability: "settings.cold_chain", render: () => <ColdChainCard /> },
  { key: "export", capability: "data.export", render: () => <ExportCard /> },
  { key: "backup", capability: "data.backup", render: () => <BackupCard /> },
  { key: "deploy", capability: "software.deploy", render: () => <DeployCard /> },
];

export function SettingsPage() {
  const { data: user } = useCurrentUser();
  return (
    <>
      <PageTitle>Configuración</PageTitle>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {SETTINGS_CARDS.filter((card) => !card.capability || can(user?.group, card.capability)).map((card) => (
          <div key={card.key}>{card.render()}</div>
        ))}
      </SimpleGrid>
    </>
  );
}
