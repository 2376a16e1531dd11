// The face of gear/: what other areas and the composition root may use (docs/architecture.md,
// "Areas and their faces"). Its other files are private to the area.
export { claimGearReminderLines, sendGearReminders } from './reminders';
export { gearRoutes } from './routes';
export { gearOfFlight } from './service';
