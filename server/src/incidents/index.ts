// The face of incidents/: incident reports started from a flight (docs/career.md, "Incident reports").
export { gearForIncident } from './gear';
export { incidentsRoutes } from './routes';
