/** The rows a table draws in its first frame; the rest come after it (data-table.tsx). */
export const ROWS_IN_FIRST_FRAME = 15;

/** The rows a table draws in each task after its first frame, until all are drawn (data-table.tsx). */
export const ROWS_PER_TASK = 20;
