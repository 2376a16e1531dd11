import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { themeToggled } from './themeSlice';

const Switch = styled.button<{ $on: boolean }>`
  position: relative;
  width: 46px;
  height: 24px;
  border-radius: 12px;
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => (p.$on ? p.theme.primary : p.theme.surfaceAlt)};
  cursor: pointer;
  &::after {
    content: '${(p) => (p.$on ? '☾' : '☀')}';
    position: absolute;
    top: 1px;
    left: ${(p) => (p.$on ? '23px' : '1px')};
    width: 20px;
    height: 20px;
    border-radius: 50%;
    background: ${(p) => p.theme.surface};
    font-size: 13px;
    line-height: 20px;
    transition: left 0.15s;
  }
`;

/** docs/product.md §2 Theme toggle: a switch whose tooltip says what it will do. */
export function ThemeToggle() {
  const { t } = useLingui();
  const mode = useAppSelector((s) => s.theme.mode);
  const dispatch = useAppDispatch();
  const label = mode === 'dark' ? t`Switch to light mode` : t`Switch to dark mode`;
  return <Switch type="button" role="switch" aria-checked={mode === 'dark'} $on={mode === 'dark'} title={label} aria-label={label} onClick={() => dispatch(themeToggled())} />;
}
