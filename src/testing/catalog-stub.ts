// Tests render the English source messages that the Lingui macro keeps outside production builds.
export const messages = {};
