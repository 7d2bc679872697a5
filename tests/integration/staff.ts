import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import { getDb } from '@/db/client';
import { schools } from '@/db/schema';
import { call, STRONG_PASSWORD } from './http';

export type StaffSchool = { token: string; id: number };

/** A staff account made by the superuser `su`, signed in, with a new school named `name`. */
export async function staffWithSchool(su: string, email: string, name: string): Promise<StaffSchool> {
  await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: 'S', last_name: 'T' } });
  const token = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
  expect((await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name } })).status).toBe(201);
  const [row] = await (await getDb()).select({ id: schools.id }).from(schools).where(eq(schools.name, name));
  return { token, id: row!.id };
}
