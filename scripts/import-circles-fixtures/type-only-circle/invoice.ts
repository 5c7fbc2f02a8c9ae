import type { Job } from './job.ts';

export type Invoice = { number: string; job: Job };
