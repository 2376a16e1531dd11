/**
 * What runs once after every change to a pilot's flights: an analysed file, an edit, a debug reset.
 * The pilot's cached reads go stale and newly reached achievements are recorded. Call it exactly once
 * per change, after the change is stored. The composition root (services.ts) builds it from the areas
 * that react, so flights/ depends on none of them.
 */
export type FlightsChanged = (userId: number) => Promise<void>;
