import { z } from "zod";
import { text } from "./text";
import { typedDate } from "./dates";
import { recordId } from "./catalog-common";

/**
 * The sensitive changes the audit trail records (DESIGN.md §4), and the data leaving the system
 * (exports, backups), deletions and deploys, with their Spanish names.
 */
export const AUDIT_ACTIONS = {
  "product.stock": "Stock a mano",
  "product.price": "Precio",
  "freezer.balance": "Freezer virtual",
  "shipping.cost": "Costo de envío",
  "settings.cold_chain": "Cadena de frío",
  "user.approved": "Aprobación",
  "user.denied": "Solicitud denegada",
  "user.deactivated": "Desactivación",
  "user.password_reset": "Contraseña restablecida",
  "user.group_changed": "Cambio de grupo",
  "product.deleted": "Producto eliminado",
  "client.deleted": "Cliente eliminado",
  "commission.rates": "Tasa de comisión",
  "export.direct": "Exportación directa",
  "export.started": "Exportación en segundo plano",
  "export.downloaded": "Exportación descargada",
  "export.deleted": "Exportación eliminada",
  "backup.downloaded": "Copia de seguridad descargada",
  "deploy.started": "Despliegue",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** What each record is about, in Spanish for the screen. */
export const AUDIT_ENTITIES = {
  product: "Producto",
  client: "Cliente",
  shipment: "Zona",
  settings: "Configuración",
  user: "Usuario",
  registration_request: "Solicitud",
  export: "Exportación",
  backup: "Copia de seguridad",
  deploy: "Despliegue",
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;

// SPEC.md §9: typed two-digit years are read as 19xx above 50, else 20xx.
const isoDate = typedDate("Ingresá una fecha válida (AAAA-MM-DD).");

export const AuditQuery = z
  .object({
    action: z.enum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]], { error: "Acción desconocida." }).optional(),
    entity: z
      .enum(Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]], { error: "Tipo de registro desconocido." })
      .optional(),
    entity_id: recordId().optional(),
    actor_id: recordId("Usuario inválido.").optional(),
    /** Whole days in Buenos Aires, both included. */
    from: isoDate.optional(),
    to: isoDate.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "La fecha inicial es posterior a la final.",
    path: ["from"],
  });
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditRecord = z.object({
  id: z.number().int(),
  at: text(),
  actor_id: z.number().int().nullable(),
  actor: text().nullable(),
  action: text(),
  entity: text(),
  entity_id: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditRecord = z.infer<typeof AuditRecord>;
export const AuditResponse = z.object({ results: z.array(AuditRecord) });
export type AuditResponse = z.infer<typeof AuditResponse>;
