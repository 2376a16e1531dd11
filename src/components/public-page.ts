import styled from 'styled-components';

/** A page a visitor opens without an account: centred, with the margins the signed-in layout gives. */
export const PublicPage = styled.div`
  max-width: 1100px;
  margin: 0 auto;
  padding: 24px 16px 48px;
  h1 { margin: 0 0 4px; }
  > section { margin-bottom: 16px; }
  /* A pilot's name is a word of up to 30 letters: it breaks rather than widen a phone's page. */
  h1, h2, h3, p, dt, dd, li, a, figcaption { overflow-wrap: anywhere; }
`;

/** A public answer's 404: the link is unknown or revoked, the page unpublished. */
export const isNotFound = (error: unknown) => !!error && typeof error === 'object' && 'status' in error && (error as { status: unknown }).status === 404;
