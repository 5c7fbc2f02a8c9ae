import type { Request, RequestHandler, Response } from 'express';
import { tooManyProofsMessage, wrongProofMessage } from '#common/accounts/accounts.ts';
import { recordStaffActivity, type ActivityRecord } from '../activity/service.ts';
import type { AuthDependencies } from '../auth/guard.ts';
import { readSessionToken } from '../auth/cookies.ts';
import { HttpError } from '../http/errors.ts';
import { checkProof } from './own-account.ts';

export type AccountsDependencies = AuthDependencies & {
  /**
   * The guard of staff endpoints; the guard of a person's own account, which fitters pass too;
   * and the one that lets any account set up two-factor first.
   */
  requireUser: RequestHandler;
  requireAnyUser: RequestHandler;
  requireUserBeforeTwoFactor: RequestHandler;
  /** The name authenticator apps show beside the account (the business's). */
  issuer: () => Promise<string>;
};

/**
 * What the parts of the accounts' routes share: the activity record, the signed-in account, and
 * the proof asked before a change of its two-factor sign-in.
 */
export function routeHelpers({ db, clock, publicUrl }: AccountsDependencies) {
  /** The signed-in account of a request behind the guard. */
  const accountOf = (req: Request) => ({
    userId: req.user!.id,
    username: req.user!.username,
    clientAddress: req.ip ?? 'unknown',
  });
  const tooManyProofs = (res: Response, retryAfterSeconds: number) => {
    res.setHeader('Retry-After', String(retryAfterSeconds));
    return new HttpError(429, tooManyProofsMessage);
  };
  return {
    record: (req: Request, entry: Omit<ActivityRecord, 'actor' | 'clientAddress' | 'at'>) =>
      recordStaffActivity(db, req, { at: clock(), ...entry }),
    sessionTokenOf: (req: Request) => readSessionToken(req, publicUrl),
    accountOf,
    tooManyProofs,
    /**
     * The password and a code (or a recovery code, which is then spent) of the signed-in account,
     * asked before changing its two-factor sign-in, so that whoever holds a session (an unattended
     * screen, a stolen cookie) cannot. One answer whichever was wrong; throttled per account.
     */
    requireProof: async (req: Request, res: Response, proof: { password: string; code: string }) => {
      const verdict = await checkProof(db, accountOf(req), proof, clock());
      if (verdict.outcome === 'throttled') throw tooManyProofs(res, verdict.retryAfterSeconds);
      if (verdict.outcome === 'wrong') throw new HttpError(400, wrongProofMessage);
    },
  };
}
export type RouteHelpers = ReturnType<typeof routeHelpers>;
