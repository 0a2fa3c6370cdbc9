/** What the hub needs of the user behind a socket: who, to close it, and the group, to filter events. */
export interface SocketUser {
  id: number;
  group: string;
}
