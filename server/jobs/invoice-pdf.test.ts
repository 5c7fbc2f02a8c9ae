import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  type ChargedLine,
  type InvoiceDocument,
  type PaidStatus,
  invoiceLines,
  paidStatus,
} from '#common/jobs/invoice.ts';
import { formatPence } from '#common/util/money.ts';
import { pdfText, pdfTextItems } from '#tests/support/pdf-text.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

const charged: ChargedLine[] = [
  { description: 'Michelin Primacy 4+ 205/55 R16 91V, fitted and balanced', quantity: 2, unitPence: 11_999 },
  { description: 'Mobile call-out (Romford RM3)', quantity: 1, unitPence: 2_500 },
  { description: 'Puncture repair', quantity: 1, unitPence: 2_000 },
];

/** An issued invoice with the given charged lines; override any other field. */
function makeInvoice(
  overrides: Partial<Omit<InvoiceDocument, 'lines' | 'totals'>> & { charged?: readonly ChargedLine[] } = {},
): InvoiceDocument {
  const { charged: lines = charged, ...rest } = overrides;
  return {
    kind: 'invoice',
    number: 'INV-000042',
    issuedAt: '2026-11-28T10:15:00Z',
    supplyDate: '2026-11-27',
    credits: null,
    seller: {
      name: 'Havering Mobile Tyres Ltd',
      address: ['Unit 4, Brook Street Industrial Estate', 'Romford', 'RM3 0AB'],
      vatNumber: 'GB123456789',
      email: 'accounts@example.co.uk',
      phone: '01708 123456',
    },
    customer: {
      name: 'Jane Smith',
      address: ['12 Harold Court Road', 'Harold Wood', 'Romford RM3 0XX'],
      email: 'jane.smith@example.com',
      phone: '07700 900123',
    },
    job: {
      reference: 'ENQ-2611-0042',
      registration: 'AB12CDE',
      vehicle: 'Ford Focus 2019',
      service: 'Tyre fitting',
    },
    ...invoiceLines(lines, 20),
    vatRatePercent: 20,
    ...rest,
  };
}

const unpaid = (invoice: InvoiceDocument) => paidStatus(invoice.totals.grossPence, []);

/** The first page's text items line by line, top to bottom, each line's left to right. */
async function drawnOrder(bytes: Buffer): Promise<string> {
  const [items = []] = await pdfTextItems(bytes);
  return items
    .toSorted((a, b) => Math.round(b.y) - Math.round(a.y) || a.x - b.x)
    .map((item) => item.str)
    .join(' ');
}

async function render(invoice: InvoiceDocument, paid: PaidStatus = unpaid(invoice)) {
  return (await pdfText(await renderInvoicePdf(invoice, paid))).join('\n');
}

/** How often `part` occurs in `text`. */
const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('renderInvoicePdf', () => {
  it('writes a PDF', async () => {
    const bytes = await renderInvoicePdf(makeInvoice(), unpaid(makeInvoice()));
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('states the seller, the customer, the job and the dates', async () => {
    const text = await render(makeInvoice());
    expect(text).toContain('VAT invoice');
    expect(text).toContain('Invoice number INV-000042');
    expect(text).toContain('Invoice date 28 November 2026');
    expect(text).toContain('Date of supply 27 November 2026');
    expect(text).toContain(
      'Havering Mobile Tyres Ltd Unit 4, Brook Street Industrial Estate Romford RM3 0AB 01708 123456 accounts@example.co.uk',
    );
    expect(text).toContain('VAT registration number GB123456789');
    expect(text).toContain(
      'Bill to Jane Smith 12 Harold Court Road Harold Wood Romford RM3 0XX jane.smith@example.com 07700 900123',
    );
    expect(text).toContain(
      'Reference ENQ-2611-0042 Vehicle Ford Focus 2019 Registration AB12 CDE Service Tyre fitting',
    );
    expect(text).not.toContain('Credit');
  });

  it('says the VAT number is not set when issued without one, the old placeholder included', async () => {
    const seller = makeInvoice().seller;
    for (const vatNumber of [null, 'GB 000 0000 00']) {
      const text = await render(makeInvoice({ seller: { ...seller, vatNumber } }));
      expect(text).toContain('VAT registration number not set');
      expect(text).not.toContain('000 0000');
    }
  });

  it('is headed by the business’s logo when there is one, and reads as without it', async () => {
    const invoice = makeInvoice();
    const png = await sharp({ create: { width: 300, height: 50, channels: 3, background: '#8DC63F' } })
      .png()
      .toBuffer();
    const withLogo = await renderInvoicePdf(invoice, unpaid(invoice), {
      logo: { png, width: 300, height: 50 },
    });
    const without = await renderInvoicePdf(invoice, unpaid(invoice));
    const hasImage = (bytes: Buffer) => bytes.toString('latin1').includes('/Subtype /Image');
    expect(hasImage(withLogo)).toBe(true);
    expect(hasImage(without)).toBe(false);
    expect((await pdfText(withLogo)).join('\n')).toBe((await pdfText(without)).join('\n'));
  });

  it('dates the invoice and its payments by London’s calendar', async () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    const invoice = makeInvoice({ issuedAt: '2026-06-30T23:30:00Z', supplyDate: '2026-06-30' });
    const paid = paidStatus(invoice.totals.grossPence, [
      { method: 'cash', amount: invoice.totals.grossPence, takenAt: '2026-06-30T23:10:00Z' },
    ]);
    const text = await render(invoice, paid);
    expect(text).toContain('Invoice date 1 July 2026');
    expect(text).toContain('Date of supply 30 June 2026');
    expect(text).toContain(`Cash payment of ${formatPence(invoice.totals.grossPence)} on 1 July 2026`);
    const refunded = paidStatus(
      invoice.totals.grossPence,
      [{ method: 'online', amount: invoice.totals.grossPence, takenAt: '2026-06-30T12:00:00Z' }],
      [{ amount: 1000, at: '2026-06-30T23:20:00Z' }],
    );
    const withRefund = await render(invoice, refunded);
    expect(withRefund).toContain(
      `Online payment of ${formatPence(invoice.totals.grossPence)} on 30 June 2026`,
    );
    expect(withRefund).toContain('Refund to card of £10.00 on 1 July 2026');
    expect(withRefund).toContain('Part paid:');
  });

  it('writes names in every script customers type, never as ?', async () => {
    const names = [
      'Łukasz Dvořák',
      'Γιώργος Παπαδόπουλος',
      'Дмитрий Иванов',
      'राजेश कुमार',
      '王小明',
      'Nguyễn Văn An',
      'Zoë O’Brien 🛞',
    ];
    const invoice = makeInvoice({
      customer: {
        name: names[0]!,
        address: names.slice(1),
        email: 'l.dvorak@example.com',
        phone: '07700 900456',
      },
      charged: [{ description: 'Valve caps 🛞 (set of four)', quantity: 1, unitPence: 500 }],
    });
    const text = await render(invoice);
    for (const name of names) expect(text).toContain(name);
    expect(text).toContain('Valve caps 🛞 (set of four) 1 £5.00 £0.83 £5.00');
    expect(text).not.toContain('?');
  });

  it('writes Arabic and Hebrew right to left among Latin text, without direction controls', async () => {
    const invoice = makeInvoice({
      customer: {
        // A right-to-left override would show "Smith" as "htimS".
        name: 'محمد علي \u202ESmith\u202C',
        address: ['דוד כהן', '12 Harold Court Road'],
        email: 'm.ali@example.com',
        phone: '07700 900456',
      },
    });
    const bytes = await renderInvoicePdf(invoice, unpaid(invoice));
    const [page = ''] = await pdfText(bytes);
    // pdf.js reads each right-to-left word back in its letters' order, and Latin stays left to right.
    for (const word of ['محمد', 'علي', 'Smith', 'דוד', 'כהן']) expect(page).toContain(word);
    expect(page).not.toMatch(/[?\u202A-\u202E]/u);
    const order = await drawnOrder(bytes);
    // Drawn left to right: "Smith", then the second word, then the first (the rightmost).
    expect(order.indexOf('Smith')).toBeLessThan(order.indexOf('علي'));
    expect(order.indexOf('علي')).toBeLessThan(order.indexOf('محمد'));
    expect(order.indexOf('כהן')).toBeLessThan(order.indexOf('דוד'));
  });

  it('shows each line with its quantity, price, VAT and amount', async () => {
    const invoice = makeInvoice();
    const text = await render(invoice);
    expect(text).toContain('Description Qty Unit price (incl. VAT) VAT (20%) Amount (incl. VAT)');
    for (const line of invoice.lines) {
      const figures = [line.unitPence, line.vatPence, line.grossPence].map(formatPence).join(' ');
      expect(text).toContain(`${line.description} ${line.quantity} ${figures}`);
    }
    // Worked out rather than read back: the figures the table must show.
    expect(text).toContain(
      'Michelin Primacy 4+ 205/55 R16 91V, fitted and balanced 2 £119.99 £40.00 £239.98',
    );
    expect(text).toContain('Mobile call-out (Romford RM3) 1 £25.00 £4.17 £25.00');
  });

  it('totals the net amount, the VAT and the total, and says prices include VAT', async () => {
    const invoice = makeInvoice();
    const text = await render(invoice);
    expect(invoice.totals).toEqual({ netPence: 23_748, vatPence: 4_750, grossPence: 28_498 });
    expect(text).toContain('Net £237.48 VAT at 20% £47.50 Total £284.98');
    expect(text).toContain('Prices include VAT at 20%.');
  });

  it('keeps a long description whole, wrapped within its column', async () => {
    const description =
      'Two Continental PremiumContact 7 tyres 225/45 R17 94W XL supplied and fitted at the roadside with new valves, ' +
      'balancing, a torque check of every wheel nut and disposal of the old tyres';
    const invoice = makeInvoice({ charged: [{ description, quantity: 1, unitPence: 27_500 }] });
    const text = await render(invoice);
    expect(text).toContain(`${description} 1 £275.00 £45.83 £275.00`);
  });

  it('says an invoice is paid in full, and lists its payments', async () => {
    const invoice = makeInvoice();
    const paid = paidStatus(invoice.totals.grossPence, [
      { method: 'card', amount: 20_000, takenAt: '2026-11-27T16:40:00Z' },
      { method: 'bank-transfer', amount: 8_498, takenAt: '2026-11-28T09:00:00Z' },
    ]);
    const text = await render(invoice, paid);
    expect(text).toContain('Paid in full');
    expect(text).toContain('Card payment of £200.00 on 27 November 2026');
    expect(text).toContain('Bank transfer payment of £84.98 on 28 November 2026');
    expect(text).not.toContain('due');
  });

  it('says what is received and what is due on a part-paid invoice', async () => {
    const invoice = makeInvoice();
    const paid = paidStatus(invoice.totals.grossPence, [
      { method: 'cash', amount: 10_000, takenAt: '2026-11-27T16:40:00Z' },
    ]);
    const text = await render(invoice, paid);
    expect(text).toContain('Part paid: £100.00 received, £184.98 due');
    expect(text).toContain('Cash payment of £100.00 on 27 November 2026');
    expect(text).not.toContain('Paid in full');
  });

  it('states the amount due on an unpaid invoice', async () => {
    const text = await render(makeInvoice());
    expect(text).toContain('Amount due: £284.98');
    expect(text).not.toContain('payment of');
  });

  it('writes a credit note with the invoice it credits and why', async () => {
    const invoice = makeInvoice({
      kind: 'credit-note',
      number: 'CN-000007',
      credits: { number: 'INV-000042', reason: 'One tyre was returned unused.' },
      charged: [
        { description: 'Michelin Primacy 4+ 205/55 R16 91V, returned', quantity: 1, unitPence: 11_999 },
      ],
    });
    const text = await render(invoice);
    expect(text).toContain('Credit note');
    expect(text).toContain('Credit note number CN-000007');
    expect(text).toContain('Credit for invoice INV-000042');
    expect(text).toContain('Reason: One tyre was returned unused.');
    expect(text).toContain('Net £99.99 VAT at 20% £20.00 Total £119.99');
    expect(text).toContain('Amount credited: £119.99');
    expect(text).not.toContain('VAT invoice');
    expect(text).not.toContain('Amount due');
  });

  it('carries many lines over several pages, repeating the table header', async () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({
      description:
        index % 10 === 0
          ? `Line ${index + 1}: Pirelli Cinturato P7 205/55 R16 91V supplied and fitted with a new valve and balancing`
          : `Line ${index + 1}: Wheel balancing`,
      quantity: 1 + (index % 3),
      unitPence: 1_250 + index * 7,
    }));
    const invoice = makeInvoice({ charged: lines });
    const pages = await pdfText(await renderInvoicePdf(invoice, unpaid(invoice)));
    const text = pages.join('\n');

    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const [index, page] of pages.entries()) {
      expect(page).toContain('Description Qty Unit price (incl. VAT) VAT (20%) Amount (incl. VAT)');
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    }
    expect(pages[1]).toContain('VAT invoice INV-000042 (continued)');
    for (const line of invoice.lines) {
      expect(occurrences(text, `${line.description} `), line.description).toBe(1);
      expect(text).toContain(`${line.description} ${line.quantity} ${formatPence(line.unitPence)}`);
    }
    const { totals } = invoice;
    expect(pages.at(-1)).toContain(
      `Net ${formatPence(totals.netPence)} VAT at 20% ${formatPence(totals.vatPence)} Total ${formatPence(totals.grossPence)}`,
    );
  });

  it('renders the same document to the same bytes', async () => {
    const invoice = makeInvoice();
    const paid = paidStatus(invoice.totals.grossPence, [
      { method: 'card', amount: 5_000, takenAt: '2026-11-27T16:40:00Z' },
    ]);
    const first = await renderInvoicePdf(invoice, paid);
    const second = await renderInvoicePdf(structuredClone(invoice), structuredClone(paid));
    expect(second.equals(first)).toBe(true);
  });
});
