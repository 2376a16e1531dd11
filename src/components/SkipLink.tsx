import type { MouseEvent, ReactNode } from 'react';
import styled from 'styled-components';

const Link = styled.a`
  position: absolute;
  left: 8px;
  top: -60px;
  z-index: 1000;
  padding: 10px 16px;
  border-radius: 6px;
  font-weight: 700;
  text-decoration: none;
  background: ${(p) => p.theme.primary};
  color: ${(p) => p.theme.primaryText};
  &:focus {
    top: 8px;
    outline: 2px solid ${(p) => p.theme.text};
    outline-offset: 2px;
  }
`;

/**
 * The first stop of the Tab key: jumps over the navigation to the page's main landmark. The main
 * element takes the focus (tabindex -1 while it has it), so the next Tab continues inside the page.
 */
export function SkipLink({ children }: { children: ReactNode }) {
  const onClick = (event: MouseEvent) => {
    const main = document.querySelector('main');
    if (!main) return;
    event.preventDefault();
    main.setAttribute('tabindex', '-1');
    main.focus();
    main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
  };
  return (
    <Link href="#main" onClick={onClick}>
      {children}
    </Link>
  );
}
