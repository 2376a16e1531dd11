import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The server answers in English; the messages a pilot meets most often are shown in the active
 * language instead. Anything not listed is shown as the server wrote it.
 */
const KNOWN: Record<string, MessageDescriptor> = {
  'Registration successful! Please check your email for verification instructions.': msg`Registration successful! Please check your email for verification instructions.`,
  'Email is already registered.': msg`Email is already registered.`,
  'Username is already taken.': msg`Username is already taken.`,
  'Invalid email or password.': msg`Invalid email or password.`,
  'Invalid or expired reset link.': msg`Invalid or expired reset link.`,
  'Password is too weak. Please choose a stronger password.': msg`Password is too weak. Please choose a stronger password.`,
  'Verification email sent. Please check your inbox.': msg`Verification email sent. Please check your inbox.`,
  'Failed to resend verification email. Please try again later.': msg`Failed to resend verification email. Please try again later.`,
  'Your email address is already verified.': msg`Your email address is already verified.`,
  'Profile updated successfully': msg`Profile updated successfully`,
  'Profile updated successfully. Please confirm your new email address.': msg`Profile updated successfully. Please confirm your new email address.`,
  'Password changed successfully': msg`Password changed successfully`,
  'Current password is incorrect.': msg`Current password is incorrect.`,
  'Please enter your password to delete your account.': msg`Please enter your password to delete your account.`,
  'Password is incorrect.': msg`Password is incorrect.`,
  'Account deleted successfully': msg`Account deleted successfully`,
  'Google sign-in is not configured on this server.': msg`Google sign-in is not configured on this server.`,
  'Google sign-in is not available right now.': msg`Google sign-in is not available right now.`,
  'Please enter a valid email address.': msg`Please enter a valid email address.`,
  'Password must be at least 6 characters.': msg`Password must be at least 6 characters.`,
  'Google sign-in expired. Please try again.': msg`Google sign-in expired. Please try again.`,
  'Google sign-in failed. Please try again.': msg`Google sign-in failed. Please try again.`,
  // The pilot's logbook (docs/app.md): the contract's rules for gliders, sites and flights added by hand (the app checks them before sending too).
  'Manufacturer is required.': msg`Manufacturer is required.`,
  'Model is required.': msg`Model is required.`,
  'In use until must not be before in use from.': msg`In use until must not be before in use from.`,
  'The last check cannot be in the future.': msg`The last check cannot be in the future.`,
  'Check interval must be whole months.': msg`Check interval must be whole months.`,
  'Check interval must be 1 to 120 months.': msg`Check interval must be 1 to 120 months.`,
  'Check interval must be whole hours.': msg`Check interval must be whole hours.`,
  'Check interval must be 1 to 2000 hours.': msg`Check interval must be 1 to 2000 hours.`,
  'Site name is required.': msg`Site name is required.`,
  'Latitude must be a number.': msg`Latitude must be a number.`,
  'Latitude must be between -90 and 90.': msg`Latitude must be between -90 and 90.`,
  'Longitude must be a number.': msg`Longitude must be a number.`,
  'Longitude must be between -180 and 180.': msg`Longitude must be between -180 and 180.`,
  'The flight cannot start in the future.': msg`The flight cannot start in the future.`,
  'Duration must be between 1 second and 24 hours.': msg`Duration must be between 1 second and 24 hours.`,
  'Distance must be 0 to 1000 km.': msg`Distance must be 0 to 1000 km.`,
  // A CSV import or a track file with nothing in it (why a photo was refused comes as a code instead).
  'The file is empty.': msg`The file is empty.`,
};

export function localizeServerMessage(message: string): string {
  const known = KNOWN[message];
  if (known) return i18n._(known);
  const wait = /^Too many attempts\. Please wait (\d+) minutes? and try again\.$/.exec(message);
  if (wait) return i18n._(msg`Too many attempts. Please wait ${Number(wait[1])} min and try again.`);
  const pixels = /^The image is (\d+) × (\d+) pixels: at most (\d+) megapixels are accepted\.$/.exec(message);
  if (pixels) {
    const [width, height, megapixels] = pixels.slice(1).map(Number);
    return i18n._(msg`The image is ${width} × ${height} pixels: at most ${megapixels} megapixels are accepted.`);
  }
  return message;
}
