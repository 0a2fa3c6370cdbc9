import { Avatar, Button, Card, FileInput, Group, Stack, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PROFILE_IMAGE_REQUIRED, ProfileImageResponse } from "../../../../domain/contracts/users";
import { api } from "../../api/http";
import { ApiError } from "../../api/messages";
import { notifyError, notifySuccess } from "../../components/notify";
import { sessionKeys, useCurrentUser } from "../../api/session";

export function ProfilePhotoCard() {
  const { data: user } = useCurrentUser();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function upload() {
    if (!file) return setError(PROFILE_IMAGE_REQUIRED);
    setBusy(true);
    setError(null);
    const form = new FormData();
    form.append("profile_image", file);
    try {
      ProfileImageResponse.parse(await api("/update-profile-image/", { method: "POST", body: form }));
      notifySuccess("Foto de perfil actualizada.");
      setFile(null);
      await client.invalidateQueries({ queryKey: sessionKeys.me });
    } catch (failure) {
      notifyError(failure instanceof ApiError && failure.status > 0 && failure.status < 500 ? "No se pudo actualizar la foto." : "Error subiendo la imagen.");
      if (failure instanceof ApiError && failure.status < 500) setError(failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="md">
        Foto de perfil
      </Title>
      <Group align="flex-end">
        <Avatar src={user?.profile_image ?? "/default-avatar.svg"} size={64} alt="Foto actual" />
        <Stack gap="xs" style={{ flex: 1 }}>
          <FileInput
            label="Imagen de perfil"
            placeholder="Elegí una imagen"
            accept="image/jpeg,image/png,image/webp"
            value={file}
            onChange={(f) => {
              setFile(f);
              setError(null);
            }}
            error={error}
            clearable
          />
          <Button onClick={upload} loading={busy}>
            Actualizar foto
          </Button>
        </Stack>
      </Group>
    </Card>
  );
}
