import { Outlet } from 'react-router-dom';
import styled from 'styled-components';

/** The main landmark of a page a visitor sees (home, sign-in, not found). */
export const PublicMain = styled.main`
  display: block;
`;

export function PublicLayout() {
  return (
    <PublicMain>
      <Outlet />
    </PublicMain>
  );
}
