import { useTranslation } from 'react-i18next';
import type { CameraMetrics } from '@homecam/shared';
import { formatBitRate, formatInteger, formatPercent } from './format';

type Column = { key: string; label: string; value: (row: CameraMetrics) => string; numeric?: boolean };

function useColumns(): Column[] {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return [
    { key: 'state', label: t('utilization:cameras.state'), value: (row) => t(`cameras:status.${row.state}`) },
    { key: 'cpu', label: t('utilization:cameras.cpu'), value: (row) => formatPercent(row.cpu, lang), numeric: true },
    { key: 'bitrate', label: t('utilization:cameras.bitrate'), value: (row) => formatBitRate(row.ingestBitsPerSecond, lang), numeric: true },
    { key: 'viewers', label: t('utilization:cameras.viewers'), value: (row) => formatInteger(row.viewers, lang), numeric: true },
    { key: 'consumers', label: t('utilization:cameras.consumers'), value: (row) => formatInteger(row.consumers, lang), numeric: true },
    { key: 'dropped', label: t('utilization:cameras.dropped'), value: (row) => formatInteger(row.droppedFragments, lang), numeric: true },
    { key: 'reconnects', label: t('utilization:cameras.reconnects'), value: (row) => formatInteger(row.reconnects, lang), numeric: true },
  ];
}

/**
 * One row per camera stream as of the newest sample: a table from the small breakpoint up, a card per stream
 * on a phone (seven numbers do not fit 375 px side by side).
 */
export function CameraTable({ cameras }: { cameras: CameraMetrics[] }) {
  const { t } = useTranslation();
  const columns = useColumns();
  if (cameras.length === 0) {
    return (
      <p className="text-sm text-foreground-muted" data-testid="utilization-cameras-empty">
        {t('utilization:cameras.empty')}
      </p>
    );
  }
  const name = (row: CameraMetrics) => `${row.camera} · ${t(`utilization:cameras.streams.${row.stream}`)}`;
  return (
    <div data-testid="utilization-cameras">
      <table className="hidden w-full text-sm sm:table" data-testid="utilization-camera-table">
        <thead>
          <tr className="border-b border-border text-left text-foreground-muted">
            <th scope="col" className="py-2 pr-3 font-medium">{t('utilization:cameras.camera')}</th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={`py-2 pr-3 font-medium ${column.numeric ? 'text-right' : ''}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cameras.map((row) => (
            <tr key={`${row.camera}/${row.stream}`} className="border-b border-border last:border-0" data-testid="utilization-camera-row">
              <th scope="row" className="py-2 pr-3 text-left font-medium text-foreground">{name(row)}</th>
              {columns.map((column) => (
                <td key={column.key} className={`py-2 pr-3 tabular-nums ${column.numeric ? 'text-right' : ''}`} data-column={column.key}>
                  {column.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-3 sm:hidden" data-testid="utilization-camera-cards">
        {cameras.map((row) => (
          <li key={`${row.camera}/${row.stream}`} className="rounded-lg border border-border p-3">
            <p className="font-medium text-foreground">{name(row)}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {columns.map((column) => (
                <div key={column.key} className="contents">
                  <dt className="text-foreground-muted">{column.label}</dt>
                  <dd className="text-right tabular-nums">{column.value(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
