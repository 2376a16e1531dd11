// The face of flights/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { findPhases } from './corrections-repository';
export { type FlightsChanged } from './flights-changed';
export { countedFlights, findFlight, findTrack, type FlightRow, gliderNameSql, insertFlights, insertManualFlight, type LogbookEdit, updateLogbook } from './repository';
export { flightsRoutes } from './routes';
export { type FlightsDeps, flightsService, ownFlight, toFlightDetail } from './service';
