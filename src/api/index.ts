// Every area's endpoints, one file per area (docs/app.md "Talking to the server"), for code that must
// know them all: replaying a recorded action log, and the route-coverage test that compares them with
// the server's route table. A new area file is listed here.
export { api } from './base';
export { authApi } from './auth';
export { flightsApi } from './flights';
export { uploadTasksApi } from './upload-tasks';
export { statisticsApi } from './statistics';
export { achievementsApi } from './achievements';
export { debugApi } from './debug';
export { glidersApi } from './gliders';
export { sitesApi } from './sites';
export { phasesApi } from './phases';
export { scoringApi } from './scoring';
export { sharingApi } from './sharing';
export { photosApi } from './photos';
export { exportsApi } from './exports';
export { compareApi } from './compare';
export { thermalsApi } from './thermals';
export { communityApi } from './community';
export { notificationsApi } from './notifications';
export { placesApi } from './places';
export { rankingsApi } from './rankings';
export { clubsApi } from './clubs';
export { airspaceApi } from './airspace';
export { rolesApi } from './roles';
export { trainingApi } from './training';
export { incidentsApi } from './incidents';
export { gearApi } from './gear';
export { tandemApi } from './tandem';
export { followsApi } from './follows';
export { reviewApi } from './review';
