import 'server-only';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { scimUsers, ssoConnections, ssoDomains, users } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { recordAudit, type AuditActor } from '@/lib/audit/record';
import { domainOf, schoolDomains } from '@/lib/sso/domains';
import { insertPasswordlessAccount, lockSchoolAccounts } from '@/lib/sso/sign-in';
import { deleteUser, updateUser } from '@/lib/users/service';
import type { UserWithSchool } from '@/lib/users/present';
import type { UpdateUserInput } from '@/lib/users/schema';
import { parseScimFilter } from './filter';
import { ScimError, scimBadRequest, scimNotFound } from './http';
import { changesFromPatch, changesFromResource, type UserChanges } from './patch';
import { SCIM_LIST_SCHEMA, SCIM_MAX_RESULTS, SCIM_USER_SCHEMA, type ScimPatchOperation, type ScimUserInput } from './schema';
import { scimBaseUrl } from './token';

// The school's staff accounts as SCIM Users (/scim/v2/Users), for the identity provider holding the
// school's SCIM token: found by userName (the e-mail) or externalId, made with no password and the
// connection's default role, changed and deactivated or deleted by User Management's own code
// (lib/users/service.ts), so deactivation ends every session at once exactly as it does there.
// Only the token's school's accounts in its single sign-on domains are visible; superusers' never
// are (404), so SCIM cannot touch them.

/** Who SCIM changes are recorded as in the audit log: the school's provider, no account of Lantern's. */
export const SCIM_ACTOR: AuditActor = { id: null, email: 'scim' };

/**
 * User Management's rules and writes run for SCIM as an administrator of the token's school with no
 * account of its own (its audit actor is SCIM_ACTOR): the same school check, the same refusal to
 * touch a superuser, the same e-mail clash check, the same audit entries, and the same deactivation
 * (token version bumped, refresh tokens revoked). `updateUser` and `deleteUser` read only its
 * role, school, id (never anyone's) and e-mail.
 */
function provisioner(schoolId: number): AuthContext {
  const user = { ...SCIM_ACTOR, role: 'admin', schoolId, schoolName: null } as unknown as UserWithSchool;
  return { user, role: 'admin', schoolId };
}

type Row = Pick<UserWithSchool, 'id' | 'email' | 'firstName' | 'lastName' | 'isActive' | 'createdAt' | 'updatedAt'> & { externalId: string | null };

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isActive: users.isActive,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  externalId: scimUsers.externalId,
};

function view(row: Row) {
  const location = `${scimBaseUrl()}/Users/${row.id}`;
  const formatted = `${row.firstName} ${row.lastName}`.trim();
  return {
    schemas: [SCIM_USER_SCHEMA],
    id: String(row.id),
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    userName: row.email,
    name: { givenName: row.firstName, familyName: row.lastName, formatted },
    displayName: formatted,
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.isActive,
    meta: { resourceType: 'User', created: row.createdAt.toISOString(), lastModified: row.updatedAt.toISOString(), location },
  };
}

export type ScimUser = ReturnType<typeof view>;

/** The address's domain is one the school's connection signs in (as `domainOf` reads it: after the last @). */
const inSsoDomain = sql`exists (select 1 from ${ssoDomains} where ${ssoDomains.schoolId} = ${users.schoolId} and ${ssoDomains.domain} = lower(substring(${users.email} from '@([^@]*)$')))`;

/**
 * The accounts SCIM may see: the school's, in the domains its provider signs in (an account under
 * another address is not the provider's to rename into its domain and so take over), never a superuser's.
 */
const visible = (schoolId: number, ...more: (SQL | undefined)[]) => and(eq(users.schoolId, schoolId), ne(users.role, 'superuser'), inSsoDomain, ...more);

async function select(where: SQL | undefined, page?: { offset: number; limit: number }): Promise<Row[]> {
  const db = await getDb();
  let q = db.select(columns).from(users).leftJoin(scimUsers, eq(scimUsers.userId, users.id)).where(where).orderBy(users.id).$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  return q;
}

/** An account of the school by its SCIM id; 404 for another school's, a superuser's, or an id that is not one. */
async function load(schoolId: number, id: string): Promise<Row> {
  const n = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!(n > 0 && n <= 2147483647)) throw scimNotFound();
  const [row] = await select(visible(schoolId, eq(users.id, n)));
  if (!row) throw scimNotFound();
  return row;
}

function pageNumber(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\s*-?\d{1,12}\s*$/.test(raw)) throw scimBadRequest('invalidValue', `${name} must be a whole number`);
  return Number(raw);
}

/** GET /Users: a ListResponse, filtered by userName or externalId; startIndex from 1, count at most SCIM_MAX_RESULTS. */
export async function listScimUsers(schoolId: number, query: { filter?: string; startIndex?: string; count?: string }) {
  const filter = parseScimFilter(query.filter);
  // RFC 7644 §3.4.2.4: a startIndex below 1 counts as 1, a negative count as 0.
  const startIndex = Math.max(1, pageNumber(query.startIndex, 'startIndex', 1));
  const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, pageNumber(query.count, 'count', 100)));
  const condition = !filter ? undefined : filter.attribute === 'userName' ? sql`lower(${users.email}) = lower(${filter.value})` : eq(scimUsers.externalId, filter.value);
  const where = visible(schoolId, condition);
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    count > 0 ? select(where, { offset: startIndex - 1, limit: count }) : Promise.resolve([]),
    db.select({ n: sql<number>`count(*)::int` }).from(users).leftJoin(scimUsers, eq(scimUsers.userId, users.id)).where(where),
  ]);
  return { schemas: [SCIM_LIST_SCHEMA], totalResults: total?.n ?? 0, startIndex, itemsPerPage: rows.length, Resources: rows.map(view) };
}

export async function getScimUser(schoolId: number, id: string): Promise<ScimUser> {
  return view(await load(schoolId, id));
}

/** An address SCIM may give an account: in one of the domains the school's connection signs in. */
async function assertSchoolDomain(schoolId: number, email: string): Promise<void> {
  const domains = await schoolDomains(schoolId);
  if (!domains.length) throw scimBadRequest('invalidValue', 'This school has no single sign-on connection: set one up in Lantern before provisioning accounts');
  if (!domains.includes(domainOf(email))) throw scimBadRequest('invalidValue', `userName ${email} is not in an e-mail domain this school signs in with single sign-on (${domains.join(', ')})`);
}

async function keepExternalId(schoolId: number, userId: number, externalId: string | null): Promise<void> {
  const db = await getDb();
  await db
    .insert(scimUsers)
    .values({ userId, schoolId, externalId })
    .onConflictDoUpdate({ target: scimUsers.userId, set: { externalId, updatedAt: new Date() } });
}

/** POST /Users: a new account of the school with no password (it signs in by SSO) and the connection's default role; 409 when the school has the address. */
export async function createScimUser(schoolId: number, input: ScimUserInput): Promise<ScimUser> {
  const email = input.userName;
  await assertSchoolDomain(schoolId, email);
  const db = await getDb();
  const userId = await db.transaction(async (tx) => {
    // SCIM and a first sign-in of one address make one account.
    await lockSchoolAccounts(tx, schoolId);
    const [connection] = await tx.select({ defaultRole: ssoConnections.defaultRole }).from(ssoConnections).where(eq(ssoConnections.schoolId, schoolId)).limit(1);
    const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(users.schoolId, schoolId), sql`lower(${users.email}) = ${email}`)).limit(1);
    if (taken) throw new ScimError(409, `The school already has an account for ${email}: find it with filter=userName eq "${email}"`, 'uniqueness');
    const role = connection?.defaultRole ?? 'user';
    const id = await insertPasswordlessAccount(tx, { schoolId, email, firstName: input.name?.givenName ?? null, lastName: input.name?.familyName ?? null, role, isActive: input.active ?? true });
    await tx.insert(scimUsers).values({ userId: id, schoolId, externalId: input.externalId ?? null });
    await recordAudit({ action: 'user.created', actor: SCIM_ACTOR, schoolId, target: { type: 'user', id }, details: { by: 'scim', role, is_active: input.active ?? true } }, tx);
    return id;
  });
  return getScimUser(schoolId, String(userId));
}

/** Applies changes through User Management's update (sessions end at once on deactivation), then the externalId. */
async function apply(schoolId: number, row: Row, changes: UserChanges): Promise<ScimUser> {
  const input: UpdateUserInput = {};
  if (changes.email !== undefined && changes.email !== row.email.toLowerCase()) {
    await assertSchoolDomain(schoolId, changes.email);
    input.email = changes.email;
  }
  if (changes.firstName !== undefined && changes.firstName !== row.firstName) input.first_name = changes.firstName;
  if (changes.lastName !== undefined && changes.lastName !== row.lastName) input.last_name = changes.lastName;
  if (changes.active !== undefined && changes.active !== row.isActive) input.is_active = changes.active;
  if (Object.keys(input).length) await updateUser(provisioner(schoolId), row.id, input);
  if (changes.externalId !== undefined && changes.externalId !== row.externalId) await keepExternalId(schoolId, row.id, changes.externalId);
  return getScimUser(schoolId, String(row.id));
}

/** PUT /Users/{id}: the account as the provider holds it (attributes left out are kept). */
export async function replaceScimUser(schoolId: number, id: string, input: ScimUserInput): Promise<ScimUser> {
  return apply(schoolId, await load(schoolId, id), changesFromResource(input));
}

/** PATCH /Users/{id}: `active: false` deactivates the account and ends its sessions at once; `true` reactivates it. */
export async function patchScimUser(schoolId: number, id: string, operations: ScimPatchOperation[]): Promise<ScimUser> {
  const row = await load(schoolId, id);
  return apply(schoolId, row, changesFromPatch(operations));
}

/** DELETE /Users/{id}: deletes the account, as User Management's delete does (its sessions end with it). */
export async function deleteScimUser(schoolId: number, id: string): Promise<void> {
  const row = await load(schoolId, id);
  await deleteUser(provisioner(schoolId), row.id);
}
