// The `photos` scenario: a fitter sends 40 photos of a job at once, each a PNG of 1600 x 16000
// pixels (25.6 megapixels, about 100 kB, 77 MB decoded), while the server's resident memory is
// sampled. Target: the highest resident memory (VmRSS, and VmHWM, the kernel's own peak) at most
// 256 MB on the embedded database (160 MB on PostgreSQL). Then, with no target, 40 phone photos
// at once over seven jobs, each sent again after its 503's Retry-After as the phone would, until
// all are kept: the memory and time of the decode gate's queue under load, figures to compare.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { londonDate, londonInstant } from '#common/time/london.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import type { DatabaseOptions } from '#server/db/client.ts';
import { bookings, enquiries, users } from '#server/db/schema.ts';
import type { ServerProcess } from '#tests/support/server-process.ts';
import { phonePhoto } from './images.ts';
import { memoryTarget, median, processMemory, type MemorySample, type Settings } from './measure.ts';
import { openDatabaseBeforeStart, signIn, type Scenario } from './server.ts';

const fitter = { username: 'bench-fitter', password: 'bench-fitter-valve-core-tool-3' };
/** Seven jobs of six photos each hold the 40 phone photos. */
const jobCount = 7;
const photosAtOnce = 40;

/** Before the server starts: a fitter and today's jobs given to them. */
async function storeFittersJobs(options: DatabaseOptions): Promise<void> {
  const database = await openDatabaseBeforeStart(options);
  try {
    await database.migrate();
    const { db } = database;
    // A throwaway PostgreSQL database may hold an earlier run's: start from nothing.
    await db.execute(sql`truncate users, enquiries, bookings, job_files restart identity cascade`);
    const [account] = await db
      .insert(users)
      .values({
        username: fitter.username,
        passwordHash: await hashPassword(fitter.password),
        role: 'fitter',
      })
      .returning({ id: users.id });
    const today = londonDate(new Date());
    for (let index = 0; index < jobCount; index += 1) {
      const customer = { name: `Customer ${index + 1}`, email: `customer${index + 1}@example.com` };
      const [enquiry] = await db
        .insert(enquiries)
        .values({ ...customer, phone: '07700 900123', status: 'booked', service: 'tyre-replacement' })
        .returning({ id: enquiries.id, reference: enquiries.reference });
      await db.insert(bookings).values({
        ...customer,
        enquiryId: enquiry!.id,
        reference: enquiry!.reference,
        status: 'confirmed',
        service: 'tyre-replacement',
        serviceTitle: 'Tyre replacement',
        location: 'mobile',
        locationName: 'Mobile fitting',
        placesKey: 'mobile',
        date: today,
        startTime: '08:00',
        endTime: '10:00',
        startsAt: londonInstant(today, '08:00'),
        endsAt: londonInstant(today, '10:00'),
        phone: '07700 900123',
        registration: `AB12CD${String.fromCharCode(65 + index)}`,
        vehicle: 'Ford Focus',
        postcode: 'RM3 0AB',
        addressLine: '1 High Street',
        town: 'Romford',
        fitterId: account!.id,
        manageTokenHash: crypto.createHash('sha256').update(`bench-photos-${index}`).digest('hex'),
      });
    }
  } finally {
    await database.close();
  }
}

/** A PNG of 1600 x 16000 pixels of one grey: about 100 kB that decode to 77 MB. */
async function tallPng(): Promise<Buffer> {
  const { flatPng } = await import('#tests/support/pictures.ts');
  return flatPng(1600, 16_000);
}

type Sent = { status: number; retryAfter: string | null; ms: number };

/** Sends one photo of job `jobId` as the phone does (key and kind first). */
async function sendPhoto(server: ServerProcess, cookie: string, jobId: number, picture: Buffer, key: string) {
  const form = new FormData();
  form.set('idempotencyKey', key);
  form.set('kind', 'photo');
  form.set('image', new Blob([new Uint8Array(picture)]), 'photo.png');
  const started = performance.now();
  const response = await fetch(`${server.url}/api/jobs/${jobId}/photos`, {
    method: 'POST',
    headers: { cookie, 'x-admin-request': '1', origin: server.url },
    body: form,
  });
  await response.arrayBuffer();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    ms: performance.now() - started,
  } satisfies Sent;
}

/** Samples the server's memory every 20 ms while `work` runs; the highest VmRSS and the last VmHWM. */
async function whileSampling<T>(pid: number, work: () => Promise<T>) {
  const samples: MemorySample[] = [];
  const sample = () => {
    const memory = processMemory(pid);
    if (memory) samples.push(memory);
  };
  sample();
  const timer = setInterval(sample, 20);
  try {
    return { value: await work(), highest: highestOf(samples) };
  } finally {
    clearInterval(timer);
    sample();
  }
}

const highestOf = (samples: readonly MemorySample[]) => ({
  rssMb: Math.max(...samples.map((memory) => memory.rssMb)),
  peakMb: samples.at(-1)?.peakMb ?? NaN,
});

function countOf(sent: readonly Sent[]): string {
  const byStatus = new Map<number, number>();
  for (const { status } of sent) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  return [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
}

async function runPhotos(server: ServerProcess, settings: Settings): Promise<boolean> {
  const pid = server.child.pid!;
  const { limitMb, database } = memoryTarget(settings);
  const cookie = await signIn(server, fitter);
  const tall = await tallPng();
  const photo = await phonePhoto();
  const after = processMemory(pid);
  console.log(
    `photos: ${photosAtOnce} at once as a fitter; server after start and sign-in VmRSS ${after?.rssMb.toFixed(0)} MB`,
  );

  const tallRound = await whileSampling(pid, () =>
    Promise.all(
      Array.from({ length: photosAtOnce }, () => sendPhoto(server, cookie, 1, tall, crypto.randomUUID())),
    ),
  );
  const tallRefused = tallRound.value.every((sent) => sent.status === 413);
  console.log(
    `  ${photosAtOnce} PNGs of 1600x16000 (${(tall.length / 1024).toFixed(0)} kB): ${countOf(tallRound.value)} ` +
      `in median ${median(tallRound.value.map((sent) => sent.ms)).toFixed(0)} ms; ` +
      `highest VmRSS ${tallRound.highest.rssMb.toFixed(0)} MB, VmHWM ${tallRound.highest.peakMb.toFixed(0)} MB`,
  );

  // Phone photos, six to a job, all at once: two decode, eight wait, the rest are told to come
  // back after Retry-After and are sent again, each with its own key, until every one is kept.
  const phoneRound = await whileSampling(pid, async () => {
    const all: Sent[] = [];
    let rounds = 0;
    let waiting = Array.from({ length: photosAtOnce }, (_, index) => ({
      jobId: 1 + Math.floor(index / 6),
      key: crypto.randomUUID(),
    }));
    const started = performance.now();
    while (waiting.length > 0 && rounds < 20) {
      rounds += 1;
      const sent = await Promise.all(
        waiting.map(async (upload) => ({
          upload,
          sent: await sendPhoto(server, cookie, upload.jobId, photo, upload.key),
        })),
      );
      all.push(...sent.map((entry) => entry.sent));
      const busy = sent.filter((entry) => entry.sent.status === 503);
      waiting = busy.map((entry) => entry.upload);
      const retryAfter = Math.max(0, ...busy.map((entry) => Number(entry.sent.retryAfter ?? 0)));
      if (waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
    }
    return { all, rounds, seconds: (performance.now() - started) / 1000, left: waiting.length };
  });
  const { all, rounds, seconds, left } = phoneRound.value;
  const retryAfterGiven = all.filter((sent) => sent.status === 503).every((sent) => sent.retryAfter === '5');
  const kept = all.filter((sent) => sent.status === 201).length;
  console.log(
    `  ${photosAtOnce} phone photos of 4032x3024 (${(photo.length / 1024 / 1024).toFixed(1)} MB JPEG) over ${jobCount} jobs: ` +
      `${countOf(all)} in ${rounds} rounds, ${seconds.toFixed(1)} s; ` +
      `highest VmRSS ${phoneRound.highest.rssMb.toFixed(0)} MB, VmHWM ${phoneRound.highest.peakMb.toFixed(0)} MB (no target)`,
  );

  const { rssMb, peakMb } = tallRound.highest;
  const met = rssMb <= limitMb && peakMb <= limitMb;
  console.log(
    `  target     VmRSS and VmHWM <= ${limitMb} MB (${database}) while the 40 PNGs are answered: ` +
      `highest VmRSS ${rssMb.toFixed(0)} MB, VmHWM ${peakMb.toFixed(0)} MB: ${met ? 'met' : 'NOT met'}`,
  );
  return met && tallRefused && kept === photosAtOnce && left === 0 && retryAfterGiven;
}

export const photos: Scenario = {
  prepare: storeFittersJobs,
  run: runPhotos,
};
