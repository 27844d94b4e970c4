// `prepublishOnly` of both published packages. Their manifests depend on each other with
// `workspace:^`, which only pnpm rewrites to a real range when it packs; `npm publish` would ship
// the literal `workspace:^`, which no consumer can install. So refuse any publisher but pnpm.
const agent = process.env.npm_config_user_agent ?? ''
if (!agent.startsWith('pnpm/')) {
  console.error(
    `refusing to publish with "${agent.split(' ')[0] || 'an unknown client'}": publish with pnpm ` +
      '(`npx -y pnpm@10.34.8 publish`), which turns `workspace:` ranges into real versions',
  )
  process.exit(1)
}
