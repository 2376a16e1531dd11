// The face of privacy/: who sees a flight, written once (privacy/rules.ts), the writes that change it
// (a flight's visibility, its share token, the pilot's default) and the public list of listed flights.
// A low area: it imports only db/ types and the contract (docs/architecture.md).
export { awaitingReview, counted, downloadable, isAwaitingReview, isCounted, isDownloadable, isLinked, isListed, isMadePublic, isMarked, isOpen, isRemoved, isVisible, linked, listed, madePublic, marked, open, removed, RULE_COLUMNS, visible, type RuleFields } from './rules';
export { commentShown, likeShown } from './blocks';
export { listedFlights, pilotRef, toFlightRef, type ListedRow } from './listed';
export { applyVisibility, ensureTokens, visibilityService } from './visibility';
export { defaultVisibilityFor, defaultVisibilityOf, deleteShare, insertShare, setFlightVisibility, setTrackDownload, withDefaultVisibility } from './visibility-repository';
