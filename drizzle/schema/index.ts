export * from "./users";
export * from "./reference";
export * from "./products";
export * from "./clients";
export * from "./orders";
export * from "./boards";
export * from "./settings";
export * from "./events";
