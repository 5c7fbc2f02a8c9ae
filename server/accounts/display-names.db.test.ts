import { describe, expect, it } from 'vitest';
import { ownersOnlyMessage, type ActivityEntry, type StaffAccount } from '#common/accounts/accounts.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import type { StaffUser } from '#common/auth/auth.ts';
import { useAccountsApp } from '#tests/support/accounts-app.ts';

const { owner, newcomer, activity } = useAccountsApp();

/** The accounts as the owner's list shows them, but for their last sign-in (which moves). */
const accountsOf = async (tab: Awaited<ReturnType<typeof owner>>) =>
  ((await tab.send('get', '/api/users')).body as StaffAccount[]).map(
    ({ lastSignInAt: _, ...account }) => account,
  );

describe('display names', () => {
  it('are set when an owner adds an account, trimmed, and none when left empty', async () => {
    const boss = await owner();
    const dave = await boss.send('post', '/api/users', {
      username: 'dave',
      displayName: '  Dave Smith ',
      role: 'fitter',
    });
    expect(dave.status).toBe(201);
    expect(dave.body).toMatchObject({ username: 'dave', displayName: 'Dave Smith' });
    const eve = await boss.send('post', '/api/users', { username: 'eve', displayName: '   ', role: 'staff' });
    expect(eve.body).toMatchObject({ username: 'eve', displayName: null });
    const fred = await boss.send('post', '/api/users', { username: 'fred', role: 'staff' });
    expect(fred.body).toMatchObject({ displayName: null });
    expect((await activity()).find((entry) => entry.target === 'account dave')?.detail).toEqual({
      role: 'fitter',
      name: 'Dave Smith',
    });
  });

  it('are set and cleared by an owner for someone else, and nothing else of the account changes', async () => {
    const boss = await owner();
    const { account } = await newcomer(boss);
    const before = (await accountsOf(boss)).find(({ id }) => id === account.id)!;

    const set = await boss.send('patch', `/api/users/${account.id}`, { displayName: ' Sam  Jones ' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ ...before, displayName: 'Sam  Jones' });
    expect((await accountsOf(boss)).find(({ id }) => id === account.id)).toEqual({
      ...before,
      displayName: 'Sam  Jones',
    });

    const cleared = await boss.send('patch', `/api/users/${account.id}`, { displayName: null });
    expect(cleared.body).toMatchObject({ ...before, displayName: null });
    expect((await activity()).filter((entry) => entry.kind === 'display-name-changed')).toMatchObject([
      { actorName: 'olivia', target: 'account sam', detail: { to: 'Sam  Jones' } },
      { actorName: 'olivia', target: 'account sam', detail: { to: null } },
    ]);
  });

  it('are set and cleared by each person for themself, whatever their role', async () => {
    const boss = await owner();
    const { tab: sam } = await newcomer(boss);
    const set = await sam.send('put', '/api/user/display-name', { displayName: 'Sam Jones' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      username: 'sam',
      displayName: 'Sam Jones',
      role: 'staff',
    } satisfies Partial<StaffUser>);
    expect((await sam.send('get', '/api/user')).body).toMatchObject({ displayName: 'Sam Jones' });

    const cleared = await sam.send('put', '/api/user/display-name', { displayName: '' });
    expect(cleared.body).toMatchObject({ displayName: null });
    expect((await sam.send('get', '/api/user')).body).toMatchObject({ displayName: null, role: 'staff' });

    expect((await boss.send('put', '/api/user/display-name', { displayName: 'Olivia Brown' })).status).toBe(
      200,
    );
    expect((await accountsOf(boss)).map(({ username, displayName }) => [username, displayName])).toEqual([
      ['olivia', 'Olivia Brown'],
      ['sam', null],
    ]);
  });

  it('cannot be set for someone else but by an owner', async () => {
    const boss = await owner();
    const [olivia] = (await accountsOf(boss)) as [StaffAccount];
    const { tab: sam } = await newcomer(boss);
    const refused = await sam.send('patch', `/api/users/${olivia.id}`, { displayName: 'The Boss' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: ownersOnlyMessage });
    expect((await accountsOf(boss)).find(({ id }) => id === olivia.id)?.displayName).toBeNull();
  });

  it('are refused with a field error when too long, on several lines or not text, and nothing changes', async () => {
    const boss = await owner();
    const { account, tab: sam } = await newcomer(boss);
    await sam.send('put', '/api/user/display-name', { displayName: 'Sam Jones' });
    const before = await accountsOf(boss);
    for (const [displayName, message] of [
      ['x'.repeat(61), 'Name must be 60 characters or fewer'],
      ['Sam\nJones', 'Name must be on one line, without control characters'],
      [42, 'Name must be text'],
    ] as const) {
      for (const answer of [
        await sam.send('put', '/api/user/display-name', { displayName }),
        await boss.send('patch', `/api/users/${account.id}`, { displayName }),
        await boss.send('post', '/api/users', { username: 'newbie', displayName, role: 'staff' }),
      ]) {
        expect({ status: answer.status, body: answer.body }).toEqual({
          status: 400,
          body: { error: invalidFieldsMessage, fieldErrors: { displayName: [message] } },
        });
      }
    }
    // Sixty characters are enough.
    expect((await sam.send('put', '/api/user/display-name', { displayName: 'y'.repeat(60) })).status).toBe(
      200,
    );
    expect(await accountsOf(boss)).toEqual(
      before.map((entry) => (entry.id === account.id ? { ...entry, displayName: 'y'.repeat(60) } : entry)),
    );
  });

  it('name the actor in the activity log, the username where there is none', async () => {
    const boss = await owner();
    const { tab: sam } = await newcomer(boss);
    await sam.send('put', '/api/user/display-name', { displayName: 'Sam Jones' });
    const entries = (await boss.send('get', '/api/activity')).body as ActivityEntry[];
    expect(entries.find((entry) => entry.kind === 'display-name-changed')?.actor).toBe('Sam Jones');
    expect(entries.find((entry) => entry.kind === 'account-created')?.actor).toBe('olivia');
  });
});
