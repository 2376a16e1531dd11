// A jest transformer that delegates to another (babel-jest, ts-jest) but keys its cache by what shapes the
// output, without the clone's folder: babel-jest's and ts-jest's own keys contain the absolute paths of the
// project (jest's configuration, Babel's options), so a new clone of the same sources (CI clones into a
// new temporary folder each time) found none of the last clone's transforms and compiled every file again.
// Key: the source, its path inside the repository, the transformer and its options, the files that configure
// the transform (Babel's configuration, tsconfig.json) and the installed packages (package-lock.json), the
// Node version (Babel targets the running Node) and jest's transform flags.
const { createHash } = require('node:crypto');
const { existsSync, readFileSync } = require('node:fs');
const { dirname, isAbsolute, join, relative, sep } = require('node:path');

const ROOT = join(__dirname, '..');
/** Bump to drop every cached transform. */
const KEY_VERSION = '2';
let configuration;

/** What the transforms depend on besides each file, hashed once per process. */
function configurationHash() {
  if (configuration) return configuration;
  const hash = createHash('sha1').update(KEY_VERSION).update(process.version);
  for (const path of [__filename, ...['babel.config.js', 'tsconfig.json', 'package-lock.json'].map((file) => join(ROOT, file))]) {
    hash.update('\0').update(existsSync(path) ? readFileSync(path) : '');
  }
  return (configuration = hash.digest('hex'));
}

/** A source map whose sources are named relative to the file (as its own folder), not by absolute path. */
function pathFreeMap(map, sourcePath) {
  if (!map) return map;
  const parsed = typeof map === 'string' ? JSON.parse(map) : map;
  const sources = (parsed.sources ?? []).map((source) => (isAbsolute(source) ? relative(dirname(sourcePath), source).split(sep).join('/') : source));
  const fixed = { ...parsed, sources, sourceRoot: undefined };
  return typeof map === 'string' ? JSON.stringify(fixed) : fixed;
}

const INLINE_MAP = /(\/\/# sourceMappingURL=data:application\/json;(?:charset=utf-8;)?base64,)([A-Za-z0-9+/=]+)\s*$/;

/**
 * The output with path-free source maps, so that the cached transform of one clone maps another clone's
 * stack traces to that clone's files (ts-jest and babel-jest name each source by absolute path).
 */
function pathFree(result, sourcePath) {
  const output = typeof result === 'string' ? { code: result } : result;
  const code = output.code.replace(INLINE_MAP, (_, prefix, data) => prefix + Buffer.from(JSON.stringify(pathFreeMap(JSON.parse(Buffer.from(data, 'base64').toString('utf8')), sourcePath))).toString('base64'));
  return { ...output, code, ...(output.map ? { map: pathFreeMap(output.map, sourcePath) } : {}) };
}

function createTransformer({ use, options } = {}) {
  const loaded = require(use);
  const factory = loaded.createTransformer ?? loaded.default?.createTransformer;
  const inner = factory(options);
  const getCacheKey = (sourceText, sourcePath, { config, instrument, supportsDynamicImport, supportsExportNamespaceFrom, supportsStaticESM, supportsTopLevelAwait }) =>
    createHash('sha1')
      .update(configurationHash())
      .update('\0')
      .update(use)
      .update('\0')
      .update(JSON.stringify(options ?? null))
      .update('\0')
      .update(relative(config.rootDir, sourcePath).split(sep).join('/'))
      .update('\0')
      .update(JSON.stringify([instrument, supportsDynamicImport, supportsExportNamespaceFrom, supportsStaticESM, supportsTopLevelAwait, process.env.NODE_ENV, process.env.BABEL_ENV]))
      .update('\0')
      .update(sourceText)
      .digest('hex');
  return {
    canInstrument: inner.canInstrument,
    getCacheKey,
    getCacheKeyAsync: async (...args) => getCacheKey(...args),
    process: (sourceText, sourcePath, options) => pathFree(inner.process(sourceText, sourcePath, options), sourcePath),
    ...(inner.processAsync ? { processAsync: async (sourceText, sourcePath, options) => pathFree(await inner.processAsync(sourceText, sourcePath, options), sourcePath) } : {}),
  };
}

module.exports = { createTransformer };
