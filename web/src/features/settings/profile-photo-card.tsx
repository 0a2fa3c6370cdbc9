import { Avatar, Button, Card, FileInput, Group, Stack, Title } from "@mantine/core";
import { useState } from "react";
import { PROFILE_IMAGE_REQUIRED } from "@domain/contracts/users";
import { ApiError } from "../../api/messages";
import { notifyError, notifySuccess } from "../../components/notify";
import { useCurrentUser } from "../../api/session";
import { useUpdateProfileImage } from "./api/update-profile-image";

export function ProfilePhotoCard() {
  const { data: user } = useCurrentUser();
  const update = useUpdateProfileImage();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function upload() {
    if (!file) return setError(PROFILE_IMAGE_REQUIRED);
    setError(null);
    try {
      await update.mutateAsync(file);
      notifySuccess("Foto de perfil actualizada.");
      setFile(null);
    } catch (failure) {
      notifyError(
        failure instanceof ApiError && failure.status > 0 && failure.status < 500
          ? "No se pudo actualizar la foto."
          : "Error subiendo la imagen.",
      );
      if (failure instanceof ApiError && failure.status < 500) setError(failure.message);
    }
  }

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
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
          <Button onClick={upload} loading={update.isPending}>
            Actualizar foto
          </Button>
        </Stack>
      </Group>
    </Card>
  );
}
