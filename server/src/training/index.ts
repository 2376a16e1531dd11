// The face of training/: the training log signed by instructors (docs/career.md, "Training log").
export { trainingRoutes } from './routes';
