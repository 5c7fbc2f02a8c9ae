import { Router, type Request, type Response } from 'express';
import {
  accountChangeSchema,
  accountSetupSchema,
  lastOwnerMessage,
  newAccountSchema,
  securitySettingsSchema,
  setupLinkInvalidMessage,
  type AccountSetupInfo,
  type NewStaffAccount,
  type SetupLink,
} from '#common/accounts/accounts.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import { recordActivity } from '../activity/service.ts';
import { HttpError } from '../http/errors.ts';
import { idParam, parseBody } from '../http/params.ts';
import { requireSameOrigin } from '../auth/guard.ts';
import { requireOwner } from '../http/roles.ts';
import { setSessionCookie } from '../auth/cookies.ts';
import { usernameTakenMessage } from '../auth/service.ts';
import { ownAccountRouter, twoFactorRouter } from './own-account-routes.ts';
import { routeHelpers, type AccountsDependencies, type RouteHelpers } from './route-helpers.ts';
import { completeSetup, findSetupToken, setupLinkUrl } from './setup-links.ts';
import {
  changeAccount,
  createAccount,
  deleteAccount,
  listAccounts,
  listFitters,
  readSecuritySettings,
  resetAccess,
  writeSecuritySettings,
} from './staff-accounts.ts';

const accountId = (req: Request) => idParam(req, 'The account id must be a positive whole number.');

const noSuchAccount = () => new HttpError(404, 'That account does not exist. It may have been deleted.');

/**
 * Staff accounts (owners), the signed-in person's own account, and set-up links, mounted under
 * /api. Every staff route is behind the one guard; account management is for owners.
 */
export function accountsRouter(deps: AccountsDependencies): Router {
  const helpers = routeHelpers(deps);
  const router = Router();
  router.use(setupLinkRouter(deps));
  router.use(twoFactorRouter(deps, helpers));
  router.use(ownAccountRouter(deps, helpers));
  router.use(ownersRouter(deps, helpers));
  return router;
}

/** Owners: the accounts, the fitters to give jobs to, and the security settings. */
function ownersRouter(deps: AccountsDependencies, helpers: RouteHelpers) {
  const owners = Router();
  owners.use(['/users', '/settings/security'], deps.requireUser, requireOwner);
  owners.get('/fitters', deps.requireUser, fitters(deps));
  owners.get('/users', staffAccounts(deps));
  owners.post('/users', addAccount(deps, helpers));
  owners.patch('/users/:id', changeStaffAccount(deps, helpers));
  owners.delete('/users/:id', removeAccount(deps, helpers));
  owners.post('/users/:id/reset-link', resetLink(deps, helpers));
  owners.get('/settings/security', securitySettings(deps));
  owners.put('/settings/security', changeSecuritySettings(deps, helpers));
  return owners;
}

/** Anyone with a set-up link: what it is for, and choosing the account's password through it. */
function setupLinkRouter(deps: AccountsDependencies) {
  const router = Router();
  router.get('/account-setup/:token', setupLinkInfo(deps));
  router.post('/account-setup/:token', requireSameOrigin(deps.publicUrl), completeAccountSetup(deps));
  return router;
}

/** GET /fitters: the fitters jobs can be given to. */
function fitters({ db }: AccountsDependencies) {
  return async (_req: Request, res: Response) => {
    res.json(await listFitters(db));
  };
}

/** GET /users: every staff account. */
function staffAccounts({ db }: AccountsDependencies) {
  return async (_req: Request, res: Response) => {
    res.json(await listAccounts(db));
  };
}

/** POST /users: a new account and its set-up link. */
function addAccount({ db, clock, publicUrl }: AccountsDependencies, { record }: RouteHelpers) {
  return async (req: Request, res: Response) => {
    const input = parseBody(newAccountSchema, req.body ?? {});
    const result = await createAccount(db, input, clock());
    if (result.outcome === 'taken') {
      throw new HttpError(409, usernameTakenMessage, { username: [usernameTakenMessage] });
    }
    await record(req, {
      kind: 'account-created',
      target: `account ${result.account.username}`,
      detail: {
        role: result.account.role,
        ...(result.account.displayName && { name: result.account.displayName }),
      },
    });
    res.status(201).json({
      ...result.account,
      setupUrl: setupLinkUrl(publicUrl, result.token),
      setupExpiresAt: result.expiresAt.toISOString(),
    } satisfies NewStaffAccount);
  };
}

/** PATCH /users/{id}: the account’s display name or role changed, or the account disabled or enabled. */
function changeStaffAccount({ db, clock }: AccountsDependencies, { record }: RouteHelpers) {
  return async (req: Request, res: Response) => {
    const id = accountId(req);
    const change = parseBody(accountChangeSchema, req.body ?? {});
    const result = await changeAccount(db, id, change, clock());
    if (result.outcome === 'not-found') throw noSuchAccount();
    if (result.outcome === 'last-owner') throw new HttpError(409, lastOwnerMessage);
    const { before, account } = result;
    const target = `account ${account.username}`;
    if (before.displayName !== account.displayName) {
      await record(req, {
        kind: 'display-name-changed',
        target,
        detail: { from: before.displayName, to: account.displayName },
      });
    }
    if (before.role !== account.role) {
      await record(req, { kind: 'role-changed', target, detail: { from: before.role, to: account.role } });
    }
    if (before.disabled !== account.disabled) {
      await record(req, { kind: account.disabled ? 'account-disabled' : 'account-enabled', target });
    }
    res.json(account);
  };
}

/** DELETE /users/{id}: the account deleted, unless it is the last owner. */
function removeAccount({ db }: AccountsDependencies, { record }: RouteHelpers) {
  return async (req: Request, res: Response) => {
    const result = await deleteAccount(db, accountId(req));
    if (result.outcome === 'not-found') throw noSuchAccount();
    if (result.outcome === 'last-owner') throw new HttpError(409, lastOwnerMessage);
    await record(req, { kind: 'account-deleted', target: `account ${result.account.username}` });
    res.status(204).end();
  };
}

/** POST /users/{id}/reset-link: the account’s sign-in reset, and a new set-up link. */
function resetLink({ db, clock, publicUrl }: AccountsDependencies, { record }: RouteHelpers) {
  return async (req: Request, res: Response) => {
    const reset = await resetAccess(db, accountId(req), clock());
    if (!reset) throw noSuchAccount();
    await record(req, { kind: 'access-reset', target: `account ${reset.account.username}` });
    res.json({
      setupUrl: setupLinkUrl(publicUrl, reset.token),
      setupExpiresAt: reset.expiresAt.toISOString(),
    } satisfies SetupLink);
  };
}

/** GET /settings/security: the sign-in security settings. */
function securitySettings({ db }: AccountsDependencies) {
  return async (_req: Request, res: Response) => {
    res.json(await readSecuritySettings(db));
  };
}

/** PUT /settings/security: the sign-in security settings changed. */
function changeSecuritySettings({ db, clock }: AccountsDependencies, { record }: RouteHelpers) {
  return async (req: Request, res: Response) => {
    const settings = parseBody(securitySettingsSchema, req.body ?? {});
    await writeSecuritySettings(db, settings, clock());
    await record(req, { kind: 'security-settings-changed', detail: { ...settings } });
    res.json(settings);
  };
}

/** GET /account-setup/{token}: whose account the set-up link is for, and until when. */
function setupLinkInfo({ db, clock }: AccountsDependencies) {
  return async (req: Request, res: Response) => {
    const link = await findSetupToken(db, String(req.params.token), clock());
    if (!link) throw new HttpError(404, setupLinkInvalidMessage);
    res.json({ username: link.username, expiresAt: link.expiresAt.toISOString() } satisfies AccountSetupInfo);
  };
}

/** POST /account-setup/{token}: the account’s password chosen through its link, and signed in. */
function completeAccountSetup({ db, clock, publicUrl }: AccountsDependencies) {
  return async (req: Request, res: Response) => {
    const { password } = parseBody(accountSetupSchema, req.body ?? {});
    const result = await completeSetup(
      db,
      String(req.params.token),
      password,
      clock(),
      req.get('user-agent'),
    );
    if (result.outcome === 'invalid-link') throw new HttpError(404, setupLinkInvalidMessage);
    if (result.outcome === 'weak')
      throw new HttpError(400, invalidFieldsMessage, { password: [result.reason] });
    await recordActivity(db, {
      actor: result.user,
      kind: 'account-set-up',
      clientAddress: req.ip,
      target: `account ${result.user.username}`,
      at: clock(),
    });
    setSessionCookie(req, res, publicUrl, result.sessionToken);
    res.json(result.user);
  };
}
