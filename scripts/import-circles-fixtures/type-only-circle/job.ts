import type { Invoice } from './invoice.ts';

export type Job = { id: number; invoice?: Invoice };
