// What the import page and its planner both name: the row's ID as a mapping's target, and the largest sheet taken.
export const ID_FIELD = "_id";
/** Each column of the file: a field of the sheet, the row's ID, or nothing. */
export type Mapping = (string | null)[];
export { MAX_IMPORT_ROWS } from "#contract/import";
