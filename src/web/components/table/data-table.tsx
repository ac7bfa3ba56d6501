import { type ReactNode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { ROWS_IN_FIRST_FRAME, ROWS_PER_TASK } from './first-frame';
import { tr, useMessages } from '../../lib/i18n';

// The one table of the app: columns as data, row actions, an optional totals row. Every list,
// statement, ledger and log is this component with its own columns. On a phone (under 640 px)
// the same markup shows each row as a card (app.css `.data-table`): every cell on its own line
// under its column's name, the first as the card's title, and the totals kept in view at the
// bottom of the screen; nothing scrolls sideways.

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  /** Numbers sit right, in tabular figures. */
  numeric?: boolean;
  /** Keep on one line (dates, amounts); long text wraps. */
  nowrap?: boolean;
  cell: (row: Row, index: number) => ReactNode;
  /** This column's cell in the totals row. */
  total?: ReactNode;
  className?: string;
}

export interface DataTableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Actions at the end of each row (Void, Sell, End Time, details ...). */
  actions?: (row: Row, index: number) => ReactNode;
  actionsHeader?: ReactNode;
  rowClassName?: (row: Row) => string;
  /** The rows' test id, for the browser tests. */
  rowTestId?: string;
  /**
   * A first row: the ledger's balance brought forward (one value at the end), or a statement's
   * figures before its dates (a value per column, `cells`).
   */
  lead?: { label: ReactNode; value?: ReactNode; cells?: (column: TableColumn<Row>) => ReactNode; testId?: string };
  /** The totals row (label in the first column, the columns' `total` in theirs), and more rows after it (a closing line). */
  totals?: FootRow<Row> | readonly FootRow<Row>[];
  empty?: ReactNode;
  /** Names a wide table's frame, which then takes keyboard focus to scroll sideways (the production report's months). */
  label?: string;
  className?: string;
  tableClassName?: string;
}

/** A row of the table's foot: its label in the first column, `cell` (default: the column's `total`) in the others. */
export interface FootRow<Row> {
  label: ReactNode;
  testId?: string;
  cell?: (column: TableColumn<Row>) => ReactNode;
}

const cellClass = <Row,>(c: TableColumn<Row>) =>
  [c.numeric ? 'text-right tabular-nums' : '', c.nowrap || c.numeric ? 'whitespace-nowrap' : '', c.className ?? ''].join(' ').trim();

// Headers, totals and empty notes given as English text (the registry's, the catalogue's) show in the chosen language.
const labelOf = <Row,>(c: TableColumn<Row>) => (typeof c.header === 'string' ? tr(c.header) : undefined);
const shown = (node: ReactNode) => (typeof node === 'string' ? tr(node) : node);

/**
 * The rows drawn so far: a table's first frame has ROWS_IN_FIRST_FRAME, and once it is painted the
 * rest come ROWS_PER_TASK at a time, each batch in a task of its own. Preact (the browser's build,
 * decision 0049) draws an update in one task, so a statement's rows and their layout were one long
 * task on a phone (issue 32 item 4): the screen's top (its heading, the first cards) is painted from
 * the first, and no task draws more than a batch. A page being printed has every row at once
 * (`beforeprint`); once a table has drawn all its rows it draws them all from then on.
 */
function useRowsShown(count: number): number {
  const [limit, setLimit] = useState(ROWS_IN_FIRST_FRAME);
  const more = count > limit;
  useEffect(() => {
    if (!more) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => setLimit((l) => (l + ROWS_PER_TASK >= count ? Infinity : l + ROWS_PER_TASK));
    // The first batch after the first frame is painted (a frame's callback runs just before its
    // paint); each next one in the task after the batch before it.
    const frame = limit === ROWS_IN_FIRST_FRAME ? requestAnimationFrame(() => (timer = setTimeout(next, 0))) : undefined;
    if (frame === undefined) timer = setTimeout(next, 0);
    const now = () => flushSync(() => setLimit(Infinity));
    window.addEventListener('beforeprint', now);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('beforeprint', now);
    };
  }, [more, limit, count]);
  return more ? limit : count;
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, actions } = props;
  const m = useMessages();
  const drawn = useRowsShown(props.rows.length);
  const rows = drawn < props.rows.length ? props.rows.slice(0, drawn) : props.rows;
  const span = columns.length + (actions ? 1 : 0);
  // Rows still on their way (`empty` null): no table yet. Its columns take their widths from the
  // rows, so a table drawn before them would move its headers when they came (a layout shift).
  if (rows.length === 0 && props.empty === null && !props.lead && !props.totals)
    return (
      <div className={`${props.className ?? 'mt-2'} data-table-frame rounded-box border border-base-300 p-2 text-sm text-muted`} role="status">
        {m.loading}
      </div>
    );
  return (
    <div
      className={`${props.className ?? 'mt-2'} data-table-frame overflow-x-auto rounded-box border border-base-300`}
      {...(props.label ? { role: 'region', 'aria-label': props.label, tabIndex: 0 } : {})}
    >
      <table className={`data-table table table-sm ${props.tableClassName ?? ''}`}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} className={c.numeric ? 'text-right' : ''}>
                {shown(c.header)}
              </th>
            ))}
            {actions ? <th className="text-right">{shown(props.actionsHeader)}</th> : null}
          </tr>
        </thead>
        <tbody>
          {props.lead?.cells ? (
            <FigureRow columns={columns} actions={!!actions} label={props.lead.label} cell={props.lead.cells} testId={props.lead.testId} />
          ) : props.lead ? (
            <tr data-testid={props.lead.testId}>
              <td colSpan={columns.length - 1}>{shown(props.lead.label)}</td>
              {/* Under the last column (the ledger's Balance), not under the row actions. */}
              <td className="whitespace-nowrap text-right tabular-nums" data-lead-value="">
                {props.lead.value}
              </td>
              {actions ? <td /> : null}
            </tr>
          ) : null}
          {rows.map((row, i) => (
            <tr key={props.rowKey(row)} className={props.rowClassName?.(row) ?? ''} data-testid={props.rowTestId}>
              {columns.map((c) => (
                <td key={c.key} className={cellClass(c)} data-label={labelOf(c)}>
                  {c.cell(row, i)}
                </td>
              ))}
              {actions ? (
                <td className="whitespace-nowrap text-right" data-actions="">
                  {actions(row, i)}
                </td>
              ) : null}
            </tr>
          ))}
          {rows.length === 0 && props.empty ? (
            <tr>
              <td colSpan={span}>{shown(props.empty)}</td>
            </tr>
          ) : null}
        </tbody>
        {props.totals ? (
          <tfoot>
            {[props.totals].flat().map((r, i) => (
              <FigureRow
                key={i}
                className="font-bold"
                columns={columns}
                actions={!!actions}
                label={shown(r.label)}
                cell={r.cell ?? ((c) => c.total)}
                testId={r.testId}
              />
            ))}
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** A row of figures under the columns: a label in the first cell, `cell(column)` in the others. */
function FigureRow<Row>(props: {
  columns: readonly TableColumn<Row>[];
  actions: boolean;
  label: ReactNode;
  cell: (column: TableColumn<Row>) => ReactNode;
  testId?: string | undefined;
  className?: string;
}) {
  return (
    <tr className={props.className ?? ''} data-testid={props.testId}>
      {props.columns.map((c, i) => (
        <td key={c.key} className={cellClass(c)} data-label={i === 0 ? undefined : labelOf(c)}>
          {i === 0 ? props.label : props.cell(c)}
        </td>
      ))}
      {props.actions ? <td /> : null}
    </tr>
  );
}

/** A cell of a main line and a smaller second line (a name and its address or email). */
export function TwoLines({ main, sub, breakAll = false }: { main: ReactNode; sub: ReactNode; breakAll?: boolean }) {
  return (
    <>
      <div className="font-medium">{main}</div>
      <div className={`text-xs text-muted ${breakAll ? 'break-all' : ''}`}>{sub}</div>
    </>
  );
}
