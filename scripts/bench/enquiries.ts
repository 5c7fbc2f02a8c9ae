// The `enquiries` scenario: the staff inbox over 100,000 stored enquiries (enquiries-seed.ts), its
// pages, filters, searches and counts, each answer checked once before it is measured.
import type autocannon from 'autocannon';
import type { ServerProcess } from '#tests/support/server-process.ts';
import {
  noteOnlyEnquiryId,
  noteOnlyWord,
  nowhereWord,
  seededEnquiries,
  seedEnquiries,
} from './enquiries-seed.ts';
import { measure, report, type Settings } from './measure.ts';
import { signIn, staffAccountEnv, staffGet, type Scenario } from './server.ts';

let seedingSeconds: number | undefined;

type InboxEnquiry = { id: number; reference: string };

async function runEnquiries(server: ServerProcess, settings: Settings): Promise<boolean> {
  console.log(
    `enquiries: ${seededEnquiries} enquiries with their status changes and notes seeded in ${seedingSeconds?.toFixed(1)} s`,
  );
  const cookie = await signIn(server);
  const middleId = seededEnquiries / 2;
  const [middle] = await staffGet<InboxEnquiry[]>(
    server,
    cookie,
    `/api/enquiries?before=${middleId + 1}&limit=1`,
  );
  if (middle?.id !== middleId) throw new Error(`enquiry ${middleId} is not in the inbox`);

  // Each with what its answer must hold, checked once before the load.
  const inbox = (expected: (page: InboxEnquiry[]) => boolean) => (answer: unknown) =>
    Array.isArray(answer) && expected(answer as InboxEnquiry[]);
  const fullPage = inbox((page) => page.length === 50);
  const only = (id: number) => inbox((page) => page.length === 1 && page[0]!.id === id);
  // Each with the most its p95 may be, as a multiple of the floor's p95 at the staff's few
  // connections (a fraction of a millisecond): a third above what one run gave.
  const requests: [name: string, url: string, check: (answer: unknown) => boolean, p95: number][] = [
    ['first page', '/api/enquiries', fullPage, 960],
    ['status filter', '/api/enquiries?status=quoted', fullPage, 440],
    ['a later page', `/api/enquiries?before=${middleId}`, inbox((page) => page[0]?.id === middleId - 1), 650],
    ['search: a full reference', `/api/enquiries?q=${middle.reference}`, only(middleId), 680],
    ['search: part of a common surname', '/api/enquiries?q=smit', fullPage, 830],
    ['search: part of a postcode', '/api/enquiries?q=rm3', fullPage, 1_020],
    [
      'search: a word of one note',
      `/api/enquiries?q=${noteOnlyWord.toLowerCase()}`,
      only(noteOnlyEnquiryId),
      460,
    ],
    [
      'search: a word found nowhere',
      `/api/enquiries?q=${nowhereWord}`,
      inbox((page) => page.length === 0),
      420,
    ],
    [
      'counts',
      '/api/enquiries/counts',
      (answer) => (answer as { total?: number }).total === seededEnquiries,
      150,
    ],
  ];
  let ok = true;
  for (const [name, url, check, p95] of requests) {
    const answer = await staffGet<unknown>(server, cookie, url);
    if (!check(answer)) {
      console.log(`${name}: GET ${url} answered ${JSON.stringify(answer).slice(0, 200)}: WRONG ANSWER`);
      ok = false;
    }
    const options: autocannon.Options = {
      url: `${server.url}${url}`,
      connections: settings.staffConnections,
      headers: { cookie },
    };
    if (!report(`${name}: GET ${url} (signed in)`, await measure(server, settings, options), { p95 }))
      ok = false;
  }
  return ok;
}

export const enquiries: Scenario = {
  prepare: async (database) => {
    seedingSeconds = await seedEnquiries(database);
  },
  env: staffAccountEnv,
  floorConnections: (settings) => settings.staffConnections,
  run: runEnquiries,
};
