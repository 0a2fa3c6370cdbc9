export { seedReference, seedDemo } from "./reference";
