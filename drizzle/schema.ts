// The whole D1 schema, one file per area. drizzle-kit reads this file (`npm run db:generate`) and writes migrations/.
export * from "./auth";
export * from "./breeder";
export * from "./community";
export * from "./platform";
export * from "./players";
export * from "./servers";
export * from "./stock";
