import type { ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';

const STAYS_IN_VIEW = 'sticky right-0 shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.15)]';

/** The row's actions cell: it stays in view when a narrow screen scrolls the table sideways. */
export const ACTIONS_CELL = cn(STAYS_IN_VIEW, 'bg-white px-3');

/**
 * An admin list's table: framed, scrolling sideways on narrow screens, the columns' headings
 * and an Actions column that stays in view. The rows are the children.
 */
export function DataTable({
  caption,
  columns,
  className,
  children,
}: {
  caption: string;
  columns: readonly string[];
  /** The table's own width (`min-w-[60rem]`), past which it scrolls. */
  className: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className={cn('w-full text-left text-sm', className)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-slate-200 border-b bg-slate-50 text-slate-600 text-xs uppercase tracking-wide">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-3 font-semibold">
                {column}
              </th>
            ))}
            <th
              scope="col"
              className={cn(STAYS_IN_VIEW, 'bg-slate-50 px-3 py-3 text-right font-semibold')}
            >
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
