export { seedReference } from "./reference";
export { seedDemo } from "./demo";
