import styled, { css, keyframes } from 'styled-components';

export const Page = styled.main`
  max-width: 1200px;
  margin: 0 auto;
  padding: 24px 20px 48px;
`;

export const Card = styled.section`
  background: ${(p) => p.theme.surface};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  box-shadow: ${(p) => p.theme.shadow};
  padding: 20px 24px;
`;

export const NarrowCard = styled(Card)`
  max-width: 440px;
  margin: 40px auto;
`;

type Variant = 'primary' | 'secondary' | 'danger' | 'link';
export const Button = styled.button<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  padding: 8px 16px;
  border-radius: 6px;
  border: 1px solid transparent;
  cursor: pointer;
  font-weight: 600;
  text-decoration: none;
  ${({ $variant = 'primary', theme }) =>
    $variant === 'primary'
      ? css`background: ${theme.primary}; color: ${theme.primaryText};`
      : $variant === 'danger'
        ? css`background: ${theme.danger}; color: ${theme.primaryText};`
        : $variant === 'link'
          ? css`background: none; color: ${theme.primary}; padding: 0; font-weight: 500;`
          : css`background: ${theme.surfaceAlt}; color: ${theme.text}; border-color: ${theme.border};`}
  &:disabled { opacity: 0.55; cursor: not-allowed; }
  &:focus-visible { outline: 2px solid ${(p) => p.theme.primary}; outline-offset: 2px; }
`;

/** Form fields two by two, one per line on a phone. */
export const FieldPairs = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
  input,
  select {
    width: 100%;
    min-width: 0;
    box-sizing: border-box;
  }
  @media (max-width: 520px) {
    grid-template-columns: 1fr;
  }
`;

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

export const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: 4px;
  font-weight: 500;
`;

export const Input = styled.input`
  padding: 8px 10px;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 6px;
  background: ${(p) => p.theme.surface};
  &:focus { outline: 2px solid ${(p) => p.theme.primary}; outline-offset: 0; }
  &:disabled { background: ${(p) => p.theme.surfaceAlt}; color: ${(p) => p.theme.muted}; }
`;

/** A text of several lines, drawn as the Input is; a form may make it taller. */
export const TextArea = styled.textarea`
  min-height: 64px;
  resize: vertical;
  padding: 8px 10px;
  font: inherit;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 6px;
  background: ${(p) => p.theme.surface};
  color: ${(p) => p.theme.text};
  &:focus { outline: 2px solid ${(p) => p.theme.primary}; outline-offset: 0; }
`;

export const Select = styled.select`
  padding: 7px 10px;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 6px;
  background: ${(p) => p.theme.surface};
`;

export const Hint = styled.small`
  color: ${(p) => p.theme.muted};
  font-weight: 400;
`;

export const Alert = styled.div<{ $tone: 'error' | 'success' | 'info' | 'warning' }>`
  padding: 10px 14px;
  border-radius: 6px;
  border: 1px solid;
  ${({ $tone, theme }) =>
    $tone === 'error'
      ? css`color: ${theme.danger}; border-color: ${theme.danger}; background: ${theme.marked};`
      : $tone === 'success'
        ? css`color: ${theme.success}; border-color: ${theme.success};`
        : $tone === 'warning'
          ? css`color: ${theme.warningText}; border-color: ${theme.warningText}; background: ${theme.warning};`
          : css`color: ${theme.text}; border-color: ${theme.border}; background: ${theme.surfaceAlt};`}
`;

const spin = keyframes`to { transform: rotate(360deg); }`;
export const Spinner = styled.span.attrs({ role: 'status', 'aria-label': 'Loading' })`
  display: inline-block;
  width: 22px;
  height: 22px;
  border: 3px solid ${(p) => p.theme.border};
  border-top-color: ${(p) => p.theme.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

export const Row = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  flex-wrap: wrap;
`;

/** Text for screen readers only: it names (e.g. an icon button) without being shown. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  border: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;
