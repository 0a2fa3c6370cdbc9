import type { Sharp } from "sharp";
import { PROFILE_IMAGE_MAX_PIXELS, PROFILE_IMAGE_TOO_LARGE } from "@domain/contracts/users";
import { AppError, Invalid } from "../../errors";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
const NOT_AN_IMAGE = "El archivo no es una imagen JPEG, PNG o WebP válida.";

/**
 * Checks an upload by its content (not the name or type claimed) and re-encodes it to WebP
 * through `shape` (resize, crop): nothing the sender wrote survives but the pixels.
 * `field` names the form field the refusal points at.
 */
export async function reencodeImage(upload: Buffer, field: string, shape: (image: Sharp) => Sharp): Promise<Buffer> {
  // Loaded on the first image, not at every start (its native library costs a start ~0.1 s of CPU).
  const { default: sharp } = await import("sharp");
  // metadata() reads the header only; the pixel budget is checked there, before any decoding,
  // and sharp's own limit stays as a second wall for formats whose header lies.
  const meta = await sharp(upload, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !ACCEPTED_FORMATS.has(meta.format)) throw new Invalid(NOT_AN_IMAGE, { [field]: NOT_AN_IMAGE });
  if ((meta.width ?? 0) * (meta.height ?? 0) > PROFILE_IMAGE_MAX_PIXELS) {
    throw new AppError(413, PROFILE_IMAGE_TOO_LARGE, { [field]: PROFILE_IMAGE_TOO_LARGE });
  }
  try {
    // rotate() applies the EXIF orientation, then the metadata (GPS included) is dropped.
    return await shape(sharp(upload, { limitInputPixels: PROFILE_IMAGE_MAX_PIXELS, pages: 1 }).rotate())
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new Invalid(NOT_AN_IMAGE, { [field]: NOT_AN_IMAGE });
  }
}
