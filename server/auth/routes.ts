import { Router, type Request, type Response } from 'express';
import {
  clearSessionCookie,
  readDeviceToken,
  readSessionToken,
  setDeviceCookie,
  setSessionCookie,
} from './cookies.ts';
import { loginSchema, registrationSchema, type StaffUser } from '#common/auth/auth.ts';
import { fieldErrorsOf, invalidFieldsMessage } from '#common/http/field-errors.ts';
import { HttpError } from '../http/errors.ts';
import { newDeviceToken } from './device-cookies.ts';
import { currentUser, requireOwner, requireSameOrigin, requireUser, type AuthDependencies } from './guard.ts';
import {
  codeSchema,
  invalidCodeMessage,
  noPendingSignInMessage,
  type ActivityKind,
  type TwoFactorChallenge,
} from '#common/accounts/accounts.ts';
import { recordActivity, type ActivityActor, type ActivityRecord } from '../activity/service.ts';
import { parseBody } from '../http/params.ts';
import {
  completeTwoFactorSignIn,
  createUser,
  hasAnyUser,
  invalidLoginMessage,
  logIn,
  tooManyLoginsMessage,
  usernameTakenMessage,
  type SignInClient,
} from './service.ts';
import { loginThrottle, type LockScope } from './throttle.ts';
import { createSession, deleteSession } from './sessions.ts';

export const registrationClosedMessage = 'Only signed-in staff can add an account.';

/** The client as sign-in records it. */
const clientOf = (req: Request, publicUrl: string): SignInClient => ({
  address: req.ip ?? 'unknown',
  userAgent: req.get('user-agent'),
  deviceToken: readDeviceToken(req, publicUrl),
});

/** Usernames end up in logs: kept short and on one line. */
const loggable = (username: string) => username.slice(0, 64).replace(/[\r\n]/g, ' ');

/**
 * POST /login, POST /login/two-factor, POST /logout, GET /user, POST /register, mounted under /api. Every attempt, its outcome and every sign-out go
 * to the activity log, never the password or code.
 */
export function authRouter(auth: AuthDependencies): Router {
  const { db, clock, publicUrl } = auth;
  const router = Router();
  const sameOrigin = requireSameOrigin(auth.publicUrl);
  const record = (
    req: Request,
    actor: ActivityActor,
    kind: ActivityKind,
    detail?: ActivityRecord['detail'],
  ) => recordActivity(db, { actor, kind, clientAddress: req.ip, at: clock(), detail });

  /** A username or device cookie has just reached its limit of failures: recorded, never the cookie. */
  const recordLockOut = (
    req: Request,
    actor: ActivityActor,
    lockedOut: LockScope,
    detail: ActivityRecord['detail'],
  ) =>
    record(req, actor, 'sign-in-locked', { ...detail, lockedOut, minutes: loginThrottle.windowMs / 60_000 });

  /** A new device cookie at every complete sign-in: this browser is now known to the account. */
  const trustThisDevice = async (req: Request, res: Response, user: StaffUser) =>
    setDeviceCookie(req, res, publicUrl, await newDeviceToken(db, user.username));

  /** Adds the account; `req.user` is the owner adding it, or none on the first run. */
  const register = async (req: Request, res: Response) => {
    const signedIn = req.user;
    const parsed = registrationSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new HttpError(400, invalidFieldsMessage, fieldErrorsOf(parsed.error));
    const result = await createUser(db, parsed.data, { onlyIfFirst: !signedIn, role: 'staff' });
    switch (result.outcome) {
      case 'invalid':
        throw new HttpError(400, invalidFieldsMessage, result.fieldErrors);
      case 'taken':
        throw new HttpError(409, usernameTakenMessage, { username: [usernameTakenMessage] });
      case 'closed':
        throw new HttpError(403, registrationClosedMessage);
    }
    req.log.info(
      { username: loggable(result.user.username), by: signedIn?.username ?? 'first run' },
      'account created',
    );
    await recordActivity(db, {
      actor: signedIn ?? result.user,
      kind: 'account-created',
      clientAddress: req.ip,
      at: clock(),
      target: `account ${result.user.username}`,
      detail: { role: result.user.role },
    });
    if (!signedIn) {
      setSessionCookie(
        req,
        res,
        publicUrl,
        await createSession(db, result.user.id, clock(), { userAgent: req.get('user-agent') }),
      );
    }
    res.status(201).json(result.user satisfies StaffUser);
  };

  router.post('/login', sameOrigin, async (req, res) => {
    const parsed = loginSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new HttpError(400, invalidFieldsMessage, fieldErrorsOf(parsed.error));
    const previousToken = readSessionToken(req, publicUrl);
    const result = await logIn(db, parsed.data, clientOf(req, publicUrl), clock());
    req.log.info({ username: loggable(parsed.data.username), outcome: result.outcome }, 'sign-in attempt');
    // An attempt on an unknown username is recorded under the name typed.
    const actor = ('user' in result && result.user) || null;
    const typed = { username: loggable(parsed.data.username) };
    if (result.outcome === 'throttled') {
      await record(req, actor, 'sign-in-throttled', actor ? {} : typed);
      res.setHeader('Retry-After', String(result.retryAfterSeconds));
      throw new HttpError(429, tooManyLoginsMessage);
    }
    if (result.outcome === 'refused') {
      await record(req, actor, 'sign-in-failed', actor ? {} : typed);
      if (result.locked) await recordLockOut(req, actor, result.locked, actor ? {} : typed);
      throw new HttpError(401, invalidLoginMessage);
    }
    // A new token at every sign-in; the one the browser had before is void (session fixation).
    if (previousToken) await deleteSession(db, previousToken);
    setSessionCookie(req, res, publicUrl, result.token);
    if (result.outcome === 'two-factor') {
      res.json({ twoFactorRequired: true } satisfies TwoFactorChallenge);
      return;
    }
    await trustThisDevice(req, res, result.user);
    await record(req, result.user, 'sign-in', { twoFactor: false });
    res.json(result.user satisfies StaffUser);
  });

  router.post('/login/two-factor', sameOrigin, async (req, res) => {
    const { code } = parseBody(codeSchema, req.body ?? {});
    const pendingToken = readSessionToken(req, publicUrl);
    const result = pendingToken
      ? await completeTwoFactorSignIn(db, pendingToken, code, clientOf(req, publicUrl), clock())
      : ({ outcome: 'expired' } as const);
    if (result.outcome === 'expired') throw new HttpError(401, noPendingSignInMessage);
    if (result.outcome === 'throttled') {
      await record(req, result.user, 'sign-in-throttled', { step: 'code' });
      res.setHeader('Retry-After', String(result.retryAfterSeconds));
      throw new HttpError(429, tooManyLoginsMessage);
    }
    if (result.outcome === 'refused') {
      await record(req, result.user, 'two-factor-failed');
      if (result.locked) await recordLockOut(req, result.user, result.locked, { step: 'code' });
      throw new HttpError(401, invalidCodeMessage);
    }
    setSessionCookie(req, res, publicUrl, result.token);
    await trustThisDevice(req, res, result.user);
    if (result.recoveryCodeUsed) await record(req, result.user, 'recovery-code-used');
    await record(req, result.user, 'sign-in', { twoFactor: true });
    res.json(result.user satisfies StaffUser);
  });

  router.post('/logout', sameOrigin, async (req, res) => {
    const token = readSessionToken(req, publicUrl);
    if (token) {
      const user = await currentUser(req, auth);
      await deleteSession(db, token);
      if (user) await record(req, user, 'sign-out');
    }
    clearSessionCookie(req, res, publicUrl);
    // The browser forgets what the site kept in it (My jobs' kept days and waiting actions, its
    // service worker's copy of the page, the stored user), whoever signed out.
    res.setHeader('Clear-Site-Data', '"cache", "storage"');
    res.status(204).end();
  });

  router.get('/user', async (req, res) => {
    const user = await currentUser(req, auth);
    if (!user) throw new HttpError(401, 'Not signed in.');
    res.json(user);
  });

  /**
   * Open only while there is no account (first run), when the new account (an owner) is signed
   * in at once. Afterwards it is a staff endpoint like any other, behind the one guard: a
   * signed-in owner (and two-factor sign-in, when owners require it) may add an account (staff),
   * and stays signed in as themselves; anyone without a session is told registration is closed.
   */
  router.post(
    '/register',
    sameOrigin,
    async (req, _res, next) => {
      if (await hasAnyUser(db)) next('route');
      else next();
    },
    register,
  );
  router.post(
    '/register',
    (req, _res, next) => {
      if (!readSessionToken(req, publicUrl)) throw new HttpError(403, registrationClosedMessage);
      next();
    },
    requireUser(auth),
    requireOwner,
    register,
  );

  return router;
  return router;
}
