import { setWorkerUrl } from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";

// maplibre looks for its worker beside its own file; bundled, that file is a hashed chunk and
// the worker was never emitted. Vite emits the worker as an asset and this is its address.
setWorkerUrl(workerUrl);
