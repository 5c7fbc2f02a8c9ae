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
import { requireOwner } from '../http/roles.ts';
import { currentUser, requireSameOrigin, requireUser, type AuthDependencies } from './guard.ts';
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

/** What the sign-in routes share: the activity record and the device cookie. */
function signInHelpers({ db, clock, publicUrl }: AuthDependencies) {
  const record = (
    req: Request,
    actor: ActivityActor,
    kind: ActivityKind,
    detail?: ActivityRecord['detail'],
  ) => recordActivity(db, { actor, kind, clientAddress: req.ip, at: clock(), detail });
  return {
    record,
    /** A username or device cookie has just reached its limit of failures: recorded, never the cookie. */
    recordLockOut: (
      req: Request,
      actor: ActivityActor,
      lockedOut: LockScope,
      detail: ActivityRecord['detail'],
    ) =>
      record(req, actor, 'sign-in-locked', {
        ...detail,
        lockedOut,
        minutes: loginThrottle.windowMs / 60_000,
      }),
    /** A new device cookie at every complete sign-in: this browser is now known to the account. */
    trustThisDevice: async (req: Request, res: Response, user: StaffUser) =>
      setDeviceCookie(req, res, publicUrl, await newDeviceToken(db, user.username)),
  };
}
type SignInHelpers = ReturnType<typeof signInHelpers>;

/**
 * POST /login, POST /login/two-factor, POST /logout, GET /user, POST /register, mounted under /api. Every attempt, its outcome and every sign-out go
 * to the activity log, never the password or code.
 */
export function authRouter(auth: AuthDependencies): Router {
  const router = Router();
  const sameOrigin = requireSameOrigin(auth.publicUrl);
  const helpers = signInHelpers(auth);
  router.post('/login', sameOrigin, passwordSignIn(auth, helpers));
  router.post('/login/two-factor', sameOrigin, twoFactorSignIn(auth, helpers));
  router.post('/logout', sameOrigin, logOut(auth, helpers));
  router.get('/user', signedInUser(auth));
  router.use(registrationRouter(auth));
  return router;
}

/** POST /login: the password, then either a session or a wait for the two-factor code. */
function passwordSignIn(
  { db, clock, publicUrl }: AuthDependencies,
  { record, recordLockOut, trustThisDevice }: SignInHelpers,
) {
  return async (req: Request, res: Response) => {
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
  };
}

/** POST /login/two-factor: the code (or a recovery code) of a sign-in waiting for it. */
function twoFactorSignIn(
  { db, clock, publicUrl }: AuthDependencies,
  { record, recordLockOut, trustThisDevice }: SignInHelpers,
) {
  return async (req: Request, res: Response) => {
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
  };
}

/** POST /logout: the session ends, and the browser forgets what the site kept in it. */
function logOut(auth: AuthDependencies, { record }: SignInHelpers) {
  const { db, publicUrl } = auth;
  return async (req: Request, res: Response) => {
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
  };
}

/** GET /user: the signed-in account, else 401. */
function signedInUser(auth: AuthDependencies) {
  return async (req: Request, res: Response) => {
    const user = await currentUser(req, auth);
    if (!user) throw new HttpError(401, 'Not signed in.');
    res.json(user);
  };
}

/** Adds the account; `req.user` is the owner adding it, or none on the first run. */
function register({ db, clock, publicUrl }: AuthDependencies) {
  return async (req: Request, res: Response) => {
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
}

/**
 * POST /register: open only while there is no account (first run), when the new account (an
 * owner) is signed in at once. Afterwards it is a staff endpoint like any other, behind the one
 * guard: a signed-in owner (and two-factor sign-in, when owners require it) may add an account
 * (staff), and stays signed in as themselves; anyone without a session is told registration is
 * closed.
 */
function registrationRouter(auth: AuthDependencies) {
  const { db, publicUrl } = auth;
  const router = Router();
  const sameOrigin = requireSameOrigin(publicUrl);
  const addAccount = register(auth);
  router.post(
    '/register',
    sameOrigin,
    async (req, _res, next) => {
      if (await hasAnyUser(db)) next('route');
      else next();
    },
    addAccount,
  );
  router.post(
    '/register',
    (req, _res, next) => {
      if (!readSessionToken(req, publicUrl)) throw new HttpError(403, registrationClosedMessage);
      next();
    },
    requireUser(auth),
    requireOwner,
    addAccount,
  );
  return router;
}
