import { z } from "zod";
import { courierColumn, MAX_COURIER_COLUMN } from "./boards";
import { isoDate } from "./dates";
import { text } from "./text";

/** Issue 43's messages: the fleet, slot hours and the day's plan. */
export const DAY_PLAN_MESSAGES = {
  column: "Cadete inexistente.",
  name: "Escribí el nombre del cadete (hasta 60 caracteres).",
  capacity: "La capacidad por viaje va de más de 0 a 5.000 kg.",
  stops: "Las paradas por viaje van de 1 a 99.",
  time: "Escribí la hora como HH:MM, de 00:00 a 23:59.",
  shift: "El turno debe terminar después de empezar.",
  speed: "La velocidad va de 5 a 120 km/h.",
  service: "Los minutos por parada van de 0 a 60.",
  slot: "Franja horaria inexistente.",
  slotHours: "La franja debe empezar antes de terminar, o no tener horario (ambas horas vacías).",
  boardChanged: "El tablero cambió desde el plan: volvé a planificar.",
  notReady: "El plan todavía no está listo.",
  notFound: "El plan no existe.",
  applied: "Plan aplicado al tablero.",
  fleetSaved: "Flota guardada.",
  slotsSaved: "Horarios de las franjas guardados.",
  failed: "No se pudo calcular el plan. Probá de nuevo.",
} as const;

/** "HH:MM" from 00:00 to 23:59. */
const clockTime = () => text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, DAY_PLAN_MESSAGES.time);

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOf = (minutes: number) => {
  const m = Math.min(Math.max(0, Math.round(minutes)), 24 * 60 - 1);
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};

/** A courier's column, read as every id is: Cadete 1–3 (SPEC.md §9) and up to 12 the fleet adds. */
const column = courierColumn(1);

const FleetCourier = z.object({
  column: z.number(),
  name: text(),
  user_id: z.number().nullable(),
  capacity_kg: z.number(),
  max_stops: z.number(),
  shift_start: text(),
  shift_end: text(),
});

export const Fleet = z.object({
  couriers: z.array(FleetCourier),
  speed_kmh: z.number(),
  service_minutes: z.number(),
});
export type Fleet = z.infer<typeof Fleet>;

const number = (message: string, min: number, max: number, exclusiveMin = false) =>
  z.coerce
    .number(message)
    .refine((n) => Number.isFinite(n) && (exclusiveMin ? n > min : n >= min) && n <= max, message);

/** A fleet's change: only what it names changes (a courier entry may carry some fields only). */
export const FleetRequest = z.object({
  couriers: z
    .array(
      z.object({
        column,
        name: text().trim().min(1, DAY_PLAN_MESSAGES.name).max(60, DAY_PLAN_MESSAGES.name).optional(),
        user_id: z.number().int().positive().nullable().optional(),
        capacity_kg: number(DAY_PLAN_MESSAGES.capacity, 0, 5000, true).optional(),
        max_stops: z.coerce
          .number()
          .int(DAY_PLAN_MESSAGES.stops)
          .min(1, DAY_PLAN_MESSAGES.stops)
          .max(99, DAY_PLAN_MESSAGES.stops)
          .optional(),
        shift_start: clockTime().optional(),
        shift_end: clockTime().optional(),
      }),
    )
    .max(MAX_COURIER_COLUMN, DAY_PLAN_MESSAGES.column)
    .optional(),
  speed_kmh: number(DAY_PLAN_MESSAGES.speed, 5, 120).optional(),
  service_minutes: number(DAY_PLAN_MESSAGES.service, 0, 60).optional(),
});
export type FleetRequest = z.infer<typeof FleetRequest>;

export const TimeSlots = z.object({
  slots: z.array(z.object({ id: z.number(), name: text(), start: text().nullable(), end: text().nullable() })),
});
export type TimeSlots = z.infer<typeof TimeSlots>;

export const TimeSlotsRequest = z.object({
  slots: z.array(
    z
      .object({
        id: z.number().int().positive(DAY_PLAN_MESSAGES.slot),
        start: clockTime().nullable(),
        end: clockTime().nullable(),
      })
      .refine(
        (s) => (s.start === null) === (s.end === null) && (s.start === null || minutesOf(s.start) < minutesOf(s.end!)),
        DAY_PLAN_MESSAGES.slotHours,
      ),
  ),
});
export type TimeSlotsRequest = z.infer<typeof TimeSlotsRequest>;

/** A plan's request: the date, and what the dispatcher keeps (pins, locked trips) for a re-plan. */
export const PlanRequest = z.object({
  delivery_date: isoDate(),
  pins: z
    .array(z.object({ order_id: z.number().int().positive(), column, trip: z.number().int().positive().nullable() }))
    .max(1000)
    .optional(),
  locked: z
    .array(z.object({ column, order_ids: z.array(z.number().int().positive()).min(1).max(99) }))
    .max(100)
    .optional(),
});
export type PlanRequest = z.infer<typeof PlanRequest>;

const PLAN_STATUSES = ["queued", "running", "ready", "failed"] as const;

export const PlanTrip = z.object({
  column: z.number(),
  number: z.number(),
  depart: text(),
  return: text(),
  distance_m: z.number(),
  weight_kg: z.number(),
  /** Each stop in driving order; where it is and whose it is, for the plan's map and list. */
  stops: z.array(
    z.object({
      order_id: z.number(),
      eta: text(),
      client_name: text(),
      address: text(),
      lat: z.number(),
      lng: z.number(),
    }),
  ),
});

export type PlanTrip = z.infer<typeof PlanTrip>;

export const DayPlanResponse = z.object({
  id: text(),
  status: z.enum(PLAN_STATUSES),
  delivery_date: text(),
  solve_ms: z.number().nullable(),
  distance_m: z.number().nullable(),
  /** Where every trip starts and ends (null until the plan is computed). */
  depot: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  trips: z.array(PlanTrip),
  unassigned: z.array(z.object({ order_id: z.number(), reason: text(), client_name: text(), address: text() })),
  error: text().nullable(),
  applied: z.boolean(),
});
export type DayPlanResponse = z.infer<typeof DayPlanResponse>;

export const PlanParams = z.object({ id: z.uuid(DAY_PLAN_MESSAGES.notFound) });

export const AppliedPlanQuery = z.object({ delivery_date: isoDate() });
export const AppliedPlan = z.object({ plan: DayPlanResponse.nullable() });
