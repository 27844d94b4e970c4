import { describe, expect, it } from 'vitest'
import { controlErrorText } from '../../../src/web/scripts/control-api'

describe('the text a page shows for a control API refusal', () => {
  it.each([
    [
      400,
      { error: { message: 'webhookUrl must be an https URL', code: 600 } },
      'webhookUrl must be an https URL (code 600)',
    ],
    [404, { error: { message: 'No such payload', code: 404 } }, 'No such payload (code 404)'],
    [500, null, 'HTTP 500'],
    [502, { error: {} }, 'HTTP 502'],
    [400, { error: { message: '', code: 1 } }, 'HTTP 400'],
    [400, 'not an object', 'HTTP 400'],
  ])('%i %j reads %s', (status, json, text) => {
    expect(controlErrorText(status, json)).toBe(text)
  })
})
