/**
 * 'Pendientes' is opened with no signal: its code is fetched while there is one, once an order may
 * be kept on the phone (a screen of the shell opened, or orders already kept). Without a signal
 * now the fetch fails harmlessly: opening Pendientes loads it (or says so) then.
 */
export const prefetchPendingOrdersPage = () => void import("./pending-orders-page").catch(() => undefined);
