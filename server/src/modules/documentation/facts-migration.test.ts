import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ProcurementResponse } from '@proc/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { world, type World } from '../../../test/factories';
import { procurementFieldValues } from '../../db/schema';

/**
 * Migration 0030 on data stored before it: the documentation's copies of the purchase's facts move onto a purchase
 * that had none of its own, a purchase's own value wins over a copy, and the copies leave the documentation's values.
 */
let t: TestServer;
let w: World;

const MIGRATION = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations/0030_procurement_facts.sql');

beforeAll(async () => {
  t = await startTestServer();
  w = await world(t);
});
afterAll(async () => t?.close());

describe('migration 0030: one home for each fact', () => {
  it('moves the stored copies onto the purchase where it had none, then removes them', async () => {
    const r = await t.api<ProcurementResponse>('POST', '/api/procurements', {
      token: w.client,
      body: {
        title: 'Поставка картриджей',
        method: 'auction_e',
        subject: 'goods',
        nmcd: '500000',
        published_on: '2026-12-01',
        rule_id: null,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.id;
    const db = t.server.deps.db;
    // what the documentation form stored before: its own copy of every fact beside the documents' own fields
    await db.insert(procurementFieldValues).values([
      {
        procurementId: id,
        companyId: w.demoId,
        template: 'notice',
        values: {
          nmcd: '1950000.00',
          publicationDate: '2026-12-03',
          applicationDeadline: '2026-12-20',
          reviewDate: '2026-02-31',
          deliveryPlace: 'г. Майкоп, ул. Победы, д. 1',
          okpd2: '26.20.40.120, 26.20.40.190',
          signerName: 'Петров Пётр Петрович',
        },
      },
      {
        procurementId: id,
        companyId: w.demoId,
        template: 'draft-contract',
        values: {
          contractPrice: '1950000.00',
          deliveryPlace: 'другое место',
          deliveryTerms: 'В течение 10 дней',
          contractCity: 'г. Майкоп',
        },
      },
    ]);
    for (const statement of fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const card = (await t.api<ProcurementResponse>('GET', `/api/procurements/${id}`, { token: w.client })).body;
    expect(card).toMatchObject({
      nmcd: '500000.00', // the purchase's own figure wins over the documentation's copy
      published_on: '2026-12-01', // and its own date
      application_deadline: '2026-12-20', // a date it lacked comes from the notice
      review_on: null, // a typed date that is no date is not moved
      delivery_place: 'г. Майкоп, ул. Победы, д. 1', // the notice's copy first
      delivery_terms: 'В течение 10 дней',
    });
    expect(card.okpd2.map((o) => o.code)).toEqual(['26.20.40.120', '26.20.40.190']);
    const values = async (template: string) =>
      (await t.api<{ values: Record<string, unknown> }>('GET', `/api/procurements/${id}/documents/${template}/values`, { token: w.client }))
        .body.values;
    expect(await values('notice')).toEqual({ signerName: 'Петров Пётр Петрович' });
    expect(await values('draft-contract')).toEqual({ contractCity: 'г. Майкоп' });
  });
});
