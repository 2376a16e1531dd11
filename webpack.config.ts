import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Compiler, Configuration } from 'webpack';
import { gzipSync } from 'node:zlib';
import 'webpack-dev-server';

/** Prints the gzip size of what `/` loads: the entry, the home page chunk and the English catalog. */
class FirstLoadSizePlugin {
  constructor(private readonly chunks: string[]) {}

  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('FirstLoadSizePlugin', (compilation) => {
      const stats = compilation.getStats().toJson({ all: false, entrypoints: true, chunkGroups: true });
      const groups = [stats.entrypoints?.main, ...this.chunks.map((name) => stats.namedChunkGroups?.[name])];
      const files = new Set(groups.flatMap((group) => group?.assets?.map((a) => a.name) ?? []).filter((name) => name.endsWith('.js')));
      let total = 0;
      for (const file of files) total += gzipSync(readFileSync(join(compilation.outputOptions.path!, file)), { level: 9 }).length;
      const kb = (total / 1024).toFixed(1);
      console.log(`First load of / (${[...files].length} scripts, gzip): ${kb} KB (target 200 KB)`);
    });
  }
}

const config = (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/main.tsx' },
    output: {
      path: resolve('dist/app'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        { test: /\.[jt]sx?$/, exclude: /node_modules/, use: 'babel-loader' },
        { test: /\.po$/, use: '@lingui/loader' },
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(svg|png)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg' }),
      new CopyPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
      ...(production ? [new FirstLoadSizePlugin(['page-home', 'locale-en'])] : []),
    ],
    performance: { hints: false },
    devServer: {
      historyApiFallback: true,
      port: 8080,
      proxy: [{ context: ['/api'], target: 'http://localhost:3000' }],
    },
  };
};

export default config;
