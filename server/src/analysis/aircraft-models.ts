import type { AircraftCategory } from '../../../contract/aircraft';
import type { GliderClass } from '../../../contract/gliders';

/*
 * Known aircraft names, as IGC headers write them (HFGTYGLIDERTYPE, HFCCLCOMPETITIONCLASS,
 * HFFTYFRTYPE). Used by aircraft-category.ts; docs/aircraft-category.md says how.
 *
 * Where the names come from, honestly: the sailplane types are the types of the FAI/IGC
 * handicap lists and of the real sailplane recordings in server/test/fixtures (ASW 19, ASG-29E,
 * JS1C, Duo Discus, LS 4, DG-303, DG-500M); the paraglider and hang glider makers and models are
 * the common wings of XContest and the recordings in server/test/fixtures. The EN/LTF classes of
 * PARAGLIDER_CLASSES were written from the makers' own published certification classes as known
 * to us on 2026-11-28, not copied from a certification body's list: a model certified in two
 * classes by size is given the class of most of its sizes, and a model we were not sure of is left
 * out (its flights get no class until the pilot links a wing). Corrections are welcome: add a row.
 */

/** Makers that build only sailplanes (the IGC often names the maker, then the type). */
export const SAILPLANE_MAKERS = ['schempp hirth', 'schleicher', 'alexander schleicher', 'rolladen schneider', 'glaser dirks', 'dg flugzeugbau', 'jonker', 'stemme', 'schneider', 'lange', 'grob', 'pzl', 'szd', 'allstar', 'pipistrel taurus', 'binder', 'diamond', 'hph'];

/**
 * Sailplane types. A type matches as whole words, so "ASG 29" also matches "ASG-29E (18m)";
 * letters and digits written together ("ASW28", "LS_4") are split before matching.
 */
export const SAILPLANE_TYPES = [
  'asg 29', 'asg 32', 'asw 15', 'asw 17', 'asw 19', 'asw 20', 'asw 22', 'asw 24', 'asw 27', 'asw 28', 'ash 25', 'ash 26', 'ash 30', 'ash 31', 'ask 13', 'ask 18', 'ask 21', 'ask 23', 'as 33', 'asg',
  'ls 1', 'ls 3', 'ls 4', 'ls 6', 'ls 7', 'ls 8', 'ls 10',
  'discus', 'duo discus', 'ventus', 'nimbus', 'arcus', 'janus', 'cirrus', 'standard cirrus', 'mini nimbus', 'quintus', 'std cirrus',
  'dg 100', 'dg 101', 'dg 200', 'dg 202', 'dg 300', 'dg 303', 'dg 400', 'dg 500', 'dg 505', 'dg 600', 'dg 800', 'dg 808', 'dg 1000',
  'js 1', 'js 3', 'js1', 'js3', 'jeta',
  'pegase', 'astir', 'twin astir', 'g 102', 'g 103', 'twin iii', 'grob 103', 'libelle', 'kestrel', 'mosquito', 'salto', 'hornet', 'ka 6', 'ka 8', 'k 8', 'k 21', 'puchacz', 'junior', 'jantar', 'perkoz', 'diana', 'silent', 'antares', 'taurus', 'stemme', 'lak 17', 'lak 19', 'lak 20',
];

/** Paraglider makers. */
export const PARAGLIDER_MAKERS = [
  'advance', 'ozone', 'gin', 'gin gliders', 'nova', 'niviuk', 'skywalk', 'sky', 'sky paragliders', 'supair', 'up', 'phi', 'bgd', 'gradient', 'mac para', 'macpara', 'swing', 'airdesign', 'air design', 'dudek', 'u turn', 'uturn', 'flow', 'flow paragliders', 'axis', 'pro design', 'triple seven', '777', 'icaro paragliders', 'windtech', 'apco', 'airwave', 'sol', 'firebird', 'paratech', 'skyman', 'independence', 'davinci', 'kortel', 'ajr',
];

/** Hang glider makers. */
export const HANG_GLIDER_MAKERS = ['wills wing', 'willswing', 'moyes', 'icaro 2000', 'aeros', 'airborne', 'north wing', 'seedwings', 'finsterwalder', 'a i r', 'air atos', 'avian', 'bautek', 'ikarus'];

/**
 * Hang glider models that a header may name without the maker. Moyes' Litespeed RX is written by its
 * size alone ("rx 3.5" in a Forbes Flatlands recording, corpus/flare-timing): a bare "rx" says nothing.
 */
export const HANG_GLIDER_MODELS = ['t2c', 'litespeed', 'litesport', 'rx 3.5', 'rx 4', 'litestream', 'laminar', 'stratos', 'atos', 'combat', 'rev', 'climax', 'gecko', 'malibu', 'xtralite', 'sport 2', 'falcon', 'u2'];

/** Words for the aircraft itself, in the languages pilots write them. */
export const CATEGORY_WORDS: Record<AircraftCategory, string[]> = {
  paraglider: ['paraglider', 'paragliding', 'parapente', 'parapendio', 'gleitschirm', 'paraglajd', 'padak', 'padalo', 'jadralno padalo', 'pg'],
  hang_glider: ['hang glider', 'hangglider', 'hang gliding', 'deltaplane', 'deltaplano', 'drachen', 'hg', 'rigid wing'],
  other: ['helicopter', 'hubschrauber', 'paramotor', 'ppg', 'trike', 'microlight', 'ultralight', 'ulm', 'balloon', 'drone', 'aeroplane', 'airplane'],
  sailplane: ['sailplane', 'segelflugzeug', 'planeur', 'aliante', 'velero', 'kluzak', 'jadralno letalo'],
};

/**
 * Competition classes (HFCCL). Sailplane classes of the FAI's gliding championships, paraglider and
 * hang glider classes of the leagues; "Open" is shared by both sports and decides nothing alone.
 */
export const COMPETITION_CLASSES: Record<string, AircraftCategory> = {
  club: 'sailplane',
  standard: 'sailplane',
  'standard class': 'sailplane',
  '15 metre': 'sailplane',
  '15 meter': 'sailplane',
  '15 m': 'sailplane',
  '18 metre': 'sailplane',
  '18 meter': 'sailplane',
  '18 m': 'sailplane',
  '20 metre': 'sailplane',
  '20 meter': 'sailplane',
  '20 m': 'sailplane',
  'double seater': 'sailplane',
  'two seater': 'sailplane',
  'world class': 'sailplane',
  '13 5 metre': 'sailplane',
  racing: 'sailplane',
  serial: 'paraglider',
  sport: 'paraglider',
  fun: 'paraglider',
  'kingpost': 'hang_glider',
  'flex': 'hang_glider',
  'flexwing': 'hang_glider',
  'rigid': 'hang_glider',
  'class 1': 'hang_glider',
  'class 5': 'hang_glider',
};

/** Flight recorders built only for sailplanes: words of the recorder's maker (A record) or type (HFFTYFRTYPE). */
export const SAILPLANE_RECORDERS = ['lx8000', 'lx8080', 'lx9000', 'lx9050', 'lx9070', 'lx7007', 'lx5000', 'lx zeus', 'cambridge', 'volkslogger', 'garrecht', 'clearnav', 'filser', 'ew avionics', 'nielsen kellerman', 'lx navigation'];

/**
 * Paraglider models and their EN/LTF class: [maker, model, class]. The model matches as whole
 * words with the size dropped ("Advance Alpha 6 26" is an Alpha 6); the maker may be missing from
 * the header.
 */
/** Models of one word that name a paraglider even without the maker (other one-word models, such as "Atlas" or "Base", need the maker beside them). */
export const DISTINCT_MODELS = ['zeno', 'zeolite', 'bolero', 'carrera', 'boomerang', 'ikuma', 'iota', 'aspen', 'maestro', 'aonic', 'evora', 'magus', 'bibeta', 'mojo'];

export const PARAGLIDER_CLASSES: [string, string, GliderClass][] = [
  ['advance', 'alpha 5', 'EN A'],
  ['advance', 'alpha 6', 'EN A'],
  ['advance', 'alpha 7', 'EN A'],
  ['advance', 'epsilon 7', 'EN B'],
  ['advance', 'epsilon 8', 'EN B'],
  ['advance', 'epsilon 9', 'EN B'],
  ['advance', 'iota', 'EN B'],
  ['advance', 'xi', 'EN B'],
  ['advance', 'sigma 9', 'EN C'],
  ['advance', 'sigma 10', 'EN C'],
  ['advance', 'sigma 11', 'EN C'],
  ['advance', 'omega x alps', 'CCC'],
  ['advance', 'omega xalps', 'CCC'],
  ['advance', 'bibeta', 'Tandem'],
  ['ozone', 'mojo 5', 'EN A'],
  ['ozone', 'mojo 6', 'EN A'],
  ['ozone', 'buzz z5', 'EN B'],
  ['ozone', 'buzz z6', 'EN B'],
  ['ozone', 'buzz z7', 'EN B'],
  ['ozone', 'rush 4', 'EN B'],
  ['ozone', 'rush 5', 'EN B'],
  ['ozone', 'rush 6', 'EN B'],
  ['ozone', 'swift 4', 'EN B'],
  ['ozone', 'swift 5', 'EN B'],
  ['ozone', 'swift 6', 'EN B'],
  ['ozone', 'geo 6', 'EN B'],
  ['ozone', 'geo 7', 'EN B'],
  ['ozone', 'alpina 3', 'EN C'],
  ['ozone', 'alpina 4', 'EN C'],
  ['ozone', 'delta 2', 'EN C'],
  ['ozone', 'delta 3', 'EN C'],
  ['ozone', 'delta 4', 'EN C'],
  ['ozone', 'zeno', 'EN D'],
  ['ozone', 'zeno 2', 'EN D'],
  ['ozone', 'zeolite', 'EN D'],
  ['ozone', 'enzo 2', 'CCC'],
  ['ozone', 'enzo 3', 'CCC'],
  ['ozone', 'magnum', 'Tandem'],
  ['gin', 'bolero', 'EN A'],
  ['gin', 'atlas', 'EN B'],
  ['gin', 'evora', 'EN B'],
  ['gin', 'camino', 'EN B'],
  ['gin', 'carrera', 'EN C'],
  ['gin', 'explorer', 'EN C'],
  ['gin', 'gto 2', 'EN C'],
  ['gin', 'leopard', 'EN D'],
  ['gin', 'boomerang', 'CCC'],
  ['gin', 'fuse', 'Tandem'],
  ['nova', 'prion 4', 'EN A'],
  ['nova', 'prion 5', 'EN A'],
  ['nova', 'mentor 5', 'EN B'],
  ['nova', 'mentor 6', 'EN B'],
  ['nova', 'mentor 7', 'EN B'],
  ['nova', 'ion 5', 'EN B'],
  ['nova', 'ion 6', 'EN B'],
  ['nova', 'ion 7', 'EN B'],
  ['nova', 'aonic', 'EN B'],
  ['nova', 'sector', 'EN C'],
  ['nova', 'codex', 'EN C'],
  ['nova', 'triton 2', 'EN C'],
  ['nova', 'xenon', 'EN D'],
  ['niviuk', 'koyot 4', 'EN A'],
  ['niviuk', 'koyot 5', 'EN A'],
  ['niviuk', 'hook 5', 'EN B'],
  ['niviuk', 'hook 6', 'EN B'],
  ['niviuk', 'ikuma', 'EN B'],
  ['niviuk', 'artik 6', 'EN C'],
  ['niviuk', 'artik r', 'EN C'],
  ['niviuk', 'peak 5', 'EN D'],
  ['niviuk', 'peak 6', 'EN D'],
  ['niviuk', 'klimber 2', 'EN D'],
  ['niviuk', 'icepeak x one', 'CCC'],
  ['skywalk', 'mint', 'EN A'],
  ['skywalk', 'chili 4', 'EN B'],
  ['skywalk', 'chili 5', 'EN B'],
  ['skywalk', 'tequila 5', 'EN B'],
  ['skywalk', 'tequila 6', 'EN B'],
  ['skywalk', 'cayenne 5', 'EN C'],
  ['skywalk', 'cayenne 6', 'EN C'],
  ['supair', 'eona', 'EN A'],
  ['supair', 'step', 'EN B'],
  ['supair', 'wild', 'EN B'],
  ['supair', 'savage', 'EN C'],
  ['up', 'kibo', 'EN B'],
  ['phi', 'maestro', 'EN B'],
  ['bgd', 'adam', 'EN A'],
  ['bgd', 'echo', 'EN A'],
  ['bgd', 'base', 'EN B'],
  ['bgd', 'lynx', 'EN B'],
  ['bgd', 'cure', 'EN C'],
  ['bgd', 'diva', 'EN D'],
  ['gradient', 'bright 5', 'EN A'],
  ['gradient', 'nevada 2', 'EN B'],
  ['gradient', 'golden 4', 'EN B'],
  ['gradient', 'aspen', 'EN C'],
  ['mac para', 'muse 5', 'EN A'],
  ['mac para', 'eden 7', 'EN B'],
  ['mac para', 'elan 3', 'EN C'],
  ['mac para', 'magus', 'CCC'],
  ['swing', 'arcus rs', 'EN A'],
  ['swing', 'nyos', 'EN B'],
  ['airdesign', 'vivo', 'EN A'],
  ['airdesign', 'eazy', 'EN A'],
  ['airdesign', 'rise 3', 'EN B'],
  ['airdesign', 'rise 4', 'EN B'],
  ['airdesign', 'volt 3', 'EN C'],
  ['airdesign', 'volt 4', 'EN C'],
  ['dudek', 'nemo 4', 'EN A'],
  ['dudek', 'hadron 3', 'EN C'],
  ['sky', 'anakis 3', 'EN A'],
];
