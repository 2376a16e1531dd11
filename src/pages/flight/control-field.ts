import styled from 'styled-components';

/** A flight-page setting: its words, then its select, wrapping on a narrow screen (visibility, aircraft). */
export const ControlField = styled.label`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  max-width: 100%;
  select { width: auto; min-width: 0; max-width: 100%; }
`;
