import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A control the rules may forbid for this user: `control` gets whether it is disabled and the id
 * describing why; when refused, the reason is written beneath it.
 */
export function Refusable({
  reason,
  id,
  control,
}: {
  reason: string | null;
  id: string;
  control(props: { disabled: boolean; "aria-describedby": string | undefined }): ReactNode;
}) {
  const rendered = control({ disabled: !!reason, "aria-describedby": reason ? id : undefined });
  if (!reason) return rendered;
  return (
    <Stack gap={2} align="flex-start">
      {rendered}
      <Text size="xs" id={id} maw={220}>
        {reason}
      </Text>
    </Stack>
  );
}
