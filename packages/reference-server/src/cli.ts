import { createReferenceServer } from './index'

const server = createReferenceServer()
const endpoints = await server.listen(Number(process.env.PORT ?? 8787))
console.log(`pullsign reference server on ${endpoints.api}`)
process.once('SIGINT', () => void server.close().then(() => process.exit(0)))
