import { createReferenceServer } from '@pullsign/reference-server'
import { PullSign } from 'pullsign'

const server = createReferenceServer()
const endpoints = await server.listen(0)
console.log(`reference server listening on ${endpoints.api}`)
const client = new PullSign({ apiKey: '00000000-0000-4000-8000-000000000000' })
console.log(`client ready for application ${client.apiKey}`)
await server.close()
