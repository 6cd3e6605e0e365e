import { useEffect } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  REQUEST_MSG,
  REQUEST_PAGE_SIZE,
  RequestType,
  requestListReplySchema,
  requestReplySchema,
  type CreateRequest,
  type RequestReporteeScopeId,
  type RequestRow,
  type UpdateRequestStatus,
} from '@tankha/contracts';
import { ApiError, api } from '../../app/api';
import { toast } from '../../app/toast';

/** Every request query starts with this key, so one invalidation refreshes own and team lists. */
export const REQUESTS_KEY = 'requests';

export interface RequestPage {
  rows: RequestRow[];
  totalRecords: number;
}

export interface RequestListParams {
  page: number;
  /** 0 is all. */
  status: number;
  /** true: the caller's own; false: the team's by scope. */
  onlyMyRequests: boolean;
  reportingFilterType?: RequestReporteeScopeId;
}

/** GET /Requests (people spec §7), 8 a page, attendance regularization only. Quiet: the page reports failures. */
export async function fetchRequests(params: RequestListParams, signal?: AbortSignal): Promise<RequestPage> {
  const reply = await api.get('/Requests', requestListReplySchema, {
    query: {
      pageNumber: params.page,
      pageSize: REQUEST_PAGE_SIZE,
      requestType: RequestType.AttendanceRegularization,
      onlyMyRequests: params.onlyMyRequests,
      ...(params.status ? { status: params.status } : {}),
      ...(params.onlyMyRequests ? {} : { reportingFilterType: params.reportingFilterType ?? 1 }),
    },
    quiet: true,
    signal,
  });
  return { rows: reply.data, totalRecords: reply.totalRecords };
}

/**
 * A page of requests. A failed fetch toasts 'Failed to fetch requests' (people spec §8), unless the
 * API client already dealt with it (an access error: redirect, modal or access screen).
 */
export function useRequests(params: RequestListParams) {
  const query = useQuery({
    queryKey: [REQUESTS_KEY, params],
    queryFn: ({ signal }) => fetchRequests(params, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const { error } = query;
  useEffect(() => {
    if (error && !(error instanceof ApiError && error.handled)) toast.error(REQUEST_MSG.fetchFailed);
  }, [error]);
  return query;
}

/** POST /Requests; success is judged by the reply's statusCode (people spec §7). */
export async function createRequest(body: CreateRequest): Promise<RequestRow> {
  const reply = await api.post('/Requests', requestReplySchema, body, { quiet: true });
  if (reply.statusCode !== 200) throw new Error(reply.message);
  return reply.data;
}

export async function updateRequestStatus(id: string, body: UpdateRequestStatus): Promise<RequestRow> {
  return (await api.put(`/Requests/${id}/status`, requestReplySchema, body, { quiet: true })).data;
}
