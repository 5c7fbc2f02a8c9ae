import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { appMeta, enquiries } from './schema.ts';

const demoSeedKey = 'demo_content_seeded';

/** Example enquiries for a first local run, so the staff inbox shows what it will look like. */
const demoEnquiries: (typeof enquiries.$inferInsert)[] = [
  {
    name: 'Sarah Mitchell',
    email: 'sarah.mitchell@example.com',
    phone: '07700 900123',
    vehicle: 'Ford Focus 2019',
    service: 'puncture-repair',
    message: 'Nail in the rear nearside tyre. I am at work in Romford until 5pm, can you come to me?',
    createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000),
  },
  {
    name: 'James Okafor',
    email: 'j.okafor@example.com',
    phone: '07700 900456',
    vehicle: 'Volkswagen Transporter T6',
    service: 'tyres',
    message: 'Two front van tyres, 215/65 R16C. Price for mid-range please.',
    createdAt: new Date(Date.now() - 26 * 60 * 60 * 1000),
  },
  {
    name: 'Priya Shah',
    email: 'priya.shah@example.com',
    phone: '07700 900789',
    vehicle: 'Toyota Yaris 2016',
    service: 'mot',
    message: 'MOT due next month, Saturday morning at Upminster if possible.',
    contacted: true,
    status: 'contacted',
    contactedAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000),
    createdAt: new Date(Date.now() - 4 * 24 * 60 * 60 * 1000),
  },
];

/**
 * Seeds the demo content once per database. The marker row makes it run only once, so enquiries
 * that staff delete do not come back at the next start.
 */
export async function seedDemoContent(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(appMeta)
      .values({ key: demoSeedKey, value: { seededAt: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (inserted.length === 0) return false;
    await tx.insert(enquiries).values(demoEnquiries);
    return true;
  });
}

export async function hasSeededDemoContent(db: Database): Promise<boolean> {
  const rows = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, demoSeedKey));
  return rows.length > 0;
}
