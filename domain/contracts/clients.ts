import { z } from "zod";
import { text } from "./text";
import { PageCount, PageQuery } from "./paging";
import { idFrom, LARGEST_ID } from "./catalog-common";
import { readTypedDate } from "../dates";
import { CreditLimitField } from "./accounts";

export const CLIENT_MESSAGES = {
  name: "Ingresá nombre y apellido (mínimo dos palabras).",
  phone: "El teléfono es obligatorio.",
  address: "La dirección es obligatoria.",
  city: "La localidad es obligatoria.",
  zone: "La zona es obligatoria.",
  missingLongitude: "Falta completar la longitud.",
  missingLatitude: "Falta completar la latitud.",
  latitudeRange: "La latitud debe estar entre -90 y 90.",
  longitudeRange: "La longitud debe estar entre -180 y 180.",
  email: "Ingresá un email válido.",
  birthday: "Ingresá una fecha válida.",
  category: "La categoría es obligatoria.",
  required: "Este campo es obligatorio.",
} as const;

const CLIENT_CATEGORIES = ["Normal", "Freezer Virtual"] as const;

const hasTwoWords = (name: string) => name.trim().split(/\s+/).filter(Boolean).length >= 2;

// Missing, null, "" or a non-id all read as "not chosen", with the field's own message.
const requiredId = (message: string) =>
  z.unknown().transform((value, ctx) => {
    const id = idFrom(value);
    if (id === undefined || id <= 0 || id > LARGEST_ID) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });

const optionalCoordinate = z
  .union([z.number(), text(), z.null()])
  .optional()
  .transform((value) => {
    if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) return null;
    const parsed = typeof value === "number" ? value : Number(value.trim().replace(",", "."));
    // SPEC.md §9: coordinates are kept with 6 decimals.
    return Number.isFinite(parsed) ? Math.round(parsed * 1e6) / 1e6 : NaN;
  });

// SPEC.md §9: a typed two-digit year is 19xx above 50, else 20xx.
const optionalDate = z
  .union([text(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const date = readTypedDate(value);
    if (!date) {
      ctx.addIssue({ code: "custom", message: CLIENT_MESSAGES.birthday });
      return z.NEVER;
    }
    return date;
  });

/** Fields both create and edit share, with SPEC.md §5's messages. */
const clientFields = {
  name: text({ error: CLIENT_MESSAGES.name }).trim().max(200).refine(hasTwoWords, CLIENT_MESSAGES.name),
  address: text({ error: CLIENT_MESSAGES.address }).trim().min(1, CLIENT_MESSAGES.address).max(300),
  city: requiredId(CLIENT_MESSAGES.city),
  phone: text({ error: CLIENT_MESSAGES.phone }).trim().min(1, CLIENT_MESSAGES.phone).max(50),
  email: z
    .union([z.literal(""), z.email(CLIENT_MESSAGES.email).max(254)])
    .optional()
    .default(""),
  birthday: optionalDate,
  whatsapp_ubication: z.boolean().optional().default(true),
  latitude: optionalCoordinate,
  longitude: optionalCoordinate,
  /** Issue 44: centavos, null for no limit; absent leaves it as it is. Only an Admin changes it. */
  credit_limit: CreditLimitField,
};

function checkCoordinates(value: { latitude: number | null; longitude: number | null }, ctx: z.RefinementCtx) {
  const { latitude, longitude } = value;
  if (latitude !== null && longitude === null)
    ctx.addIssue({ code: "custom", path: ["longitude"], message: CLIENT_MESSAGES.missingLongitude });
  if (longitude !== null && latitude === null)
    ctx.addIssue({ code: "custom", path: ["latitude"], message: CLIENT_MESSAGES.missingLatitude });
  if (latitude !== null && !(latitude >= -90 && latitude <= 90))
    ctx.addIssue({ code: "custom", path: ["latitude"], message: CLIENT_MESSAGES.latitudeRange });
  if (longitude !== null && !(longitude >= -180 && longitude <= 180))
    ctx.addIssue({ code: "custom", path: ["longitude"], message: CLIENT_MESSAGES.longitudeRange });
}

// The pair is checked even when other fields fail, so the form and the API report every field
// at once; only a coordinate that is itself unreadable skips it.
const coordinatesReadable = {
  when: (payload: { issues: { path?: PropertyKey[] }[] }) =>
    !payload.issues.some((i) => i.path?.[0] === "latitude" || i.path?.[0] === "longitude"),
};

export const CreateClientRequest = z
  .object({ ...clientFields, shipment: requiredId(CLIENT_MESSAGES.zone) })
  .superRefine(checkCoordinates, coordinatesReadable);
export type CreateClientRequest = z.infer<typeof CreateClientRequest>;
export type CreateClientInput = z.input<typeof CreateClientRequest>;

export const UpdateClientRequest = z
  .object({
    ...clientFields,
    zone: requiredId(CLIENT_MESSAGES.zone),
    // SPEC.md §5: every field of the edit dialog is required, email and birthday included.
    email: z.email({ error: CLIENT_MESSAGES.email }).max(254),
    birthday: optionalDate.refine((date) => date !== null, CLIENT_MESSAGES.birthday),
    category: z.enum(CLIENT_CATEGORIES, { error: CLIENT_MESSAGES.category }),
    risk_zone: z.boolean({ error: CLIENT_MESSAGES.required }),
    whatsapp_ubication: z.boolean({ error: CLIENT_MESSAGES.required }),
    /** The version the editor loaded; a newer one on the server means someone else saved first. */
    version: z.number().int().positive().optional(),
  })
  .superRefine(checkCoordinates, coordinatesReadable);
export type UpdateClientRequest = z.infer<typeof UpdateClientRequest>;

export const City = z.object({ PK_Cities: z.number(), Name: text() });
export const Shipment = z.object({ PK_Shipments: z.number(), Name: text(), Price: text() });

export const ClientDetail = z.object({
  PK_Clients: z.number(),
  name: text(),
  address: text(),
  city: z.number().nullable(),
  city_name: text().nullable(),
  shipment: z.number().nullable(),
  zone: z.number().nullable(),
  category: text(),
  phone: text(),
  email: text(),
  birthday: text().nullable(),
  whatsapp_ubication: z.boolean(),
  risk_zone: z.boolean(),
  latitude: text().nullable(),
  longitude: text().nullable(),
  second_address: text().nullable(),
  second_latitude: text().nullable(),
  second_longitude: text().nullable(),
  has_virtual_freezer: z.boolean(),
  /** What the client may owe, 2 decimals; null without a limit. */
  credit_limit: text().nullable(),
  /** The client's newest order that is not Cancelado (what 'Repetir último pedido' repeats), null without one. */
  last_order_id: z.number().nullable(),
  version: z.number(),
  cities: z.array(City),
  shipments: z.array(Shipment),
});
export type ClientDetail = z.infer<typeof ClientDetail>;

export const ClientListQuery = z.object({
  search: text().trim().max(200).optional().default(""),
  filter_select: z.enum(["", "virtual_freezer"]).optional().default(""),
  limit: z.coerce.number().int().min(1).max(100).optional().default(20),
  ...PageQuery,
});

export const ClientListItem = z.object({
  id: z.number(),
  PK_Clients: z.number(),
  name: text(),
  phone: text(),
  address: text(),
  email: text(),
  birthday: text().nullable(),
  category: text(),
  has_virtual_freezer: z.boolean(),
});
export const ClientListResponse = z.object({ results: z.array(ClientListItem), ...PageCount });
export type ClientListItem = z.infer<typeof ClientListItem>;

export const ClientSaved = z.object({
  success: z.literal(true),
  id: z.number(),
  message: text(),
  version: z.number(),
});
