// Sets a benchmark school up through the public REST API, step by step as its staff would:
// account, school profile, fact sheet, website, documents, action prompts, widget key.
import type { LoadedSchool } from './schools';
import { documentsOf } from './schools/material';

type Call = (method: string, url: string, body?: unknown) => Promise<unknown>;

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

function client(base: string, token?: string, fetcher: Fetch = fetch): Call {
  return async (method, url, body) => {
    const form = body instanceof FormData;
    const res = await fetcher(`${base}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body && !form ? { 'content-type': 'application/json' } : {}) },
      body: form ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

async function signIn(base: string, account: { email: string; password: string }, fetcher?: Fetch): Promise<Call> {
  const { access_token } = (await client(base, undefined, fetcher)('POST', '/auth/login', { email: account.email, password: account.password })) as { access_token: string };
  return client(base, access_token, fetcher);
}

/** The widget key, and the insights Lantern wrote (what its index holds besides the profile and fact sheet). */
export type SetupReport = { apiKey: string; pagesScraped: number; webInsights: string; documentInsights: string[] };

/** `fetcher` lets a test drive the route handlers in-process instead of over HTTP. */
export async function setUpSchool(base: string, site: string, loaded: LoadedSchool, fetcher?: Fetch): Promise<SetupReport> {
  const { school } = loaded;
  await client(base, undefined, fetcher)('POST', '/auth/register', school.account);
  const profile = school.profile(site);
  await (await signIn(base, school.account, fetcher))('POST', '/schools/', profile.create);
  // Signed in again, as after onboarding: the session now belongs to the school.
  const api = await signIn(base, school.account, fetcher);
  await api('PATCH', '/schools/my-school/classification', profile.classification);
  await api('PATCH', '/schools/my-school/contact', profile.contact);
  await api('PATCH', '/schools/my-school/tuition', profile.tuition);
  await api('PUT', '/schools/my-school/fact-sheet', school.factSheet);

  const link = (await api('POST', '/web-links/', { name: `${String(profile.create.name)} website`, url: site, drill_into_subpages: true })) as { id: number };
  const scraped = (await api('POST', `/web-links/${link.id}/generate-insights`)) as { status: string; pages_scraped?: number; insights_summary?: string; reason?: string };
  if (scraped.status !== 'completed') throw new Error(`the website was not read: ${scraped.status} ${scraped.reason ?? ''}`);

  const documentInsights: string[] = [];
  for (const doc of documentsOf(loaded)) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(doc.bytes)], { type: doc.type }), doc.filename);
    form.append('name', doc.name);
    const file = (await api('POST', '/files/', form)) as { id: number };
    await api('POST', `/files/${file.id}/generate-insights`);
    documentInsights.push(await analysed(api, file.id));
  }

  for (const prompt of school.actionPrompts(site)) await api('POST', '/action-prompts/', prompt);
  const { api_key } = (await api('POST', '/chatbot/generate-api-key')) as { api_key: string };
  return { apiKey: api_key, pagesScraped: scraped.pages_scraped ?? 0, webInsights: scraped.insights_summary ?? '', documentInsights };
}

/** The school's first staff account, signed in (for the staff API: Unanswered Questions, special instructions). */
export const staffApi = (base: string, loaded: LoadedSchool, fetcher?: Fetch): Promise<Call> => signIn(base, loaded.school.account, fetcher);

/** Staff corrections saved as staff would (Logs → correct an answer), after the school is set up. */
export async function addCorrections(base: string, loaded: LoadedSchool, corrections: { question: string; answer: string }[]): Promise<void> {
  const api = await staffApi(base, loaded);
  for (const c of corrections) await api('POST', '/corrections/', { question: c.question, answer: c.answer });
}

/** Waits for the document's analysis (it runs in the background) and answers its insights. */
async function analysed(api: Call, id: number): Promise<string> {
  const until = performance.now() + 120_000;
  while (performance.now() < until) {
    const files = (await api('GET', '/files/')) as { id: number; analysis_status: string; analysis_error: string | null; insights_summary: string | null }[];
    const file = files.find((f) => f.id === id);
    if (file?.analysis_status === 'completed') return file.insights_summary ?? '';
    if (file?.analysis_status === 'failed') throw new Error(`the document's analysis failed: ${file.analysis_error}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the document's analysis did not finish");
}
