import { z } from 'zod';

import { EMAIL_MAX, LANGUAGES, PASSWORD_MIN, USERNAME_MAX, DISPLAY_NAME_MAX } from './rules';
import { unitPreference } from './units';

export * from './rules';

const email = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters.`)
  .pipe(z.email('Please enter a valid email address.'));
const username = z
  .string({ error: 'Username is required.' })
  .trim()
  .min(1, 'Username is required.')
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters.`);
const password = z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(200, 'Password is too long.');
const newPassword = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(200, 'Password is too long.');

export const registerBody = z.object({ email, username, password: newPassword });
export const loginBody = z.object({ email, password });
export const emailBody = z.object({ email });
/** A missing or empty code is answered with the product's 'Invalid or expired reset link.' by the route. */
export const resetPasswordBody = z.object({
  code: z.string().trim().optional(),
  newPassword: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(200, 'Password is too long.'),
});
export const setLanguageBody = z.object({
  language: z.enum(LANGUAGES, { error: `Language must be one of ${LANGUAGES.join(', ')}.` }),
});
export const profileUpdateBody = z.object({
  username,
  email,
  displayName: z
    .string()
    .trim()
    .max(DISPLAY_NAME_MAX, `Display name must be at most ${DISPLAY_NAME_MAX} characters.`)
    .nullish()
    .transform((v) => v || null),
});
export const changePasswordBody = z.object({ currentPassword: password, newPassword });
export const deleteProfileBody = z.object({ password: z.string().optional() });
export const codeQuery = z.object({ code: z.string().optional() });

/** resend-verification: signed in, the body may be empty (the own address is used). */
export const resendVerificationBody = emailBody.partial();
/** GET /api/auth/google-callback?error=... is also possible; /login?error=... then carries a readable text. */
export const loginPageQuery = z.object({ verified: z.enum(['true', 'false']).optional(), error: z.string().optional() });

export type RegisterBody = z.input<typeof registerBody>;
export type LoginBody = z.input<typeof loginBody>;
export type EmailBody = z.input<typeof emailBody>;
export type ForgotPasswordBody = EmailBody;
export type ResendVerificationBody = z.input<typeof resendVerificationBody>;
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
export type SetLanguageBody = z.input<typeof setLanguageBody>;
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
export type DeleteProfileBody = z.input<typeof deleteProfileBody>;
export type LoginPageQuery = z.infer<typeof loginPageQuery>;

export const authUser = z.object({
  id: z.number(),
  email: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  role: z.string(),
  preferredLanguage: z.string().nullable(),
  emailVerified: z.boolean(),
  authProvider: z.string(),
  /** The units the pilot chose (contract/units.ts); null or absent: the app's default for the language's region. */
  units: unitPreference.nullable().optional(),
  /** While no units are chosen: the time zone most of the pilot's flights took off in (null: none yet), for the default units. */
  takeoffTimeZone: z.string().nullable().optional(),
});
export type AuthUser = z.infer<typeof authUser>;
export const authCheckResponse = z.object({ user: authUser });
export type AuthCheckResponse = z.infer<typeof authCheckResponse>;

/** The profile page's user: as the auth check describes it, but `emailVerified` is when (ISO UTC), or null. */
export const profile = authUser.extend({
  profilePictureUrl: z.string().nullable(),
  emailVerified: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;
export const profileResponse = z.object({ user: profile });

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** login and dev-login answer with the signed-in user, like check. */
export const loginResponse = authCheckResponse;
export type LoginResponse = AuthCheckResponse;
export const setLanguageResponse = messageResponse.extend({ language: z.enum(LANGUAGES) });
export type SetLanguageResponse = z.infer<typeof setLanguageResponse>;
export type ProfileResponse = z.infer<typeof profileResponse>;
export const profileUpdateResponse = messageResponse.extend({ user: profile });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponse>;
/** register, logout, forgot-password, reset-password, resend-verification, change-password, DELETE profile. */
export type RegisterResponse = MessageResponse;

/** GET /api/auth/session: who is signed in, answered 200 to visitors too (user null), unlike check's 401. */
export const sessionResponse = z.object({ user: authUser.nullable() });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** A redirect answer (verify-email, Google sign-in): no body, only the Location header. */
export const redirectResponse = z.undefined().describe('302 redirect: the Location header says where');
