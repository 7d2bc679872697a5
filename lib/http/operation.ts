import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One documented REST call: its path as OpenAPI writes it, who may call it and the zod schemas of
 * its inputs. Route handlers parse with these schemas and /openapi.json is generated from them.
 */
export type Operation = {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  /** 'bearer-or-session' also accepts the staff web session, for browser uploads that report progress and downloads (GET, same origin). */
  /** 'widget-key': the public widget API, called with `X-API-Key` (see lib/widget/route.ts). */
  auth: 'none' | 'bearer' | 'optional' | 'bearer-or-session' | 'widget-key';
  body?: z.ZodType;
  /** The body may be absent altogether (logout). */
  bodyOptional?: boolean;
  /** A multipart/form-data upload, read by the handler (documented with these file fields). */
  multipart?: { fileField: string; fileOptional?: boolean; fields?: Record<string, string> };
  query?: z.ZodType;
  params?: z.ZodType;
  /** Status of a successful answer (default 200). */
  status?: number;
  responseDescription?: string;
  /** Statuses, besides 422, that this call answers with `{detail}`. */
  errors?: number[];
};

export const defineOperations = <T extends Record<string, Operation>>(ops: T): T => ops;
