// The track codec's face: the compact binary form of a track (docs/architecture.md). A low area that
// imports only analysis/ and the contract, so every area that reads a stored track (and the migration
// that converted them) may use it.
export * from './codec';
export { decodeTrack, encodeTrack, isLegacyTrack, pack, readTrackPoints, unpack } from './codec';
