import { api } from "../../../api/http";

/** The proof photo needs the bearer token, so it is read as a blob, never by a public URL. */
export async function stopPhotoUrl(stopId: number): Promise<string> {
  const blob = await api<Blob>(`/courier/stops/${stopId}/photo`);
  return URL.createObjectURL(blob);
}
