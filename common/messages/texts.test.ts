import { describe, expect, it } from 'vitest';
import { defaultMessageSettings, messageSettingsChanges, messageSettingsSchema } from './settings.ts';
import { smsEncoding, smsSegments } from './sms.ts';
import { defaultTextWordings, textKinds, textWordingProblem, writeText } from './texts.ts';

describe('the texts', () => {
  it('are each, as shipped, in GSM-7 and within two parts with the longest details', () => {
    for (const kind of textKinds) {
      expect(textWordingProblem(kind, defaultTextWordings[kind])).toBeNull();
      const written = writeText(defaultTextWordings[kind], {
        business: 'Tyre Rescue Essex & East London Ltd',
        reference: 'BK-2612-0042',
        date: 'Wed 30 Sep',
        window: '09:00-11:00',
        service: 'Tyre fitting (4 tyres)',
        eta: '10:15',
        amount: '£1,250.00',
        registration: 'AB12 CDE',
        link: 'https://www.example-tyres.co.uk/m/1a2bCDEFGHIJKLMNOPQRst',
      });
      expect(smsEncoding(written), kind).toBe('gsm7');
      expect(smsSegments(written), kind).toBeLessThanOrEqual(2);
      expect(written, kind).not.toMatch(/\{\w+\}/);
    }
  });

  it('write typographic characters plainly, so that a curly apostrophe does not halve a text', () => {
    expect(writeText('{business}: we’re on our way – {link}', { business: 'Jo’s Tyres', link: 'x' })).toBe(
      "Jo's Tyres: we're on our way - x",
    );
  });

  it('must name the business, carry the link, use only their own placeholders and fit two parts', () => {
    expect(textWordingProblem('on-my-way', 'On the way, about {eta}. {link}')).toBe(
      'Name the business: put {business} in the text',
    );
    expect(textWordingProblem('on-my-way', '{business}: on the way, about {eta}.')).toBe(
      'Put the {link} in the text',
    );
    expect(textWordingProblem('on-my-way', '{business}: {amount} {link}')).toMatch(
      /^\{amount\} is not one of this text's placeholders: \{business\} \{reference\} \{eta\} \{link\}$/,
    );
    expect(textWordingProblem('on-my-way', `{business}: ${'word '.repeat(50)}{link}`)).toMatch(/^Too long/);
    // Characters outside GSM-7 make a part 70 characters: a long enough text of them is too long.
    expect(textWordingProblem('on-my-way', `{business}: ${'🚗'.repeat(20)} {link}`)).toMatch(/^Too long/);
  });
});

describe('the messages settings', () => {
  it('take the shipped wording and refuse a wording that breaks the rules, at its field', () => {
    expect(messageSettingsSchema.safeParse(defaultMessageSettings).success).toBe(true);
    const parsed = messageSettingsSchema.safeParse({
      ...defaultMessageSettings,
      texts: { ...defaultMessageSettings.texts, 'day-before': 'See you tomorrow' },
      dayBeforeTime: '21:00',
    });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['texts.day-before', 'Name the business: put {business} in the text'],
      ['dayBeforeTime', 'Enter a time from 09:00 to 18:59, for example 17:00'],
    ]);
  });

  it('say what changed', () => {
    expect(
      messageSettingsChanges(defaultMessageSettings, {
        texts: { ...defaultMessageSettings.texts, 'on-my-way': '{business}: on the way. {link}' },
        dayBeforeTime: '16:00',
      }),
    ).toEqual([
      'Messages: text “On my way” “{business}: your fitter is on the way for {reference} and…” → “{business}: on the way. {link}”',
      'Messages: text of the day before at “17:00” → “16:00”',
    ]);
  });
});
