import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Staff accounts. Usernames are unique regardless of case. An account added by an owner has no
 * password until its person chooses one through a set-up link.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /**
     * What colleagues and customers read ("Dave Smith"), set by an owner or the person; null until
     * set, when staff screens show the username and customers read no name at all.
     */
    displayName: text('display_name'),
    passwordHash: text('password_hash'),
    /** `owner`, `staff` or `fitter` (common/accounts/accounts.ts). */
    role: text('role').notNull().default('staff'),
    /** Set while the account is disabled: no sign-in, no session. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** The TOTP secret (base32) while two-factor sign-in is on. */
    twoFactorSecret: text('two_factor_secret'),
    /** A secret offered by set-up and not yet confirmed by a first code. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** The time step of the last code accepted: a code is good once (RFC 6238, section 5.2). */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
    check('users_role_check', sql`${table.role} in ('owner', 'staff', 'fitter')`),
  ],
);

/**
 * Signed-in sessions. Only a hash of the cookie's token is stored; `id` names a session to its
 * owner (My account) without giving its token away. A session at the `two-factor` stage has had
 * the right password and waits for a code: it lets its holder do nothing else.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    id: serial('id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull().default('active'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
    check('sessions_stage_check', sql`${table.stage} in ('active', 'two-factor')`),
  ],
);

/** Two-factor recovery codes, hashed; each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('recovery_codes_user_id_idx').on(table.userId)],
);

/** One-time set-up links (`/account-setup/{token}`), hashed; used once, then deleted. */
export const accountSetupTokens = pgTable(
  'account_setup_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('account_setup_tokens_user_id_idx').on(table.userId)],
);

/**
 * Who did what, when, from which client (a hash of its address), to what (common/accounts/accounts.ts,
 * ActivityEntry). The actor's name is kept as text, so that it outlives the account. Never a
 * secret nor erased data.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    kind: text('kind').notNull(),
    clientHash: text('client_hash'),
    target: text('target'),
    detail: jsonb('detail').notNull().default({}),
  },
  (table) => [
    index('activity_log_actor_idx').on(table.actorId, table.id),
    index('activity_log_kind_idx').on(table.kind, table.id),
    index('activity_log_occurred_at_idx').on(table.occurredAt),
  ],
);

/**
 * Failed sign-ins, for throttling (per username and per client). The client is a hash of its
 * address, never the address itself; rows older than the throttling window are deleted.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Lower-cased, as typed (the account may not exist). */
    username: text('username').notNull(),
    clientHash: text('client_hash').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /**
     * `sign-in`, or `proof`: a password or code asked again inside a session (password change,
     * two-factor changes), counted per account apart from sign-ins.
     */
    kind: text('kind').notNull().default('sign-in'),
    /** A hash of the device cookie's nonce when the sign-in came with a valid one, else null. */
    device: text('device'),
  },
  (table) => [
    index('login_failures_username_idx').on(table.username, table.occurredAt),
    index('login_failures_client_idx').on(table.clientHash, table.occurredAt),
    index('login_failures_device_idx').on(table.device, table.occurredAt),
    check('login_failures_kind_check', sql`${table.kind} in ('sign-in', 'proof')`),
  ],
);
