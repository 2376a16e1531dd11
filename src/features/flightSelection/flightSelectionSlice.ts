import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface FlightSelectionState {
  /** The flight shown on the map and highlighted in the list. */
  selectedFlightId: number | null;
  /** The period the dashboard shows; month null means the whole year, year null all years. */
  year: number | null;
  month: number | null;
  markedOnly: boolean;
  /** Index in the selected flight's track of the point hovered on the height graph. */
  highlightedPointIndex: number | null;
}

const initialState: FlightSelectionState = { selectedFlightId: null, year: null, month: null, markedOnly: false, highlightedPointIndex: null };

export const flightSelectionSlice = createSlice({
  name: 'flightSelection',
  initialState,
  reducers: {
    flightSelected: (state, { payload }: PayloadAction<number | null>) => {
      state.selectedFlightId = payload;
      state.highlightedPointIndex = null;
    },
    periodSelected: (state, { payload }: PayloadAction<{ year: number | null; month: number | null }>) => {
      state.year = payload.year;
      state.month = payload.month;
    },
    markedOnlyToggled: (state, { payload }: PayloadAction<boolean>) => {
      state.markedOnly = payload;
    },
    pointHighlighted: (state, { payload }: PayloadAction<number | null>) => {
      state.highlightedPointIndex = payload;
    },
  },
});

export const { flightSelected, periodSelected, markedOnlyToggled, pointHighlighted } = flightSelectionSlice.actions;
