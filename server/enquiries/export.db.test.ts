import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearEnquiries, makeEnquiry } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { enquiries } from '../db/schema.ts';
import { csvCell, enquiryCsvHeader } from './export.ts';

describe('a CSV cell', () => {
  it('is quoted when it holds a quote, comma or line break, and never starts a formula', () => {
    expect(csvCell('Ford Focus')).toBe('Ford Focus');
    expect(csvCell('Smith, Jones')).toBe('"Smith, Jones"');
    expect(csvCell('He said "soon"')).toBe('"He said ""soon"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell(null)).toBe('');
    for (const formula of [
      '=HYPERLINK("http://evil.example")',
      '+441708',
      '-2+3',
      '@SUM(A1)',
      '\tcmd',
      '\r=1',
    ]) {
      expect(csvCell(formula).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=1+1')).toBe("'=1+1");
  });

  it('leaves out the characters that reverse how text reads, and a formula hidden behind them', () => {
    expect(csvCell('Sarah \u202Enosbor\u202C Mitchell')).toBe('Sarah nosbor Mitchell');
    expect(csvCell('\u2067\u200F\u061C\u200Eمحمد\u2069')).toBe('محمد');
    expect(csvCell('\u202A=1+1')).toBe("'=1+1");
  });
});

/** The cells of a CSV document (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += character;
  }
  return rows;
}

describe('GET /api/enquiries/export.csv', () => {
  const fixture = useTestApp({ env: { ENQUIRY_RATE_LIMIT: '100000' }, staff: { username: 'sam' } });

  beforeEach(() => clearEnquiries(fixture.database.db));

  const exported = (query = '') =>
    request(fixture.app)
      .get(`/api/enquiries/export.csv${query}`)
      .set(fixture.staff.headers)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('is UTF-8 with a byte-order mark, one row per enquiry with its status and notes, formulas neutralised', async () => {
    const hostile = await request(fixture.app)
      .post('/api/enquiries')
      .send(
        makeEnquiry({
          name: '=HYPERLINK("http://evil.example","Click")',
          message: 'Line one\nLine "two", café',
          postcode: 'co1 1aa',
        }),
      )
      .expect(201);
    await request(fixture.app)
      .post(`/api/enquiries/${hostile.body.id}/notes`)
      .set(fixture.staff.headers)
      .send({ text: '@SUM(1) asked for a quote' })
      .expect(201);
    await request(fixture.app)
      .put(`/api/enquiries/${hostile.body.id}/status`)
      .set(fixture.staff.headers)
      .send({ status: 'quoted' });
    await request(fixture.app)
      .post('/api/enquiries')
      .send(makeEnquiry({ name: 'Plain \u202Eremotsuc\u202C Customer', vehicle: '' }))
      .expect(201);

    const response = await exported().expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, plain, quoted, ...rest] = parseCsv(body.toString('utf8').slice(1));
    expect(rest).toEqual([]);
    expect(header).toEqual(enquiryCsvHeader);
    expect(plain).toMatchObject({
      2: 'Plain remotsuc Customer',
      5: '',
      7: '',
      8: 'No',
      10: 'New',
      11: 'No',
      12: '',
    });
    expect(quoted![0]).toBe(hostile.body.reference);
    expect(quoted![1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(quoted![2]).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(quoted![6]).toBe('Puncture Repair');
    expect(quoted![7]).toBe('CO1 1AA');
    expect(quoted![8]).toBe('Yes'); // outside the covered area
    expect(quoted![9]).toBe('Line one\nLine "two", café');
    expect(quoted![10]).toBe('Quoted');
    expect(quoted![11]).toBe('Yes');
    expect(quoted![12]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d sam: @SUM\(1\) asked for a quote$/);
  });

  it('follows the filter, and streams thousands of rows page by page without losing or repeating one', async () => {
    const rows = Array.from({ length: 1234 }, (_, index) => ({
      name: index % 2 === 0 ? `Even ${index}` : `Odd ${index}`,
      email: `bulk${index}@example.com`,
      message: '',
    }));
    await fixture.database.db.insert(enquiries).values(rows);
    const all = parseCsv((await exported()).body.toString('utf8').slice(1));
    expect(all).toHaveLength(1 + 1234);
    expect(new Set(all.slice(1).map((row) => row[0])).size).toBe(1234);
    const odd = parseCsv((await exported('?q=odd')).body.toString('utf8').slice(1));
    expect(odd).toHaveLength(1 + 617);
    expect(odd.slice(1).every((row) => row[2]!.startsWith('Odd'))).toBe(true);
    const closed = parseCsv((await exported('?status=closed')).body.toString('utf8').slice(1));
    expect(closed).toEqual([enquiryCsvHeader]);
  });

  it('is for staff only, and refuses a bad filter', async () => {
    await request(fixture.app).get('/api/enquiries/export.csv').expect(401);
    await request(fixture.app)
      .get('/api/enquiries/export.csv?status=open')
      .set(fixture.staff.headers)
      .expect(400);
  });
});
