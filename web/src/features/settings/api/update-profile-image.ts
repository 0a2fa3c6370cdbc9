import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ProfileImageResponse } from "@domain/contracts/users";
import { api } from "../../../api/http";
import { sessionKeys } from "../../../api/session";

/** Multipart, field profile_image (SPEC.md §7). */
async function updateProfileImage(file: File) {
  const form = new FormData();
  form.append("profile_image", file);
  return ProfileImageResponse.parse(await api("/update-profile-image/", { method: "POST", body: form }));
}

/** The menu and home show the photo from the current user: it is read again. */
export function useUpdateProfileImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfileImage,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.me }),
  });
}
