import { Router, type CookieOptions, type Request, type Response } from 'express';
import { loginSchema, registrationSchema, type StaffUser } from '#common/auth.ts';
import { fieldErrorsOf, invalidFieldsMessage } from '#common/field-errors.ts';
import { HttpError } from '../http/errors.ts';
import {
  currentUser,
  readSessionToken,
  requireSameOrigin,
  sessionCookie,
  type AuthDependencies,
} from './guard.ts';
import {
  createUser,
  hasAnyUser,
  invalidLoginMessage,
  logIn,
  tooManyLoginsMessage,
  usernameTakenMessage,
} from './service.ts';
import { createSession, deleteSession, sessionAbsoluteMs } from './sessions.ts';

export const registrationClosedMessage = 'Only signed-in staff can add an account.';

/** HttpOnly (no script can read it), SameSite=Lax, Secure whenever the request came over https. */
const cookieOptions = (req: Request): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: req.secure,
  path: '/',
});

function setSessionCookie(req: Request, res: Response, token: string) {
  res.cookie(sessionCookie, token, { ...cookieOptions(req), maxAge: sessionAbsoluteMs });
}

/** The client as sign-in records it. */
const clientOf = (req: Request) => ({ address: req.ip ?? 'unknown', userAgent: req.get('user-agent') });

/** Usernames end up in logs: kept short and on one line. */
const loggable = (username: string) => username.slice(0, 64).replace(/[\r\n]/g, ' ');

/** POST /login, POST /logout, GET /user, POST /register (spec section 7), mounted under /api. */
export function authRouter(auth: AuthDependencies): Router {
  const { db, clock } = auth;
  const router = Router();
  const sameOrigin = requireSameOrigin(auth.publicUrl);

  router.post('/login', sameOrigin, async (req, res) => {
    const parsed = loginSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new HttpError(400, invalidFieldsMessage, fieldErrorsOf(parsed.error));
    const previousToken = readSessionToken(req);
    const result = await logIn(db, parsed.data, clientOf(req), clock());
    req.log.info({ username: loggable(parsed.data.username), outcome: result.outcome }, 'sign-in attempt');
    if (result.outcome === 'throttled') {
      res.setHeader('Retry-After', String(result.retryAfterSeconds));
      throw new HttpError(429, tooManyLoginsMessage);
    }
    if (result.outcome === 'refused') throw new HttpError(401, invalidLoginMessage);
    // A new token at every sign-in; the one the browser had before is void (session fixation).
    if (previousToken) await deleteSession(db, previousToken);
    setSessionCookie(req, res, result.token);
    res.json(result.user satisfies StaffUser);
  });

  router.post('/logout', sameOrigin, async (req, res) => {
    const token = readSessionToken(req);
    if (token) await deleteSession(db, token);
    res.clearCookie(sessionCookie, cookieOptions(req));
    res.status(204).end();
  });

  router.get('/user', async (req, res) => {
    const user = await currentUser(req, auth);
    if (!user) throw new HttpError(401, 'Not signed in.');
    res.json(user);
  });

  /**
   * Open only while there is no account (first run), when the new account is signed in at once;
   * afterwards only signed-in staff may add an account, and they stay signed in as themselves.
   */
  router.post('/register', sameOrigin, async (req, res) => {
    const signedIn = await currentUser(req, auth);
    if (!signedIn && (await hasAnyUser(db))) throw new HttpError(403, registrationClosedMessage);
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
    if (!signedIn) setSessionCookie(req, res, await createSession(db, result.user.id, clock()));
    res.status(201).json(result.user satisfies StaffUser);
  });

  return router;
}
