/** The most lines a sheet's import takes, and so the most rows one batch save or import writes (a tribe's sheet is a few thousand). */
export const MAX_IMPORT_ROWS = 20_000;
