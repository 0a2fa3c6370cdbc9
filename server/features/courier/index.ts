// The public entry of courier: what other features may use of it (.dependency-cruiser.cjs).
export { appendCourierChanged, appendStopEvents, closeFromBoard, courierOfColumn, recordRoute } from "./route-stops";
