import type { Job } from '#common/jobs/jobs.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import { keptState } from '../db/staff-data.ts';
import { createReadCache } from '../http/read-cache.ts';
import { prepareJson, type PreparedJson } from '../http/prepared-json.ts';
import type { JobsDependencies } from './dependencies.ts';
import { listJobs } from './list.ts';

/**
 * How long a day's jobs are kept at most, changes or not: a bound on memory, not on how fresh an
 * answer is (any change forgets them at once).
 */
const keptMs = 5 * 60 * 1000;

/** A day's jobs, and its answers (the office's, each fitter's) as they are asked for. */
type KeptDay = { jobs: Job[]; answers: Map<string, PreparedJson> };

/**
 * The day's jobs as GET /api/jobs answers them, kept in this process between changes: the ten
 * fitters opening their day and the office's screens asking again and again cost one query per
 * day until something changes. Kept only while the database's announcements of changed jobs are
 * heard (db/staff-data.ts), each of which forgets them all; without them (the tests, or while
 * the database cannot be heard) every read is a query. Answers hang on the site content they
 * were made with (the services' prices). Vehicles' histories are kept alike (vehicles/reads.ts).
 */
export function createJobReads({ db, content }: Pick<JobsDependencies, 'db' | 'content'>) {
  const days = createReadCache<KeptDay>({ ttlMs: keptMs, maxEntries: 400 });
  const state = keptState(() => days.clear());
  const contentIds = new WeakMap<SiteContent, number>();
  let contents = 0;
  /** The key of a read made with `published`: a new publication makes new keys. */
  const keyOf = (published: SiteContent, key: string) => {
    let id = contentIds.get(published);
    if (id === undefined) contentIds.set(published, (id = ++contents));
    return `${id}:${key}`;
  };
  /** `load`'s answer, kept under `key` while changes are heard. */
  const kept = <Value>(
    cache: ReturnType<typeof createReadCache<Value>>,
    key: string,
    load: () => Promise<Value>,
  ): Promise<Value> => (state.heard ? cache.get(key, load) : load());

  return {
    forget: state.forget,
    suspend: state.suspend,
    resume: state.resume,
    /** A day's jobs (YYYY-MM-DD): all of them, or one fitter's. */
    async day(date: string, fitterId?: number): Promise<PreparedJson> {
      const published = await content();
      const day = await kept(days, keyOf(published, date), async () => ({
        jobs: await listJobs(db, published, { date }),
        answers: new Map(),
      }));
      const whose = fitterId === undefined ? 'all' : String(fitterId);
      let answer = day.answers.get(whose);
      if (!answer) {
        answer = prepareJson(
          fitterId === undefined ? day.jobs : day.jobs.filter((job) => job.fitter?.id === fitterId),
        );
        day.answers.set(whose, answer);
      }
      return answer;
    },
  };
}

export type JobReads = ReturnType<typeof createJobReads>;
