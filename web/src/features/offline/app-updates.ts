import { useEffect } from "react";
import { Workbox } from "workbox-window";
import { notifyInfo } from "../../components/notify";
import { useOrderWizard, type WizardData } from "../../stores/order-wizard";
import { OFFLINE_MESSAGES } from "./messages";
const APPLIED_FLAG = "frio-update-applied";
/** A seller may keep the app open all day: it asks for a new version this often, and when back online. */
const CHECK_EVERY_MS = 60 * 60_000;

let workbox: Workbox | null = null;
/** No order open and none pending: a new version may reload the page. */
let idle = false;
/** A new version installed beside the running one, waiting to be told to take over. */
let waiting: ServiceWorker | null = null;
let registration: ServiceWorkerRegistration | null = null;
let reloadWanted = false;

/** An order is open in the wizard once it has a client or a line. */
const orderIsOpen = (s: Pick<WizardData, "clientId" | "items">) => s.clientId !== null || s.items.length > 0;

function reload() {
  sessionStorage.setItem(APPLIED_FLAG, "1");
  window.location.reload();
}

function applyIfIdle() {
  if (!idle || !workbox) return;
  if (reloadWanted) return reload();
  // The registration's own waiting worker too: one installed before its events were watched
  // (an update found while the page was still loading) announced itself to nobody.
  const next = waiting ?? (navigator.serviceWorker.controller ? registration?.waiting : null);
  if (!next) return;
  // What Workbox's generated worker listens for (Workbox.messageSkipWaiting's message).
  next.postMessage({ type: "SKIP_WAITING" });
  waiting = null;
}

/**
 * Notes a new version once installed. Its worker is kept from the event: the registration's
 * `waiting` may be set a moment after the worker says it is installed.
 */
function watchWaiting(watched: ServiceWorkerRegistration) {
  registration = watched;
  const found = (worker: ServiceWorker | null) => {
    if (!worker || !navigator.serviceWorker.controller) return;
    waiting = worker;
    applyIfIdle();
  };
  const follow = (worker: ServiceWorker | null) =>
    worker?.addEventListener("statechange", () => worker.state === "installed" && found(worker));
  found(watched.waiting);
  // One already installing when the watch begins found its update before anyone listened.
  follow(watched.installing);
  watched.addEventListener("updatefound", () => follow(watched.installing));
}

/**
 * Registers the service worker once. A new version installs in the background and waits;
 * it takes over only while idle, and the page then reloads onto it, also when another tab
 * applied it (a page of the old version would ask for files the new one no longer has).
 * The registration's own events are watched rather than Workbox's, which follow only the
 * first update a page sees.
 */
function startAppUpdates() {
  if (workbox || !("serviceWorker" in navigator) || import.meta.env.DEV) return;
  if (sessionStorage.getItem(APPLIED_FLAG)) {
    sessionStorage.removeItem(APPLIED_FLAG);
    notifyInfo(OFFLINE_MESSAGES.updateApplied);
  }
  const registered = new Workbox("/sw.js");
  workbox = registered;
  // The first version takes an uncontrolled page (clientsClaim): only a change of controller is a new version.
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    reloadWanted ||= controlled;
    controlled = true;
    applyIfIdle();
  });
  void registered.register().then((registration) => registration && watchWaiting(registration));
  // With no signal the check fails; the next one, CHECK_EVERY_MS later, asks again.
  const check = () => void registered.update().catch(() => undefined);
  setInterval(check, CHECK_EVERY_MS);
  window.addEventListener("online", check);
}

function setIdle(value: boolean) {
  idle = value;
  applyIfIdle();
}

/**
 * The app's service worker and its updates, while signed in: a new version never interrupts
 * an order in progress, it is applied once no order is open and none waits to be sent.
 */
export function useAppUpdates(pendingOrders = 0) {
  const open = useOrderWizard(orderIsOpen);
  useEffect(() => startAppUpdates(), []);
  useEffect(() => setIdle(!open && pendingOrders === 0), [open, pendingOrders]);
}
