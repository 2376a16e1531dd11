// The face of places/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { findPlace, placeDayFlights, placeTotals } from './repository';
export { placesRoutes } from './routes';
export { assignPlaces, PLACE_GONE, placeName, placeRefOfFlight, placeRefsOfFlights } from './service';
