import type { ListDevicesQuery } from '@contract/devices';
import {
  DEVICE_SEARCH_MAX_LENGTH,
  DEVICE_SEVERITIES,
  DEVICE_SORT_COLUMNS,
  SORT_ORDERS,
  type DeviceSeverity,
  type DeviceSortColumn,
  type SortOrder,
} from '@domain/devices';
import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  pageSizeOrDefault,
  parsePositiveInt,
} from '@domain/pagination';

/**
 * The dashboard's URL state (docs/product/dashboard.md, 'The address'): parsed here, and only here.
 */
export interface DashboardQuery {
  enrolled: boolean | null;
  severity: DeviceSeverity[];
  page: number;
  pageSize: number;
  sort: DeviceSortColumn | null;
  order: SortOrder;
  /** The search (docs/decisions/045): '' for none. */
  q: string;
  /** The device whose detail drawer is open (docs/decisions/059): its code, or null. */
  device: string | null;
}

/** Longest device code the address keeps (the contract's id length). */
const DEVICE_PARAM_MAX_LENGTH = 200;

export const DEFAULT_DASHBOARD_QUERY: DashboardQuery = {
  enrolled: null,
  severity: [],
  page: DEFAULT_PAGE,
  pageSize: DEFAULT_PAGE_SIZE,
  sort: null,
  order: 'asc',
  q: '',
  device: null,
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export function parseDashboardQuery(search: string | URLSearchParams): DashboardQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const enrolled = params.get('enrolled');
  const severities = new Set(params.getAll('severity'));
  const sort = oneOf(DEVICE_SORT_COLUMNS, params.get('sort'));
  return {
    enrolled: enrolled === 'true' ? true : enrolled === 'false' ? false : null,
    // Canonical order, no repeats, unknown values ignored.
    severity: DEVICE_SEVERITIES.filter((s) => severities.has(s)),
    page: parsePositiveInt(params.get('page')) ?? DEFAULT_PAGE,
    pageSize: pageSizeOrDefault(parsePositiveInt(params.get('pageSize')), DEFAULT_PAGE_SIZE),
    sort,
    order: sort ? (oneOf(SORT_ORDERS, params.get('order')) ?? 'asc') : 'asc',
    q: (params.get('q') ?? '').slice(0, DEVICE_SEARCH_MAX_LENGTH).trim(),
    device: params.get('device')?.trim().slice(0, DEVICE_PARAM_MAX_LENGTH) || null,
  };
}

/** The URL query for a state; defaults are left out so a plain dashboard has a plain URL. */
export function serializeDashboardQuery(query: DashboardQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.enrolled !== null) params.set('enrolled', String(query.enrolled));
  for (const s of query.severity) params.append('severity', s);
  if (query.page !== DEFAULT_PAGE) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  if (query.sort) {
    params.set('sort', query.sort);
    params.set('order', query.order);
  }
  if (query.device) params.set('device', query.device);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** What identifies a set of pages: everything but the page number (and the open drawer). */
export function listKey(query: DashboardQuery): string {
  return serializeDashboardQuery({ ...query, page: DEFAULT_PAGE, device: null });
}

/** What identifies the rows shown (a selection belongs to them): everything but the open drawer. */
export function viewKey(query: DashboardQuery): string {
  return serializeDashboardQuery({ ...query, device: null });
}

/** The API query for one page of the list. */
export function toListDevicesQuery(query: DashboardQuery, page = query.page): ListDevicesQuery {
  return {
    page,
    pageSize: query.pageSize,
    enrolled: query.enrolled ?? undefined,
    severity: query.severity.length ? query.severity : undefined,
    sort: query.sort ?? undefined,
    order: query.sort ? query.order : undefined,
    q: query.q || undefined,
  };
}
