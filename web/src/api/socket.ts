import { useEffect, useRef, useSyncExternalStore } from "react";
import {
  type AppEvent,
  type PreparationSubscription,
  type ServerSocketMessage,
  SOCKET_DISPLACED,
} from "@domain/contracts/events";
import { useSession } from "../stores/session";
import { endSession, refreshAccess } from "./http";

type Listener = (event: AppEvent) => void;

/**
 * One websocket per tab: authenticates in its first message, remembers the last event id
 * it saw, and on reconnect asks the server to replay from there (DESIGN.md §6).
 */
class EventStream {
  private socket: WebSocket | null = null;
  private lastEventId = 0;
  private listeners = new Map<Listener, string>();
  private retry = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private wanted = false;
  /** A socket was ready before: the next ready resumes after a gap. */
  private wasReady = false;
  private resumeListeners = new Set<() => void>();
  /** The preparation events the board on screen wants (DESIGN.md §6): one date, every date (null), none. */
  private preparation: PreparationSubscription | undefined = undefined;
  /** What the server has confirmed on the current socket, once ready: `none` while there is no ready socket. */
  private confirmed: PreparationSubscription | undefined | "none" = "none";
  private confirmedListeners = new Set<() => void>();
  /** Set while a socket displaced by a newer tab waits for this tab to be used again. */
  private stopWaitingForUse: (() => void) | null = null;

  start() {
    if (this.wanted) return;
    this.wanted = true;
    this.connect();
  }

  /** A refreshed access token renews the open socket, which the server closes when the old one expires. */
  renew(token: string) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(this.authMessage(token));
  }

  /** Which preparation events the socket should receive; the server confirms with `subscribed`. */
  followPreparation(preparation: PreparationSubscription | undefined) {
    if (this.preparation === preparation) return;
    this.preparation = preparation;
    if (this.confirmed !== "none" && this.socket?.readyState === WebSocket.OPEN)
      this.socket.send(JSON.stringify({ type: "subscribe", preparation_date: preparation }));
  }

  /**
   * Whether a board of this date may read its state now and miss no event after: the server
   * confirmed the date on a ready socket, or there is none (its resume will read again).
   */
  followsPreparation = (preparation: PreparationSubscription) =>
    this.confirmed === "none" || this.confirmed === preparation;

  onConfirmed = (listener: () => void) => {
    this.confirmedListeners.add(listener);
    return () => void this.confirmedListeners.delete(listener);
  };

  private confirm(preparation: PreparationSubscription | undefined | "none") {
    this.confirmed = preparation;
    this.confirmedListeners.forEach((listener) => {
      listener();
    });
  }

  private authMessage(token: string) {
    return JSON.stringify({
      type: "auth",
      token,
      last_event_id: this.lastEventId,
      ...(this.preparation !== undefined && { preparation_date: this.preparation }),
    });
  }

  stop() {
    this.wanted = false;
    if (this.timer) clearTimeout(this.timer);
    this.stopWaitingForUse?.();
    this.socket?.close(1000);
    this.socket = null;
    this.lastEventId = 0;
    this.wasReady = false;
    this.confirm("none");
  }

  /** Called when the stream comes back after a drop: what screens hold may have missed a change. */
  onResume(listener: () => void): () => void {
    this.resumeListeners.add(listener);
    return () => this.resumeListeners.delete(listener);
  }

  subscribe(prefix: string, listener: Listener): () => void {
    this.listeners.set(listener, prefix);
    return () => this.listeners.delete(listener);
  }

  private connect() {
    const token = useSession.getState().access;
    if (!this.wanted || !token) return;
    const protocol = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${protocol}://${window.location.host}/api/ws`);
    this.socket = socket;
    let sent: PreparationSubscription | undefined;
    socket.onopen = () => {
      sent = this.preparation;
      socket.send(this.authMessage(token));
    };
    socket.onmessage = (message) => {
      const parsed = JSON.parse(String(message.data)) as ServerSocketMessage;
      // The first ready confirms the subscription the auth message carried; a later change is sent now.
      if (parsed.type === "ready" && this.preparation !== sent)
        socket.send(JSON.stringify({ type: "subscribe", preparation_date: this.preparation }));
      if (parsed.type === "ready") this.confirm(sent);
      this.receive(parsed);
    };
    socket.onclose = (close) => void this.closed(socket, close.code);
  }

  private receive(message: ServerSocketMessage) {
    if (message.type === "subscribed") return this.confirm(message.preparation_date);
    if (message.type === "ready") {
      this.retry = 0;
      this.lastEventId = Math.max(this.lastEventId, message.last_event_id);
      if (this.wasReady)
        this.resumeListeners.forEach((listener) => {
          listener();
        });
      this.wasReady = true;
      return;
    }
    if (message.type !== "event") return;
    const { event } = message;
    if (event.id !== null) {
      if (event.id <= this.lastEventId) return;
      // An event that follows one this screen never got: reconnect and be replayed from the last one seen.
      if (message.after > this.lastEventId) return this.socket?.close(4000, "gap");
      this.lastEventId = event.id;
    }
    for (const [listener, prefix] of this.listeners) if (event.type.startsWith(prefix)) listener(event);
  }

  private async closed(socket: WebSocket, code: number) {
    if (this.socket !== socket || !this.wanted) return;
    this.confirm("none");
    if (code === 4403) return endSession();
    if (code === 4401 && !(await refreshAccess())) return endSession();
    if (code === SOCKET_DISPLACED.code) return this.reconnectWhenUsed();
    const delay = Math.min(15_000, 500 * 2 ** this.retry++);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /**
   * The user opened more tabs than the server keeps sockets for, and this one was the oldest:
   * reconnecting at once would displace another tab, which would do the same, for ever. The
   * tab keeps what it shows and reconnects (replaying what it missed) when it is used again.
   */
  private reconnectWhenUsed() {
    const used = () => {
      if (document.visibilityState !== "visible") return;
      this.stopWaitingForUse?.();
      this.connect();
    };
    const events = ["focus", "pointerdown", "keydown"] as const;
    events.forEach((name) => {
      window.addEventListener(name, used);
    });
    document.addEventListener("visibilitychange", used);
    this.stopWaitingForUse = () => {
      events.forEach((name) => {
        window.removeEventListener(name, used);
      });
      document.removeEventListener("visibilitychange", used);
      this.stopWaitingForUse = null;
    };
  }
}

export const eventStream = new EventStream();

useSession.subscribe((state, previous) => {
  if (state.access && state.access !== previous.access) eventStream.renew(state.access);
});

/** Calls `handler` for each live event whose type starts with `prefix`. */
export function useEvents(prefix: string, handler: Listener) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => eventStream.subscribe(prefix, (event) => latest.current(event)), [prefix]);
}

/** Calls `handler` when the socket resumes after a drop: the one time a live screen asks again. */
export function useResume(handler: () => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => eventStream.onResume(() => latest.current()), []);
}

/**
 * The board on screen receives the preparation events of its date only (every date: ""):
 * returns whether it may read its state, i.e. no event of that date can be missed after.
 */
export function usePreparationEvents(date: string) {
  const preparation = date || null;
  useEffect(() => {
    eventStream.followPreparation(preparation);
    return () => eventStream.followPreparation(undefined);
  }, [preparation]);
  return useSyncExternalStore(eventStream.onConfirmed, () => eventStream.followsPreparation(preparation));
}
