/**
 * The reviewed table of who may call each documented REST operation. One row per
 * operation of /openapi.json, keyed `METHOD path`; tests/integration/route-matrix/*.test.ts read it
 * and fail when an operation has no row.
 *
 * Each role gets one of:
 *   'ok'   the call is served: the handler decides (2xx, 404, 409, 422 …), never 401 or 403;
 *   401    refused as unauthenticated (no credentials the operation accepts);
 *   403    signed in, but this role may not ('Not enough permissions' and the like);
 *   'same' a public call: every caller gets the same answer, credentials or not.
 *
 * The roles: anonymous (nothing), user and admin (accounts of the school), superuser (working in
 * that school), widget (only the school's public `X-API-Key`, from an allowed site).
 *
 * Where the rules come from (docs/decisions.md): user administration is admin and superuser only;
 * deleting a school takes an admin or superuser of it; the scheduler, the multi-school reports and
 * the Manage Prospects switch are superuser only; every other school screen is open to every role
 * of the school (the spec names no per-role rule, e.g. "Every role of the school may use the screen"
 * for prospects); the widget API takes the key and nothing else; bearer routes never take the key.
 */
export type Role = 'anonymous' | 'user' | 'admin' | 'superuser' | 'widget';
export type Expected = 'ok' | 401 | 403 | 'same';
export type Row = Record<Role, Expected>;

export const ROLES: Role[] = ['anonymous', 'user', 'admin', 'superuser', 'widget'];

/** Public: same answer for everyone (sign-in, registration, health, contact, public uploads …). */
const PUBLIC: Row = { anonymous: 'same', user: 'same', admin: 'same', superuser: 'same', widget: 'same' };
/** Any signed-in account of the school. */
const STAFF: Row = { anonymous: 401, widget: 401, user: 'ok', admin: 'ok', superuser: 'ok' };
/** Admins and superusers. */
const ADMIN: Row = { anonymous: 401, widget: 401, user: 403, admin: 'ok', superuser: 'ok' };
/** Superusers only. */
const SUPERUSER: Row = { anonymous: 401, widget: 401, user: 403, admin: 403, superuser: 'ok' };
/** The widget API: the school's key, nothing else (a staff token is not a key). */
const WIDGET: Row = { anonymous: 401, widget: 'ok', user: 401, admin: 401, superuser: 401 };

export const EXPECTED_ROLES: Record<string, Row> = {
  "GET /health": PUBLIC,
  "GET /health/ready": PUBLIC,
  "POST /contact": PUBLIC,
  "GET /auth/user-count": PUBLIC,
  "POST /auth/check-accounts": PUBLIC,
  "POST /auth/login": PUBLIC,
  "POST /auth/login-selected": PUBLIC,
  "GET /auth/linked-accounts": STAFF,
  "POST /auth/check-superuser-schools": PUBLIC,
  "POST /auth/grant-school-access": PUBLIC,
  "POST /auth/register": PUBLIC,
  "POST /auth/request-password-reset": PUBLIC,
  "POST /auth/reset-password": PUBLIC,
  "GET /auth/me": STAFF,
  "POST /auth/refresh": PUBLIC,
  "PUT /auth/profile": STAFF,
  "POST /auth/validate-password": PUBLIC,
  "GET /auth/users": ADMIN,
  "POST /auth/users": ADMIN,
  "GET /auth/users/{id}": ADMIN,
  "PUT /auth/users/{id}": ADMIN,
  "DELETE /auth/users/{id}": ADMIN,
  "PUT /auth/users/{id}/password": ADMIN,
  "GET /schools/": STAFF,
  "POST /schools/": STAFF,
  "GET /schools/my-school": STAFF,
  "PUT /schools/my-school": STAFF,
  "PATCH /schools/my-school/basic": STAFF,
  "PATCH /schools/my-school/classification": STAFF,
  "PATCH /schools/my-school/branding": STAFF,
  "PATCH /schools/my-school/contact": STAFF,
  "PATCH /schools/my-school/tuition": STAFF,
  "PATCH /schools/my-school/social": STAFF,
  "POST /schools/my-school/upload-logo": STAFF,
  "GET /schools/my-school/fact-sheet": STAFF,
  "PUT /schools/my-school/fact-sheet": STAFF,
  "GET /uploads/{id}": PUBLIC,
  "GET /api/scheduler/scheduled-tasks": SUPERUSER,
  "GET /api/scheduler/task-executions": SUPERUSER,
  "GET /api/scheduler/task-statistics": SUPERUSER,
  "POST /api/scheduler/tasks/{id}/trigger": SUPERUSER,
  "GET /action-prompts/": STAFF,
  "POST /action-prompts/": STAFF,
  "PUT /action-prompts/{id}": STAFF,
  "DELETE /action-prompts/{id}": STAFF,
  "GET /web-links/": STAFF,
  "POST /web-links/": STAFF,
  "PUT /web-links/{id}": STAFF,
  "DELETE /web-links/{id}": STAFF,
  "POST /web-links/{id}/generate-insights": STAFF,
  "POST /web-links/{id}/generate-insights-manual": STAFF,
  "GET /insights/all": STAFF,
  "GET /corrections/": STAFF,
  "POST /corrections/": STAFF,
  "PUT /corrections/{id}": STAFF,
  "DELETE /corrections/{id}": STAFF,
  "GET /files/": STAFF,
  "POST /files/": STAFF,
  "PUT /files/{id}": STAFF,
  "DELETE /files/{id}": STAFF,
  "POST /files/{id}/generate-insights": STAFF,
  "GET /interview-calls/": STAFF,
  "POST /interview-calls/": STAFF,
  "PUT /interview-calls/{id}": STAFF,
  "DELETE /interview-calls/{id}": STAFF,
  "POST /interview-calls/{id}/start-call": STAFF,
  "POST /interview-calls/{id}/reset-call": STAFF,
  "POST /interview-calls/{id}/generate-summary": STAFF,
  "POST /interview-calls/webhook": PUBLIC,
  "GET /ai-settings/persona": STAFF,
  "PUT /ai-settings/persona": STAFF,
  "GET /ai-settings/personality": STAFF,
  "PUT /ai-settings/personality": STAFF,
  "GET /ai-settings/voices/elevenlabs": STAFF,
  "PUT /ai-settings/voices/elevenlabs": STAFF,
  "POST /ai-settings/persona/upload-avatar": STAFF,
  "GET /ai-settings/voices/available": STAFF,
  "POST /ai-settings/voices/elevenlabs/preview": STAFF,
  "GET /special-instructions/": STAFF,
  "POST /special-instructions/": STAFF,
  "PUT /special-instructions/{id}": STAFF,
  "GET /ai-settings/all-instructions": STAFF,
  "GET /ai-settings/vocabulary": STAFF,
  "PUT /ai-settings/vocabulary": STAFF,
  "DELETE /special-instructions/{id}": STAFF,
  "GET /chatbot/current-key": STAFF,
  "GET /chatbot/current-key/internal": STAFF,
  "GET /chatbot/allowed-origins": STAFF,
  "PUT /chatbot/allowed-origins": STAFF,
  "GET /setup/settings": STAFF,
  "PUT /setup/settings": STAFF,
  "POST /setup/cleanup-old-data": STAFF,
  "GET /widget-styling": STAFF,
  "POST /widget-styling": STAFF,
  "GET /setup/storage-stats": STAFF,
  "GET /lead-gen/settings": STAFF,
  "PUT /lead-gen/settings": STAFF,
  "GET /lead-gen/field-definitions": STAFF,
  "GET /api/widget/persona-info": WIDGET,
  "GET /api/widget/config": WIDGET,
  "POST /api/widget/chat": WIDGET,
  "POST /api/widget/chat/stream": WIDGET,
  "POST /api/widget/events": WIDGET,
  "POST /api/widget/leads": WIDGET,
  "POST /api/widget/handoff": WIDGET,
  "GET /conversations/": STAFF,
  "GET /conversations/{id}": STAFF,
  "GET /conversations/export": STAFF,
  "POST /conversation-ratings/": STAFF,
  "PUT /conversation-ratings/{id}": STAFF,
  "DELETE /conversation-ratings/{id}": STAFF,
  "GET /conversation-ratings/stats": STAFF,
  "GET /conversation-ratings/training-data": STAFF,
  "GET /conversations/analytics": STAFF,
  "POST /conversations/stats/generate-daily": STAFF,
  "GET /conversation-analytics/summary": STAFF,
  "GET /conversation-analytics/topic-categories": STAFF,
  "GET /conversation-analytics/sentiment-categories": STAFF,
  "GET /conversation-analytics/unanswered": STAFF,
  "GET /api/reports/chatbot-metrics": STAFF,
  "GET /api/reports/leads-metrics": STAFF,
  "GET /api/reports/chatbot-metrics-multi-school": SUPERUSER,
  "GET /api/reports/leads-metrics-multi-school": SUPERUSER,
  "GET /api/crm-integration": STAFF,
  "POST /api/crm-integration": STAFF,
  "PUT /api/crm-integration": STAFF,
  "DELETE /api/crm-integration": STAFF,
  "POST /api/crm-integration/test": STAFF,
  "POST /api/crm-integration/secret/rotate": STAFF,
  "GET /api/crm-integration/deliveries": STAFF,
  "POST /api/crm-integration/deliveries/{id}/replay": STAFF,
  "GET /api/crm-integration/existing-leads": STAFF,
  "POST /api/crm-integration/existing-leads": STAFF,
  "GET /api/prospects/my-school": STAFF,
  "POST /api/prospects/my-school": STAFF,
  "GET /api/prospects/my-school/stats": STAFF,
  "GET /api/prospects/my-school/{id}": STAFF,
  "PUT /api/prospects/my-school/{id}": STAFF,
  "DELETE /api/prospects/my-school/{id}": STAFF,
  "POST /api/prospects/my-school/parse-headers": STAFF,
  "POST /api/prospects/my-school/upload": STAFF,
  "GET /api/prospects/my-school/batches": STAFF,
  "GET /api/prospects/my-school/batch/{batch_id}": STAFF,
  "DELETE /api/prospects/my-school/batch/{batch_id}": STAFF,
  "GET /api/prospects/my-school/feature": STAFF,
  "PUT /api/prospects/my-school/feature": SUPERUSER,
  "GET /leads/": STAFF,
  "POST /leads/": STAFF,
  "GET /leads/{id}": STAFF,
  "PATCH /leads/{id}": STAFF,
  "DELETE /leads/{id}": STAFF,
  "GET /leads/{id}/conversation": STAFF,
  "GET /leads/stats": STAFF,
  "GET /leads/export/field-stats": STAFF,
  "GET /leads/export/last-export-date": STAFF,
  "POST /leads/export/track": STAFF,
  "GET /leads/export": STAFF,
  "POST /auth/logout": PUBLIC,
  "DELETE /schools/my-school": ADMIN,
  "POST /chatbot/generate-api-key": STAFF,
};
