import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface FlightSelectionState {
  /** The flight shown on the map and highlighted in the list. */
  selectedFlightId: number | null;
  markedOnly: boolean;
  /** Index in the selected flight's track of the point hovered on the height graph. */
  highlightedPointIndex: number | null;
}

const initialState: FlightSelectionState = { selectedFlightId: null, markedOnly: false, highlightedPointIndex: null };

export const flightSelectionSlice = createSlice({
  name: 'flightSelection',
  initialState,
  reducers: {
    flightSelected: (state, { payload }: PayloadAction<number | null>) => {
      state.selectedFlightId = payload;
      state.highlightedPointIndex = null;
    },
    markedOnlyToggled: (state, { payload }: PayloadAction<boolean>) => {
      state.markedOnly = payload;
    },
    pointHighlighted: (state, { payload }: PayloadAction<number | null>) => {
      state.highlightedPointIndex = payload;
    },
  },
});

export const { flightSelected, markedOnlyToggled, pointHighlighted } = flightSelectionSlice.actions;
