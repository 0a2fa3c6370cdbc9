import { Button, CopyButton, Group, Modal, Text, TextInput } from "@mantine/core";

export interface NewPassword {
  username: string;
  password: string;
}

/** A password just reset, shown once to be copied and handed over. */
export function NewPasswordModal({ shown, onClose }: { shown: NewPassword | null; onClose(): void }) {
  return (
    <Modal
      opened={!!shown}
      onClose={onClose}
      title={shown ? `Nueva contraseña de ${shown.username}` : ""}
      centered
      closeOnClickOutside={false}
    >
      <Text mb="sm">
        Se muestra una sola vez: copiala y entregásela a {shown?.username}. Con ella vuelve a iniciar sesión.
      </Text>
      <Group align="flex-end" wrap="nowrap" mb="lg">
        <TextInput
          label="Contraseña nueva"
          readOnly
          value={shown?.password ?? ""}
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: "monospace" } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={shown?.password ?? ""}>
          {({ copied, copy }) => (
            <Button variant={copied ? "filled" : "light"} color={copied ? "teal" : undefined} onClick={copy}>
              {copied ? "Copiada" : "Copiar"}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onClose}>Listo</Button>
      </Group>
    </Modal>
  );
}
