import { z } from 'zod';

/** The seven interface languages (SPEC §1). */
export const LANGUAGES = ['en', 'fr', 'de', 'it', 'es', 'cs', 'sl'] as const;
export type Language = (typeof LANGUAGES)[number];

export const USERNAME_MAX = 50;
export const EMAIL_MAX = 100;
export const DISPLAY_NAME_MAX = 100;
export const PASSWORD_MIN = 6;
/** Reset password needs at least this strength score (SPEC §5). */
export const RESET_MIN_STRENGTH = 3;

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
export const resetPasswordBody = z.object({
  code: z.string().trim().min(1, 'Invalid or expired reset link.'),
  newPassword: z.string().min(1, 'Password is required.').max(200, 'Password is too long.'),
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

export type RegisterBody = z.input<typeof registerBody>;
export type LoginBody = z.input<typeof loginBody>;
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const authUser = z.object({
  id: z.number(),
  email: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  role: z.string(),
  preferredLanguage: z.string().nullable(),
  emailVerified: z.boolean(),
  authProvider: z.string(),
});
export type AuthUser = z.infer<typeof authUser>;
export const authCheckResponse = z.object({ user: authUser });
export type AuthCheckResponse = z.infer<typeof authCheckResponse>;

export const profile = authUser.extend({
  profilePictureUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  emailVerifiedAt: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;
export const profileResponse = z.object({ user: profile });

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/**
 * Password strength (SPEC §5): one point each for length 8 or more, an uppercase letter, a lowercase
 * letter, a digit and another symbol. 1-2 Weak, 3-4 Medium, 5 Strong.
 */
export function passwordStrength(pw: string): number {
  return [pw.length >= 8, /[A-Z]/.test(pw), /[a-z]/.test(pw), /\d/.test(pw), /[^A-Za-z0-9]/.test(pw)].filter(Boolean).length;
}
