import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { passwordStrength, strengthLevel } from '../../contract/rules';

const Bar = styled.div`
  display: grid;
  grid-template-columns: repeat(5, 1fr);
  gap: 4px;
`;
const Step = styled.span<{ $color: string | null }>`
  height: 6px;
  border-radius: 3px;
  background: ${(p) => p.$color ?? p.theme.border};
`;
const COLORS = { none: '#999', weak: '#d32f2f', medium: '#f9a825', strong: '#2e7d32' };

/** The five-criteria strength score of docs/product.md §5 as a bar and a word. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useLingui();
  const score = passwordStrength(password);
  const level = strengthLevel(score);
  const words = { none: '', weak: t`Weak`, medium: t`Medium`, strong: t`Strong` };
  if (!password) return null;
  return (
    <div aria-live="polite">
      <Bar aria-hidden>
        {[1, 2, 3, 4, 5].map((step) => (
          <Step key={step} $color={step <= score ? COLORS[level] : null} />
        ))}
      </Bar>
      <small data-testid="password-strength">{t`Password strength: ${words[level]}`}</small>
    </div>
  );
}
