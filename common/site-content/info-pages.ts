// zod/mini: this module reaches the staff dashboard's bundle; the public pages only import types.
import * as z from 'zod/mini';
import { list, text } from './parts.ts';

/**
 * The texts of the MOT, servicing, about and contact pages (/mot, /servicing, /about, /contact),
 * part of the site content so that staff edit them with everything else. Their first version is
 * in info-pages-seed.ts.
 */
export const infoPageLimits = {
  title: 80,
  metaTitle: 70,
  description: 200,
  lead: 400,
  keywords: 12,
  keyword: 60,
  sections: 10,
  heading: 100,
  blocks: 10,
  paragraph: 1500,
  items: 12,
  item: 400,
  faqs: 12,
  question: 200,
  answer: 1000,
} as const;

const L = infoPageLimits;

/**
 * A paragraph, a bulleted list, or opening hours from the rest of the content: each branch's week
 * (`branchHours`) or the general contact hours (`contactHours`).
 */
export const contentBlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('p'), text: text(L.paragraph, 'Remove the empty paragraph or write it') }),
  z.object({
    kind: z.literal('ul'),
    items: list(
      text(L.item, 'Remove the empty point or write it'),
      L.items,
      'points',
      'Write at least one point',
    ),
  }),
  z.object({ kind: z.literal('branchHours') }),
  z.object({ kind: z.literal('contactHours') }),
]);

export const contentSectionSchema = z.object({
  heading: text(L.heading, 'Enter the section’s heading'),
  blocks: list(contentBlockSchema, L.blocks, 'paragraphs and lists', 'Add a paragraph or a list'),
});

export const infoPageSchema = z.object({
  /** The page's <h1>. */
  title: text(L.title, 'Enter the page’s heading'),
  /** The <title> tag, without the company name (which follows it). */
  metaTitle: text(L.metaTitle, 'Enter the title search engines show'),
  /** The meta description (search engines show about 160 characters). */
  description: text(L.description, 'Enter the description search engines show'),
  keywords: list(text(L.keyword, 'Remove the empty keyword or write it'), L.keywords, 'keywords'),
  /** One or two sentences under the heading. */
  lead: text(L.lead, 'Enter the introduction'),
  sections: list(contentSectionSchema, L.sections, 'sections'),
  faqs: list(
    z.object({
      question: text(L.question, 'Enter the question'),
      answer: text(L.answer, 'Enter the answer'),
    }),
    L.faqs,
    'questions',
  ),
});

/** The pages, by the key the site content names them with, and their addresses. */
export const infoPagePaths = {
  mot: '/mot',
  servicing: '/servicing',
  about: '/about',
  contact: '/contact',
} as const;
export type InfoPageKey = keyof typeof infoPagePaths;

/** The pages as staff read them, in the editor and the history of changes. */
export const infoPageNames: Record<InfoPageKey, string> = {
  mot: 'MOT page',
  servicing: 'Servicing page',
  about: 'About page',
  contact: 'Contact page',
};

export const infoPagesSchema = z.object({
  mot: infoPageSchema,
  servicing: infoPageSchema,
  about: infoPageSchema,
  contact: infoPageSchema,
});

export type ContentBlock = z.output<typeof contentBlockSchema>;
export type ContentSection = z.output<typeof contentSectionSchema>;
export type InfoPage = z.output<typeof infoPageSchema>;
export type InfoPages = z.output<typeof infoPagesSchema>;
