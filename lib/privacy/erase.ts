import 'server-only';
import { sql } from 'drizzle-orm';
import { resultRows } from '@/db/client';
import type { Tx } from '@/db/types';
import { queueLeadDeleted } from '@/lib/crm/deliveries';
import { mailOf, mentions, oneOf, phoneIn, type Person } from './person';
import type { ErasedCounts } from './schema';

// The erasure itself, in the caller's transaction (one for the whole person: nobody is left half
// erased). Every copy goes: the conversations with all their messages (visitor, assistant, staff,
// analysed topics) and ratings, the leads (their details, consents and handoff question), prospects
// and the stored import files holding their row, mail about them in the outbox, and the payloads
// of CRM deliveries with what the CRM answered. Aggregate figures (daily statistics) stay. The CRM
// is told of each erased lead it had received (lead.deleted, queued here).

export async function erasePerson(tx: Tx, schoolId: number, p: Person): Promise<ErasedCounts> {
  const ids = (rows: unknown) => resultRows<{ id: number | string }>(rows).map((r) => r.id);

  // CRM: what it received goes on being known by id only; what was not sent yet is never sent.
  const deliveryMatch = sql`school_id = ${schoolId} and event <> 'lead.deleted' and (${oneOf(sql`lead_id`, p.leadIds)} or ${mentions(sql`body`, p)})`;
  const crmNotified = await queueLeadDeleted(tx, schoolId, p.leadIds);
  await tx.execute(sql`
    update crm_deliveries set status = 'cancelled', last_error = 'The lead was erased', next_attempt_at = null, finished_at = now(), updated_at = now()
    where ${deliveryMatch} and status = 'pending'`);
  const deliveries = ids(
    await tx.execute(sql`
      update crm_deliveries set body = null, last_response_excerpt = null, updated_at = now()
      where ${deliveryMatch} returning id`),
  );
  if (deliveries.length)
    await tx.execute(sql`update crm_delivery_attempts set response_excerpt = null where school_id = ${schoolId} and ${oneOf(sql`delivery_id`, deliveries.map(Number))}`);

  // Mail about them in this school. Mail written before mail named its school is not any school's
  // to erase; its body is dropped 30 days after it was sent (lib/privacy/retention.ts).
  const mail = ids(await tx.execute(sql`delete from mail_outbox where ${mailOf(schoolId, p)} returning id`));

  // Prospects, and the stored files of the imports that held their row (the file goes whole: it is a
  // copy of the list, and the imported rows stay as prospects).
  const prospectRows = resultRows<{ id: number; batch_id: string | null; updated_batch_id: string | null }>(
    await tx.execute(sql`
      delete from prospects
      where school_id = ${schoolId} and (${oneOf(sql`lower(email)`, p.emails)} or ${phoneIn(sql`phone`, p.phones)})
      returning id, batch_id, updated_batch_id`),
  );
  const batches = [...new Set(prospectRows.flatMap((r) => [r.batch_id, r.updated_batch_id]).filter((b): b is string => !!b))];
  // A stored CSV read as bytes (escape encoding keeps ASCII as it is, so any file can be searched
  // without decoding it); a spreadsheet is compressed and is found by its batch or its errors instead.
  const inFile = (column: ReturnType<typeof sql>) => mentions(sql`encode(${column}, 'escape')`, p);
  const files = ids(
    await tx.execute(sql`
      select b.id from prospect_batches pb join blobs b on b.id = pb.blob_id
      where pb.school_id = ${schoolId} and (${oneOf(sql`pb.id`, batches)} or ${mentions(sql`pb.errors::text`, p)}
        or ${inFile(sql`b.data`)}
        or exists (select 1 from blob_parts bp where bp.blob_id = b.id and ${inFile(sql`bp.data`)}))`),
  );
  if (files.length) await tx.execute(sql`delete from blobs where school_id = ${schoolId} and ${oneOf(sql`id`, files.map(String))}`);
  // Values a re-import overwrote, kept to undo it: any of theirs go (the undo restores the rest).
  await tx.execute(sql`
    delete from prospect_batch_previous pp using prospect_batches pb
    where pb.id = pp.batch_id and pb.school_id = ${schoolId} and ${mentions(sql`pp.previous::text`, p)}`);
  // A row the import refused keeps its values in the batch's errors: those entries go.
  await tx.execute(sql`
    update prospect_batches set errors = coalesce((select jsonb_agg(e) from jsonb_array_elements(errors) e where not ${mentions(sql`e::text`, p)}), '[]'::jsonb)
    where school_id = ${schoolId} and ${mentions(sql`errors::text`, p)}`);

  // A staff correction made from a rating of their conversation starts from their question: it
  // goes, with its knowledge item (the school can write it again in its own words).
  const fromTheirs = ids(
    await tx.execute(sql`
      delete from corrections where school_id = ${schoolId}
        and rating_id in (select id from conversation_ratings where school_id = ${schoolId} and ${oneOf(sql`conversation_id`, p.conversationIds)})
      returning id`),
  );
  if (fromTheirs.length)
    await tx.execute(sql`delete from knowledge_chunks where school_id = ${schoolId} and source_type = 'correction' and ${oneOf(sql`source_id`, fromTheirs.map(String))}`);

  // Conversations with every message and rating (cascade), then the leads.
  const [counted] = resultRows<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from conversation_messages where school_id = ${schoolId} and ${oneOf(sql`conversation_id`, p.conversationIds)}`),
  );
  const conversations = ids(await tx.execute(sql`delete from conversations where school_id = ${schoolId} and ${oneOf(sql`id`, p.conversationIds)} returning id`));
  const leads = ids(await tx.execute(sql`delete from leads where school_id = ${schoolId} and ${oneOf(sql`id`, p.leadIds)} returning id`));

  return {
    leads: leads.length,
    conversations: conversations.length,
    messages: Number(counted?.n ?? 0),
    prospects: prospectRows.length,
    import_files: files.length,
    mail: mail.length,
    deliveries: deliveries.length,
    crm_notified: crmNotified,
    corrections: fromTheirs.length,
  };
}
