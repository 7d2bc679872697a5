import 'server-only';
import { databaseFault, FAULT_DETAIL, FAULT_RETRY_AFTER, isUniqueViolation } from '@/db/faults';
import { logError, logValue, errorText } from '@/lib/system/log';
import { AppError, conflict, serviceUnavailable } from './errors';

// Apart from route.ts so that the widget's routes answer their errors without loading staff sign-in.

/** Every failure answers FastAPI-shaped `{detail, code}`; the code comes from AppError alone. */
export function errorResponse(err: unknown): Response {
  if (err instanceof AppError) return err.toResponse();
  // A unique-constraint race that the service's own checks could not see answers 409, not 500.
  if (isUniqueViolation(err)) return conflict('A record with these details already exists').toResponse();
  const fault = databaseFault(err);
  if (fault) {
    // Expected while the database restarts or is saturated: one line, not a stack per request.
    console.warn(`[api] database ${fault}: ${logValue(errorText(err))}`);
    return serviceUnavailable(FAULT_DETAIL[fault], FAULT_RETRY_AFTER[fault]).toResponse();
  }
  console.error(`[api] unhandled error ${logError(err)}`);
  return new AppError(500, 'Internal server error').toResponse();
}
