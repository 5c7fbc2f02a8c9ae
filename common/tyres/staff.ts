import type { TyreBasics } from './catalogue.ts';
import type { TyrePricingSettings } from './pricing-settings.ts';

/**
 * The catalogue as staff see it in the Tyres tab (GET /api/tyres/{id}, GET
 * /api/tyres/catalogue): amounts in pence, `price` fully fitted as customers see it.
 */
export type StaffTyre = TyreBasics & {
  ean: string | null;
  cost: number;
  priceOverride: number | null;
  /** On the shelf, of which `reserved` are held for bookings. */
  stock: number;
  reserved: number;
  supplierStock: number;
  leadDays: number;
  hidden: boolean;
  /** False once missing from its supplier's last full file. */
  available: boolean;
  demo: boolean;
};

/** GET /api/tyres/catalogue: a page, and the id to ask `after` for the next (null at the end). */
export type StaffTyrePage = { items: StaffTyre[]; next: number | null; demoCount: number };

/** GET /api/tyres/pricing: the rules in force, and the version of the content they come from. */
export type TyrePricingAnswer = { version: number; pricing: TyrePricingSettings; custom: boolean };

/** A supplier and the mapping of its file's headers onto our columns (GET /api/tyres/suppliers). */
export type TyreSupplier = { id: number; name: string; mapping: Record<string, string> };

/** GET /api/tyres/imports/{id}. */
export type TyreImportReport = {
  id: number;
  fileName: string;
  supplier: string | null;
  full: boolean;
  status: 'running' | 'done' | 'failed';
  rows: number;
  imported: number;
  rejected: number;
  withdrawn: number;
  errors: { line: number; reason: string }[];
  failure: string | null;
  startedBy: string | null;
  startedAt: string;
  finishedAt: string | null;
};
