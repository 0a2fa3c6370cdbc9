import { describe, expect, it } from "vitest";
import { DELIVERY_DATE_MESSAGE } from "@domain/calendar";
import type { DeliveryDetails } from "@domain/contracts/order-request";
import { DELIVERY_METHODS } from "@domain/delivery-method";
import { ORDER_MESSAGES } from "@domain/contracts/orders";
import {
  COORDINATES_MESSAGE,
  DELIVERY_DATE_UNREADABLE,
  type DeliveryChoice,
  deliveryProblems,
  deliveryRefusal,
  firstDelivery,
  homeDelivery,
  PICKUP_ADDRESS,
  PICKUP_CITY_ID,
  PICKUP_ZONE_ID,
  pickupDelivery,
  readCoordinate,
  TIME_PLACEHOLDER_ID,
  wizardChoice,
} from "@domain/delivery-rules";

const day = { today: "2030-05-04", kept: null };
const home: DeliveryChoice = {
  zoneId: 2,
  pickup: false,
  date: "2030-05-05",
  timeId: 2,
  cityId: 3,
  address: "Mitre 500",
  latitude: -34.72,
  longitude: -58.25,
};
const missing = ORDER_MESSAGES.missingFields;

describe("deliveryProblems (SPEC.md §5's delivery step)", () => {
  it("passes a complete home delivery, and a pick-up without a place", () => {
    expect(deliveryProblems(home, day)).toEqual({});
    const pickup = { ...home, pickup: true, cityId: null, address: "", latitude: null, longitude: null };
    expect(deliveryProblems(pickup, day)).toEqual({});
  });

  it("marks each missing field, the placeholder slot and a point off the map", () => {
    const none = {
      zoneId: null,
      pickup: false,
      date: " ",
      timeId: null,
      cityId: null,
      address: " ",
      latitude: null,
      longitude: 1,
    };
    expect(deliveryProblems(none, day)).toEqual({
      zone: missing,
      date: missing,
      time: missing,
      city: missing,
      address: missing,
      coordinates: COORDINATES_MESSAGE,
    });
    expect(deliveryProblems({ ...home, timeId: TIME_PLACEHOLDER_ID }, day)).toEqual({ time: missing });
    expect(deliveryProblems({ ...home, latitude: 91 }, day)).toEqual({ coordinates: COORDINATES_MESSAGE });
    expect(deliveryProblems({ ...home, longitude: -181 }, day)).toEqual({ coordinates: COORDINATES_MESSAGE });
  });

  it("takes a date from today to a year ahead, read as typed, or the modified order's own", () => {
    expect(deliveryProblems({ ...home, date: "2030-05-03" }, day)).toEqual({ date: DELIVERY_DATE_MESSAGE });
    expect(deliveryProblems({ ...home, date: "2031-05-05" }, day)).toEqual({ date: DELIVERY_DATE_MESSAGE });
    expect(deliveryProblems({ ...home, date: "2030-02-30" }, day)).toEqual({ date: DELIVERY_DATE_UNREADABLE });
    expect(deliveryProblems({ ...home, date: "05/05/30" }, day)).toEqual({});
    expect(deliveryProblems({ ...home, date: "2020-01-01" }, { ...day, kept: "2020-01-01" })).toEqual({});
  });

  it("words a refusal: a date alone says why, anything else the form's sentence", () => {
    expect(deliveryRefusal({})).toBeNull();
    expect(deliveryRefusal({ date: DELIVERY_DATE_MESSAGE })).toBe(DELIVERY_DATE_MESSAGE);
    expect(deliveryRefusal({ date: missing })).toBe(missing);
    expect(deliveryRefusal({ date: DELIVERY_DATE_MESSAGE, time: missing })).toBe(missing);
    expect(deliveryRefusal({ coordinates: COORDINATES_MESSAGE })).toBe(missing);
  });

  it("reads a coordinate sent as a number or as text with a decimal comma", () => {
    expect([-34.5, "-34,5", " -34.5 ", "", "x", null, undefined].map(readCoordinate)).toEqual([
      -34.5,
      -34.5,
      -34.5,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe("the wizard's delivery step (SPEC.md §4)", () => {
  const client = {
    zone: 2,
    city: 3,
    city_name: "Quilmes",
    address: "Mitre 500",
    latitude: "-34.7",
    longitude: "-58.2",
  };
  const zones = [
    { PK_Shipments: 2, Name: "Zona Sur", Price: "1500.00" },
    { PK_Shipments: PICKUP_ZONE_ID, Name: "Lo busca", Price: "0.00" },
    { PK_Shipments: 4, Name: "Zona Norte", Price: "2000.00" },
  ];
  const cities = [
    { PK_Cities: 1, Name: "Local" },
    { PK_Cities: 3, Name: "Quilmes" },
    { PK_Cities: 5, Name: "Bernal" },
  ];

  it("starts from the client's zone, address and point, today, with the slot still to choose", () => {
    const details = firstDelivery(client, zones, day.today);
    expect(details).toEqual({
      zone: 2,
      address: "Mitre 500",
      city: { id: 3, text: "Quilmes" },
      delivery_method: DELIVERY_METHODS.home,
      time: { id: TIME_PLACEHOLDER_ID, text: "SELECCIONE" },
      date: day.today,
      delivery_cost: 1500,
      latitude: -34.7,
      longitude: -58.2,
      payment_method: { id: null, name: "" },
    });
    expect(deliveryProblems(wizardChoice(details), day)).toEqual({ time: missing });
  });

  it("starts as a pick-up in the client's 'busca' zone, or the first 'busca' zone when the client has none", () => {
    expect(firstDelivery({ ...client, zone: null }, zones, day.today)).toMatchObject({
      zone: PICKUP_ZONE_ID,
      delivery_method: DELIVERY_METHODS.pickup,
      address: PICKUP_ADDRESS,
      city: { id: PICKUP_CITY_ID, text: "" },
      delivery_cost: 0,
      latitude: null,
    });
  });

  it("switches to pick-up and back, restoring the saved city, address and point", () => {
    const saved: DeliveryDetails = { ...firstDelivery(client, zones, day.today), city: { id: 5, text: "Bernal" } };
    const pickup = pickupDelivery({ ...saved, address: "Otra 1", latitude: -34.8, longitude: -58.3 });
    expect(pickup).toMatchObject({ zone: PICKUP_ZONE_ID, delivery_cost: 0, latitude: null, address: PICKUP_ADDRESS });
    expect(deliveryProblems(wizardChoice({ ...pickup, time: { id: 2, text: "" } }), day)).toEqual({});
    const back = homeDelivery(pickup, { ...saved, address: "Otra 1", latitude: -34.8 }, client, { cities, zones });
    expect(back).toMatchObject({
      delivery_method: DELIVERY_METHODS.home,
      city: { id: 5, text: "Bernal" },
      address: "Otra 1",
      latitude: -34.8,
      zone: 2,
      delivery_cost: 1500,
    });
  });

  it("back without a saved delivery: the client's city, address and point, in a zone that is not a pick-up", () => {
    const pickup = pickupDelivery(firstDelivery(client, zones, day.today));
    expect(homeDelivery(pickup, null, { ...client, zone: PICKUP_ZONE_ID }, { cities, zones })).toMatchObject({
      city: { id: 3, text: "Quilmes" },
      address: "Mitre 500",
      latitude: -34.7,
      zone: 2,
    });
    expect(homeDelivery(pickup, null, { ...client, city: 99 }, { cities, zones }).city).toEqual({
      id: 1,
      text: "Local",
    });
  });
});
