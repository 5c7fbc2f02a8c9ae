import Bowser from 'bowser';
import { Router, type Request, type Response } from 'express';
import {
  codeSchema,
  invalidCodeMessage,
  ownDisplayNameSchema,
  passwordChangeSchema,
  twoFactorProofSchema,
  twoFactorReplaceSchema,
  wrongCurrentPasswordMessage,
  type RecoveryCodes,
  type StaffSession,
  type TwoFactorSetup,
} from '#common/accounts/accounts.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import { HttpError } from '../http/errors.ts';
import { idParam, parseBody } from '../http/params.ts';
import { endSession, endSessionsOf, hashSessionToken, listSessions } from '../auth/sessions.ts';
import { otpauthUrl } from '../auth/two-factor.ts';
import {
  beginTwoFactorSetup,
  changePassword,
  disableTwoFactor,
  enableTwoFactor,
  renewRecoveryCodes,
  setOwnDisplayName,
} from './own-account.ts';
import type { StaffUser } from '#common/auth/auth.ts';
import type { AccountsDependencies, RouteHelpers } from './route-helpers.ts';

const sessionId = (req: Request) => idParam(req, 'The session id must be a positive whole number.');

/** "Chrome 131" and "Android 14" from a user agent; what it does not say is said plainly. */
function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name
    ? [parsed.browser.name, major].filter(Boolean).join(' ')
    : 'Unknown browser';
  const os = parsed.os.name
    ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ')
    : 'Unknown system';
  return { browser, os };
}

/** The signed-in person's own account: their name, their password and their sessions. */
export function ownAccountRouter(deps: AccountsDependencies, helpers: RouteHelpers) {
  const own = Router();
  own.use(['/user/display-name', '/user/password', '/user/sessions'], deps.requireAnyUser);
  own.put('/user/display-name', changeOwnDisplayName(deps, helpers));
  own.post('/user/password', changeOwnPassword(deps, helpers));
  own.get('/user/sessions', ownSessions(deps, helpers));
  own.delete('/user/sessions', endOtherSessions(deps, helpers));
  own.delete('/user/sessions/:id', endOneSession(deps, helpers));
  return own;
}

/**
 * Two-factor set-up, open to an account that must set it up before anything else. With it on
 * already, a new authenticator replaces the old one and every recovery code: only with proof.
 */
export function twoFactorRouter(deps: AccountsDependencies, helpers: RouteHelpers) {
  const twoFactor = Router();
  twoFactor.use('/user/two-factor', deps.requireUserBeforeTwoFactor);
  twoFactor.post('/user/two-factor/setup', beginTwoFactor(deps, helpers));
  twoFactor.post('/user/two-factor/enable', enableOwnTwoFactor(deps, helpers));
  twoFactor.post('/user/two-factor/recovery-codes', renewOwnRecoveryCodes(deps, helpers));
  twoFactor.post('/user/two-factor/disable', disableOwnTwoFactor(deps, helpers));
  return twoFactor;
}

/** PUT /user/display-name: the name the signed-in person goes by, set or cleared; the user as now. */
function changeOwnDisplayName({ db, clock }: AccountsDependencies, { record }: RouteHelpers) {
  return async (req: Request, res: Response) => {
    const { displayName } = parseBody(ownDisplayNameSchema, req.body ?? {});
    const user = req.user!;
    if (displayName !== user.displayName) {
      await setOwnDisplayName(db, user.id, displayName, clock());
      await record(req, {
        kind: 'display-name-changed',
        target: `account ${user.username}`,
        detail: { from: user.displayName, to: displayName },
      });
    }
    res.json({ ...user, displayName } satisfies StaffUser);
  };
}

/** POST /user/password: the signed-in account’s password changed; its other sessions end. */
function changeOwnPassword(
  { db, clock }: AccountsDependencies,
  { record, accountOf, sessionTokenOf, tooManyProofs }: RouteHelpers,
) {
  return async (req: Request, res: Response) => {
    const input = parseBody(passwordChangeSchema, req.body ?? {});
    const result = await changePassword(
      db,
      { ...accountOf(req), sessionToken: sessionTokenOf(req)! },
      input,
      clock(),
      wrongCurrentPasswordMessage,
    );
    if (result.outcome === 'throttled') throw tooManyProofs(res, result.retryAfterSeconds);
    if (result.outcome === 'invalid') throw new HttpError(400, invalidFieldsMessage, result.fieldErrors);
    await record(req, {
      kind: 'password-changed',
      target: `account ${req.user!.username}`,
      detail: { sessionsEnded: result.sessionsEnded },
    });
    res.status(204).end();
  };
}

/** GET /user/sessions: the signed-in account’s sessions, the current one marked. */
function ownSessions({ db, clock }: AccountsDependencies, { sessionTokenOf }: RouteHelpers) {
  return async (req: Request, res: Response) => {
    const current = hashSessionToken(sessionTokenOf(req)!);
    const rows = await listSessions(db, req.user!.id, clock());
    res.json(
      rows.map((row): StaffSession => ({
        id: row.id,
        ...describeUserAgent(row.userAgent),
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.tokenHash === current,
      })),
    );
  };
}

/** DELETE /user/sessions: every session of the account but this one ended. */
function endOtherSessions({ db }: AccountsDependencies, { record, sessionTokenOf }: RouteHelpers) {
  return async (req: Request, res: Response) => {
    const ended = await endSessionsOf(db, req.user!.id, sessionTokenOf(req));
    await record(req, {
      kind: 'session-ended',
      target: `account ${req.user!.username}`,
      detail: { sessions: ended },
    });
    res.status(204).end();
  };
}

/** DELETE /user/sessions/{id}: one of the account’s sessions ended. */
function endOneSession({ db }: AccountsDependencies, { record }: RouteHelpers) {
  return async (req: Request, res: Response) => {
    if (!(await endSession(db, req.user!.id, sessionId(req)))) {
      throw new HttpError(404, 'That session has already ended.');
    }
    await record(req, {
      kind: 'session-ended',
      target: `account ${req.user!.username}`,
      detail: { sessions: 1 },
    });
    res.status(204).end();
  };
}

/** POST /user/two-factor/setup: a new authenticator secret to set up. */
function beginTwoFactor(deps: AccountsDependencies, { requireProof }: RouteHelpers) {
  return async (req: Request, res: Response) => {
    if (req.user!.twoFactor) await requireProof(req, res, parseBody(twoFactorProofSchema, req.body ?? {}));
    const secret = await beginTwoFactorSetup(deps.db, req.user!.id);
    res.json({
      secret,
      otpauthUrl: otpauthUrl(secret, req.user!.username, await deps.issuer()),
    } satisfies TwoFactorSetup);
  };
}

/** POST /user/two-factor/enable: two-factor sign-in on, with new recovery codes. */
function enableOwnTwoFactor({ db, clock }: AccountsDependencies, { record, requireProof }: RouteHelpers) {
  return async (req: Request, res: Response) => {
    const replacing = req.user!.twoFactor;
    let newCode: string;
    if (replacing) {
      const { password, code, newCode: fromNewApp } = parseBody(twoFactorReplaceSchema, req.body ?? {});
      await requireProof(req, res, { password, code });
      newCode = fromNewApp;
    } else {
      newCode = parseBody(codeSchema, req.body ?? {}).code;
    }
    const recoveryCodes = await enableTwoFactor(db, req.user!.id, newCode, clock());
    if (!recoveryCodes) {
      throw new HttpError(400, invalidCodeMessage, {
        [replacing ? 'newCode' : 'code']: [invalidCodeMessage],
      });
    }
    await record(req, {
      kind: 'two-factor-enabled',
      target: `account ${req.user!.username}`,
      ...(replacing && { detail: { replaced: true } }),
    });
    res.json({ recoveryCodes } satisfies RecoveryCodes);
  };
}

/** POST /user/two-factor/recovery-codes: new recovery codes, the old ones void. */
function renewOwnRecoveryCodes({ db }: AccountsDependencies, { record, requireProof }: RouteHelpers) {
  return async (req: Request, res: Response) => {
    await requireProof(req, res, parseBody(twoFactorProofSchema, req.body ?? {}));
    const recoveryCodes = await renewRecoveryCodes(db, req.user!.id);
    if (!recoveryCodes) throw new HttpError(409, 'Two-factor sign-in is off: there are no recovery codes.');
    await record(req, { kind: 'recovery-codes-renewed', target: `account ${req.user!.username}` });
    res.json({ recoveryCodes } satisfies RecoveryCodes);
  };
}

/** POST /user/two-factor/disable: two-factor sign-in off. */
function disableOwnTwoFactor({ db, clock }: AccountsDependencies, { record, requireProof }: RouteHelpers) {
  return async (req: Request, res: Response) => {
    await requireProof(req, res, parseBody(twoFactorProofSchema, req.body ?? {}));
    await disableTwoFactor(db, req.user!.id, clock());
    await record(req, { kind: 'two-factor-disabled', target: `account ${req.user!.username}` });
    res.status(204).end();
  };
}
