// Bundles the apps with webpack, for Node (node-app.js) and for browsers (browser-app.js),
// compiling the SDK with SWC as Next.js 16's `next build --webpack` did: class fields as
// assignments (`useDefineForClassFields: false`). Run in the consumer project:
//   node bundled-app/webpack-build.js
import { fileURLToPath } from 'node:url'
import webpack from 'webpack'

const here = (path) => fileURLToPath(new URL(path, import.meta.url))
const swc = {
  test: /\.[cm]?js$/,
  include: /[\\/]node_modules[\\/]pullsign[\\/]/,
  use: {
    loader: 'swc-loader',
    options: { jsc: { target: 'es2022', transform: { useDefineForClassFields: false } } },
  },
}
const config = (target, entry, out, extension) => ({
  mode: 'production',
  target,
  context: here('.'),
  entry,
  output: { path: here(out), filename: `[name].${extension}`, chunkFilename: `[id].${extension}` },
  // Minifying changes no class semantics, and costs seconds on a small machine.
  optimization: { minimize: false },
  module: { rules: [swc] },
})

webpack(
  [
    config('node', './node-app.js', 'out-webpack-node', 'cjs'),
    config('web', './browser-app.js', 'out-webpack-web', 'js'),
  ],
  (err, stats) => {
    if (err) throw err
    if (stats.hasErrors()) {
      console.error(stats.toString('errors-only'))
      process.exitCode = 1
    }
  },
)
