import styled from 'styled-components';
import type { FlightSummary } from '../../../contract/flights';
import { FlightNotes } from './FlightNotes';
import { GliderPicker } from './GliderPicker';
import { SitePicker } from './SitePicker';

const Pickers = styled.div`
  display: grid;
  /* auto-fit: tracks left empty collapse, so the three pickers share the width (with auto-fill a fourth,
     empty track kept them narrow enough to cut a long wing name). */
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 12px;
  margin-bottom: 12px;
`;

export interface LogbookFieldsProps {
  flight: FlightSummary;
  /** The track's first and last points, where a new launch or landing site is placed. */
  takeoff?: { latitude: number; longitude: number } | null;
  landing?: { latitude: number; longitude: number } | null;
}

/** What the pilot writes into the logbook for one flight: glider, launch and landing site, notes. */
export function LogbookFields({ flight, takeoff, landing }: LogbookFieldsProps) {
  return (
    <div>
      <Pickers>
        <GliderPicker flight={flight} />
        <SitePicker flight={flight} which="launch" at={takeoff} />
        <SitePicker flight={flight} which="landing" at={landing} />
      </Pickers>
      <FlightNotes key={flight.id} flightId={flight.id} notes={flight.notes} />
    </div>
  );
}
