import { Badge } from "@mantine/core";

// Each status's display class (seeded with the statuses) and the colour it reads as.
const COLORS: Record<string, string> = {
  "status-confirmado": "blue",
  "status-cancelado": "red",
  "status-entregado": "green",
  "status-enviado": "violet",
  "status-pendiente": "yellow",
  "status-armado": "teal",
  "status-modificado": "orange",
};

export function StatusBadge({ name, displayClass }: { name: string; displayClass: string }) {
  return (
    <Badge
      className={displayClass}
      color={COLORS[displayClass] ?? "gray"}
      variant="light"
      styles={{ root: { overflow: "visible", minWidth: "fit-content" }, label: { overflow: "visible" } }}
    >
      {name}
    </Badge>
  );
}
