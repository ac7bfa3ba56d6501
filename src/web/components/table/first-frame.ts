/** The rows a table draws in its first frame; the rest come in the next (data-table.tsx). */
export const ROWS_IN_FIRST_FRAME = 15;
