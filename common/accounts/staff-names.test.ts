import { describe, expect, it } from 'vitest';
import { displayNameSchema } from './accounts.ts';
import { firstNameOf, staffName } from './staff-names.ts';

describe('how staff are named', () => {
  it('on staff screens: the display name, else the username', () => {
    expect(staffName({ username: 'dave', displayName: 'Dave Smith' })).toBe('Dave Smith');
    expect(staffName({ username: 'dave', displayName: null })).toBe('dave');
  });

  it('to customers: the first word of the display name, and nothing without one', () => {
    expect(firstNameOf('Dave Smith')).toBe('Dave');
    expect(firstNameOf('  Mary-Jane   O’Neill ')).toBe('Mary-Jane');
    expect(firstNameOf('Cher')).toBe('Cher');
    expect(firstNameOf('   ')).toBeNull();
    expect(firstNameOf(null)).toBeNull();
    expect(firstNameOf(undefined)).toBeNull();
  });
});

describe('a display name as typed', () => {
  it('is trimmed, and cleared when empty or missing', () => {
    expect(displayNameSchema.parse('  Dave Smith ')).toBe('Dave Smith');
    expect(displayNameSchema.parse('   ')).toBeNull();
    expect(displayNameSchema.parse('')).toBeNull();
    expect(displayNameSchema.parse(null)).toBeNull();
    expect(displayNameSchema.parse('x'.repeat(60))).toBe('x'.repeat(60));
  });

  it('is refused past 60 characters, on several lines, or when not text', () => {
    const messageOf = (value: unknown) => {
      const result = displayNameSchema.safeParse(value);
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(messageOf('x'.repeat(61))).toBe('Name must be 60 characters or fewer');
    expect(messageOf(`  ${'x'.repeat(60)}  `)).toBeNull();
    expect(messageOf('Dave\nSmith')).toBe('Name must be on one line, without control characters');
    expect(messageOf('Dave\tSmith')).toBe('Name must be on one line, without control characters');
    expect(messageOf(7)).toBe('Name must be text');
  });
});
