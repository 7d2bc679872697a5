import 'server-only';
import { and, asc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { schools, users, type Role } from '@/db/schema';
import { AppError, conflict, forbidden, notFound, unauthorized, validationError } from '@/lib/http/errors';
import { recordAudit } from '@/lib/audit/record';
import { assertUnder, clearLimits, consume, refund, remember, remembered, type Limit } from '@/lib/security/rate-limit';
import { sha256 } from '@/lib/security/tokens';
import { enforcedSsoFor, ssoRequiredMessage } from '@/lib/sso/domains';
import { emailIs, findClash, findUserById, findUsers } from '@/lib/users/queries';
import { toCurrentUser, type UserWithSchool } from '@/lib/users/present';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { checkPassword } from './policy';
import type { ProfileInput, RegisterInput } from './schema';
import { familyLinkedUserIds, issueTokens, revokeAllRefreshTokens, rotateRefreshToken, type TokenPair } from './tokens';

export type AuthContext = { user: UserWithSchool; role: Role; schoolId: number | null; familyId?: string };

const INVALID_CREDENTIALS = 'Incorrect email or password';

export function registrationOpen(count: number): boolean {
  return count === 0 || process.env.ALLOW_REGISTRATION === 'true';
}

export async function userCount() {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  const count = row?.n ?? 0;
  return { count, allow_registration: registrationOpen(count) };
}

/** Throws 422 in the validation shape when the password breaks the policy. */
export function assertPasswordPolicy(password: string, field: string, context: { username?: string; email?: string }): void {
  const check = checkPassword(password, context);
  if (!check.is_valid) throw validationError(check.errors.map((msg) => ({ loc: ['body', field], msg, type: 'password_policy' })));
}

/** Self-registration. The very first account becomes the platform's superuser; later ones are plain users without a school. */
export async function register(input: RegisterInput): Promise<{ user: ReturnType<typeof toCurrentUser>; tokens: TokenPair }> {
  assertPasswordPolicy(input.password, 'password', { username: input.username, email: input.email });
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    // Serialises registrations so two first sign-ups cannot both become superuser.
    await tx.execute(sql`select pg_advisory_xact_lock(7311001)`);
    const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
    if (!registrationOpen(n)) throw forbidden('Registration is disabled. Ask an administrator for an account.');
    const clash = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(sql`${users.schoolId} is null`, sql`(lower(${users.email}) = lower(${input.email}) or lower(${users.username}) = lower(${input.username}))`))
      .limit(1);
    if (clash[0]) {
      throw conflict(clash[0].email.toLowerCase() === input.email.toLowerCase() ? 'Email already registered' : 'Username already taken');
    }
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email,
        username: input.username,
        firstName: input.first_name,
        lastName: input.last_name,
        role: n === 0 ? 'superuser' : 'user',
        passwordHash,
      })
      .returning();
    return row!;
  });
  const user = (await findUserById(created.id))!;
  return { user: toCurrentUser(user), tokens: await issueTokens(user) };
}

const SIGN_IN_WINDOW = 15 * 60;
const KNOWN_CLIENT_SECONDS = 30 * 24 * 60 * 60;

/**
 * Sign-in limits. Every attempt is counted before the password is checked (atomically, so a burst
 * cannot slip through) and a success gives its count back where only failures should count.
 * - per account and client: 10 failures, then this client waits out the window for this account;
 *   a success from the client clears it. One stranger can only lock themselves out.
 * - per account across clients: more than 10 clients failing on the account in a window (at most
 *   10 guesses each, so a ceiling of about 100), then only clients that signed in to the account in
 *   the last 30 days may go on trying: a spread-out attack cannot lock the owner's own client out.
 * - per client: 50 failures across accounts (spraying), and 300 attempts whatever their outcome, so
 *   interleaving successes on an account of one's own cannot stretch the failure budget without end.
 */
function signInLimits(email: string, client: string) {
  const account = sha256(email.toLowerCase());
  return {
    pair: { key: `signin:pair:${account}:${client}`, max: 10, windowSeconds: SIGN_IN_WINDOW },
    failingClients: { key: `signin:account:${account}`, max: 10, windowSeconds: SIGN_IN_WINDOW },
    clientFailures: { key: `signin:client:${client}`, max: 50, windowSeconds: SIGN_IN_WINDOW },
    clientAttempts: { key: `signin:client-attempts:${client}`, max: 300, windowSeconds: SIGN_IN_WINDOW },
    known: `signin:known:${account}:${client}`,
  } satisfies Record<string, Limit | string>;
}

/**
 * The wait before checking a password, from this client's attempts on this account in the window
 * (this one included): none for the first 3, then SIGN_IN_SLOWDOWN_MS (default 250 ms) doubling per
 * attempt, at most 2 s. A success clears the count.
 */
export function signInDelayMs(attempt: number): number {
  const v = Number(process.env.SIGN_IN_SLOWDOWN_MS);
  const base = Number.isFinite(v) && v >= 0 ? v : 250;
  if (attempt <= 3 || base === 0) return 0;
  return Math.min(base * 2 ** (attempt - 4), 8 * base);
}

/**
 * Every active account under this e-mail whose password matches. Wrong e-mail and wrong password
 * fail alike (same detail, comparable time), and failures count against the limits above.
 */
export async function matchingAccounts(email: string, password: string, client: string): Promise<UserWithSchool[]> {
  // A school that enforces single sign-on takes no password for its own accounts in its domains,
  // but a superuser's (so a broken connection can be repaired); the same address's accounts in
  // other schools are theirs to rule. Said before anything counts against the limits.
  const enforced = await enforcedSsoFor(email);
  const passwordAllowed = enforced ? or(eq(users.role, 'superuser'), isNull(users.schoolId), ne(users.schoolId, enforced.schoolId)) : undefined;
  if (enforced && !(await findUsers(and(emailIs(email), eq(users.isActive, true), passwordAllowed), { limit: 1 })).length) {
    throw forbidden(ssoRequiredMessage(enforced.schoolName));
  }
  const limits = signInLimits(email, client);
  const [[pairCount], known] = await Promise.all([consume([limits.pair, limits.clientAttempts, limits.clientFailures]), remembered(limits.known)]);
  // A client counts against the account once per window, on its first attempt there.
  const newFailingClient = !known && pairCount === 1;
  if (newFailingClient) await consume([limits.failingClients]);
  else if (!known) await assertUnder([limits.failingClients]);
  // Slowed before the password is checked (so cutting the wait short tells nothing): only this
  // client on this account, only after its own failures; the owner elsewhere is never slowed.
  const wait = signInDelayMs(pairCount);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const candidates = await findUsers(and(emailIs(email), eq(users.isActive, true), passwordAllowed));
  if (candidates.length === 0) await burnPasswordCheck(password);
  const matched = await openedBy(candidates, password);
  if (matched.length === 0) throw unauthorized(INVALID_CREDENTIALS);
  const refunds = newFailingClient ? [limits.clientFailures, limits.failingClients] : [limits.clientFailures];
  await Promise.all([clearLimits([limits.pair.key]), refund(refunds), remember(limits.known, KNOWN_CLIENT_SECONDS)]);
  return matched;
}

async function missingSchoolsFor(accounts: UserWithSchool[]) {
  if (!accounts.some((a) => a.role === 'superuser')) return [];
  const held = accounts.map((a) => a.schoolId).filter((id): id is number => id !== null);
  const db = await getDb();
  return db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(held.length ? notInArray(schools.id, held) : undefined)
    .orderBy(asc(schools.name));
}

export async function checkAccounts(email: string, password: string, client: string) {
  const accounts = await matchingAccounts(email, password, client);
  return {
    user_accounts: accounts.map((a) => ({ user_id: a.id, username: a.username, role: a.role, school_id: a.schoolId, school_name: a.schoolName })),
    missing_schools: await missingSchoolsFor(accounts),
  };
}

export type SignIn = { user: UserWithSchool; linkedUserIds: number[] };

/**
 * The account a sign-in enters (the chosen one, or the oldest matching account when none is
 * chosen), and the accounts the same password opened: the person's proven linked accounts. An
 * e-mail alone links nothing, since anyone may put someone else's address on an account.
 */
export async function authenticate(email: string, password: string, client: string, selectedUserId?: number): Promise<SignIn> {
  let accounts: UserWithSchool[];
  try {
    accounts = await matchingAccounts(email, password, client);
  } catch (err) {
    // A refused password is recorded; a refusal by the rate limits is not (a flood would fill the log).
    if (err instanceof AppError && err.status === 401) await recordFailedSignIn(email);
    throw err;
  }
  const account = selectedUserId === undefined ? accounts[0] : accounts.find((a) => a.id === selectedUserId);
  if (!account) {
    await recordFailedSignIn(email);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, account.id));
    await recordAudit({ action: 'auth.sign_in', actor: { id: account.id, email: account.email }, schoolId: account.schoolId, target: { type: 'user', id: account.id } }, tx);
  });
  return { user: account, linkedUserIds: accounts.map((a) => a.id) };
}

// The e-mail typed (a staff address, or nobody's), never the password; no account, so no actor id.
const recordFailedSignIn = (email: string) =>
  recordAudit({ action: 'auth.sign_in_failed', actor: { id: null, email: email.trim().toLowerCase() }, schoolId: null, details: { reason: 'invalid_credentials' } });

export async function login(email: string, password: string, client: string, selectedUserId?: number): Promise<TokenPair> {
  const { user, linkedUserIds } = await authenticate(email, password, client, selectedUserId);
  return issueTokens(user, linkedUserIds);
}

export async function refresh(refreshToken: string): Promise<TokenPair> {
  return rotateRefreshToken(refreshToken, async (id) => findUserById(id));
}

/**
 * The current account and the other active accounts under its e-mail that this session's sign-in
 * proved (their password matched). Accounts that merely share the e-mail are not listed.
 */
export async function linkedAccounts(ctx: AuthContext) {
  const proven = ctx.familyId ? await familyLinkedUserIds(ctx.familyId) : [];
  const others = proven.filter((id) => id !== ctx.user.id);
  const accounts = await findUsers(
    or(eq(users.id, ctx.user.id), others.length ? and(inArray(users.id, others), emailIs(ctx.user.email), eq(users.isActive, true)) : undefined),
  );
  return {
    accounts: accounts.map((a) => ({
      user_id: a.id,
      username: a.username,
      role: a.role,
      school_id: a.schoolId,
      school_name: a.schoolName,
      is_current: a.id === ctx.user.id,
    })),
  };
}

async function superuserAccounts(email: string, password: string, client: string) {
  const accounts = await matchingAccounts(email, password, client);
  if (!accounts.some((a) => a.role === 'superuser')) throw forbidden('Only a superuser can access other schools');
  return accounts;
}

export async function checkSuperuserSchools(email: string, password: string, client: string) {
  return { missing_schools: await missingSchoolsFor(await superuserAccounts(email, password, client)) };
}

/** Gives a superuser an account in each chosen school (same e-mail, username, names and password). */
export async function grantSchoolAccess(email: string, password: string, schoolIds: number[], client: string) {
  const accounts = await superuserAccounts(email, password, client);
  const template = accounts.find((a) => a.role === 'superuser')!;
  const wanted = [...new Set(schoolIds)];
  const db = await getDb();
  const found = await db.select({ id: schools.id, name: schools.name }).from(schools).where(inArray(schools.id, wanted));
  const unknown = wanted.filter((id) => !found.some((s) => s.id === id));
  if (unknown.length) throw notFound(`School not found: ${unknown.join(', ')}`);
  const held = new Set(accounts.map((a) => a.schoolId));
  const granted: { user_id: number; school_id: number; school_name: string }[] = [];
  for (const school of found.filter((s) => !held.has(s.id))) {
    if (await findClash({ email, schoolId: school.id })) continue;
    const username = (await findClash({ username: template.username, schoolId: school.id }))
      ? `${template.username}-${school.id}`
      : template.username;
    const [row] = await db
      .insert(users)
      .values({
        email: template.email,
        username,
        firstName: template.firstName,
        lastName: template.lastName,
        role: 'superuser',
        schoolId: school.id,
        passwordHash: template.passwordHash,
      })
      .returning({ id: users.id });
    granted.push({ user_id: row!.id, school_id: school.id, school_name: school.name });
  }
  return { granted, message: granted.length ? `Access granted to ${granted.length} school(s)` : 'No new schools to grant' };
}

/**
 * A new e-mail must not be someone else's: every other account already under it (any school) must
 * open with the caller's current password, i.e. be the same person's. Answers the same 409 for a
 * clash inside the caller's school.
 */
async function assertEmailIsOwn(me: UserWithSchool, email: string, currentPassword: string): Promise<void> {
  if (await findClash({ email, schoolId: me.schoolId, exceptId: me.id })) throw conflict('Email already registered');
  const holders = await findUsers(and(emailIs(email), ne(users.id, me.id)));
  if ((await openedBy(holders, currentPassword)).length < holders.length) throw conflict('This e-mail address belongs to another person\'s account');
}

/** The accounts among `accounts` that `password` opens. Linked accounts often share one hash: each is verified once. */
async function openedBy(accounts: UserWithSchool[], password: string): Promise<UserWithSchool[]> {
  const verdicts = new Map<string, boolean>();
  const opened: UserWithSchool[] = [];
  for (const a of accounts) {
    if (!verdicts.has(a.passwordHash)) verdicts.set(a.passwordHash, await verifyPassword(a.passwordHash, password));
    if (verdicts.get(a.passwordHash)) opened.push(a);
  }
  return opened;
}

export async function updateProfile(ctx: AuthContext, input: ProfileInput) {
  const db = await getDb();
  const me = ctx.user;
  const changes: Partial<typeof users.$inferInsert> = {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    updatedAt: new Date(),
  };
  const newPassword = input.new_password || '';
  const changingEmail = input.email.toLowerCase() !== me.email.toLowerCase();
  // Both the e-mail (which decides where reset links go) and the password need the current password.
  if (changingEmail || newPassword) {
    if (!input.current_password) {
      throw new AppError(400, changingEmail ? 'Current password is required to change e-mail' : 'Current password is required to change password');
    }
    if (!(await verifyPassword(me.passwordHash, input.current_password))) throw new AppError(400, 'Current password is incorrect');
  }
  if (changingEmail) await assertEmailIsOwn(me, input.email, input.current_password!);
  if (newPassword) {
    assertPasswordPolicy(newPassword, 'new_password', { username: me.username, email: input.email });
    changes.passwordHash = await hashPassword(newPassword);
    changes.requiresPasswordUpdate = false;
    changes.passwordUpdateRequiredAt = null;
  }
  await db.update(users).set(changes).where(eq(users.id, me.id));
  if (newPassword) {
    // Every other session of this account (API and web) ends; the caller's own session goes on.
    await revokeAllRefreshTokens([me.id], ctx.familyId);
  }
  return toCurrentUser((await findUserById(me.id))!);
}
