// Every area's endpoints, for code that must know them all (replaying a recorded action log).
export { api } from './base';
export { authApi } from './auth';
export { flightsApi } from './flights';
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
