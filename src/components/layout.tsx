import styled from 'styled-components';
import { Card } from './ui';

/** A page made of sections, one above the other (Statistics, Debug). */
export const Sections = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 20px;
`;

/** One section of such a page: a card opened by its h2. */
export const Section = styled(Card)`
  h2 {
    margin: 0 0 14px;
    font-size: 1.2rem;
  }
`;

/** A section's heading with its controls on the right (a Refresh button, a year picker). */
export const SectionHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
  margin-bottom: 14px;
  h2 {
    margin: 0;
  }
`;
