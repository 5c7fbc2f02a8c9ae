import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '#tests/support/database.ts';
import { migrationsDir } from '../paths.ts';
import { selectRows, type DatabaseHandle } from './client.ts';
import { enquiries, images } from './schema.ts';
import { hasSeededDemoContent, seedDemoContent } from './seed.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('migrations', () => {
  it('create the tables of the design', async () => {
    const tables = await selectRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((row) => row.table_name)).toEqual([
      'account_setup_tokens',
      'activity_log',
      'analytics_day_visitors',
      'analytics_days',
      'analytics_salts',
      'app_meta',
      'booking_places',
      'booking_reference_counters',
      'bookings',
      'business_settings',
      'business_settings_changes',
      'campaign_daily',
      'checkout_sessions',
      'enquiries',
      'enquiry_events',
      'enquiry_notes',
      'enquiry_reference_counters',
      'enquiry_status_counts',
      'image_variants',
      'images',
      'invoice_counters',
      'invoices',
      'job_events',
      'job_files',
      'jobs',
      'login_failures',
      'outbox',
      'page_view_daily',
      'page_views',
      'payments',
      'postcode_places',
      'privacy_erasures',
      'rate_limit_counters',
      'recovery_codes',
      'referrer_daily',
      'refunds',
      'reminder_unsubscribes',
      'reminders',
      'route_days',
      'service_checks',
      'sessions',
      'site_content_revisions',
      'stripe_events',
      'task_runs',
      'text_messages',
      'text_opt_outs',
      'tyre_holds',
      'tyre_imports',
      'tyre_sources',
      'tyre_stock_movements',
      'tyre_suppliers',
      'tyres',
      'users',
      'vehicle_lookups',
      'vehicles',
    ]);
  });

  it('can run again without changing anything', async () => {
    await database.migrate();
    const migrations = await selectRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'));
    expect(migrations).toEqual([{ count: journal.entries.length }]);
  });
});

describe('seedDemoContent', () => {
  it('adds the demo enquiries once, and never again after staff delete them', async () => {
    expect(await hasSeededDemoContent(database.db)).toBe(false);
    expect(await seedDemoContent(database.db)).toBe(true);
    const seeded = await database.db
      .select({ name: enquiries.name, contacted: enquiries.contacted, status: enquiries.status })
      .from(enquiries);
    expect(seeded.length).toBeGreaterThanOrEqual(3);
    // Contacted exactly when past New, as the pipeline keeps it.
    for (const enquiry of seeded) expect(enquiry.contacted).toBe(enquiry.status !== 'new');
    expect(seeded.some((enquiry) => enquiry.contacted)).toBe(true);
    expect(seeded.some((enquiry) => !enquiry.contacted)).toBe(true);

    await database.db.delete(enquiries);
    expect(await seedDemoContent(database.db)).toBe(false);
    expect(await database.db.select().from(enquiries)).toEqual([]);
    expect(await hasSeededDemoContent(database.db)).toBe(true);
  });
});

describe('listen', () => {
  it('hears each committed change to what the public pages show, once per transaction', async () => {
    let heard = 0;
    const subscription = await database.listen('site_content_changed', { notify: () => (heard += 1) });
    try {
      await database.db
        .insert(enquiries)
        .values({ name: 'Not content', email: 'a@example.com', message: '' });
      await database.db.insert(images).values({ name: 'hero-background', altText: 'A tyre' });
      await database.db
        .transaction(async (tx) => {
          await tx.update(images).set({ altText: 'Changed, then rolled back' });
          tx.rollback();
        })
        .catch(() => undefined);
      // Deleting an image deletes its renditions too: still one transaction.
      await database.db.delete(images);
      await vi.waitFor(() => expect(heard).toBe(2));
      await database.ping();
      expect(heard).toBe(2);
    } finally {
      await subscription.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'reconnects after losing its connection, telling the listener',
    async () => {
      const events: string[] = [];
      const subscription = await database.listen('site_content_changed', {
        notify: () => events.push('notified'),
        interrupted: () => events.push('interrupted'),
        resumed: () => events.push('resumed'),
      });
      try {
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query = 'LISTEN site_content_changed'`,
        );
        await vi.waitFor(() => expect(events).toEqual(['interrupted', 'resumed']), { timeout: 10_000 });
        await database.db.insert(images).values({ name: 'about-image', altText: 'Our van' });
        await vi.waitFor(() => expect(events).toEqual(['interrupted', 'resumed', 'notified']));
      } finally {
        await subscription.close();
      }
    },
  );
});
