import styled from 'styled-components';

/** A multi-line plain-text field (comments, report reasons), as wide as its form. */
export const TextBox = styled.textarea`
  width: 100%;
  min-height: 80px;
  box-sizing: border-box;
  font: inherit;
  color: ${(p) => p.theme.text};
  background: ${(p) => p.theme.surface};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 6px;
  padding: 8px;
`;
