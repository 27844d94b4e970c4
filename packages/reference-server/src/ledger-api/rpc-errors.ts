/**
 * rippled's RPC errors the node answers with: token → [code, default message], as in rippled
 * src/libxrpl/protocol/ErrorCodes.cpp (docs/protocol.md §8.6).
 */
const RPC_ERRORS = {
  badSyntax: [1, 'Syntax error.'],
  wrongNetwork: [4, 'Wrong network.'],
  noEvents: [7, 'Current transport does not support events.'],
  tooBusy: [9, 'The server is too busy to help you now.'],
  actNotFound: [19, 'Account not found.'],
  lgrNotFound: [21, 'Ledger not found.'],
  txnNotFound: [29, 'Transaction not found.'],
  invalidParams: [31, 'Invalid parameters.'],
  unknownCmd: [32, 'Unknown method.'],
  actMalformed: [35, 'Account malformed.'],
  badFeature: [40, 'Feature unknown or invalid.'],
  badIssuer: [41, 'Issuer account malformed.'],
  badMarket: [42, 'No such market.'],
  channelMalformed: [45, 'Payment channel is malformed.'],
  channelAmtMalformed: [46, 'Payment channel amount is malformed.'],
  dstActNotFound: [50, 'Destination account not found.'],
  dstAmtMalformed: [51, 'Destination amount/currency/issuer is malformed.'],
  dstIsrMalformed: [53, 'Destination issuer is malformed.'],
  lgrIdxMalformed: [58, 'Ledger index malformed.'],
  publicMalformed: [62, 'Public key is malformed.'],
  srcActNotFound: [67, 'Source account not found.'],
  srcCurMalformed: [69, 'Source currency is malformed.'],
  srcIsrMalformed: [70, 'Source issuer is malformed.'],
  malformedStream: [71, 'Stream malformed.'],
  internal: [73, 'Internal error.'],
  notImpl: [74, 'Not implemented.'],
  notSupported: [75, 'Operation not supported.'],
  lgrIdxsInvalid: [57, 'Ledger indexes invalid.'],
  excessiveLgrRange: [78, 'Ledger range exceeds 1000.'],
  invalidLgrRange: [79, 'Ledger range is invalid.'],
  objectNotFound: [92, 'The requested object was not found.'],
  issueMalformed: [93, 'Issue is malformed.'],
  oracleMalformed: [94, 'Oracle request is malformed.'],
  badCredentials: [95, 'Credentials do not exist, are not accepted, or have expired.'],
  entryNotFound: [98, 'Entry not found.'],
  unexpectedLedgerType: [99, 'Unexpected ledger type.'],
  // simulate, ripple_path_find, path_find (issue 43 §2).
  dstActMalformed: [48, 'Destination account is malformed.'],
  dstActMissing: [49, 'Destination account not provided.'],
  dstAmtMissing: [52, 'Destination amount/currency/issuer is missing.'],
  noPathRequest: [33, 'No pathfinding request in progress.'],
  sendMaxMalformed: [64, 'SendMax amount malformed.'],
  srcActMalformed: [65, 'Source account is malformed.'],
  srcActMissing: [66, 'Source account not provided.'],
  transactionSigned: [96, 'Transaction should not be signed.'],
} as const satisfies Record<string, readonly [number, string]>

/** A name of {@link RPC_ERRORS}. */
export type RpcErrorName = keyof typeof RPC_ERRORS

/** An error answer's fields (plus method-specific ones such as `searched_all`). */
export interface RpcErrorFields {
  error: RpcErrorName
  error_code: number
  error_message: string
  [field: string]: unknown
}

/**
 * A method's refusal: thrown inside a method, answered as rippled's error fields.
 *
 * @example
 * ```ts
 * throw new RpcError('actMalformed')
 * throw new RpcError('invalidParams', "Missing field 'account'.")
 * ```
 */
export class RpcError extends Error {
  readonly fields: RpcErrorFields
  constructor(name: RpcErrorName, message?: string, extra: Record<string, unknown> = {}) {
    const [code, standard] = RPC_ERRORS[name]
    super(message ?? standard)
    this.fields = { error: name, error_code: code, error_message: message ?? standard, ...extra }
  }
}

/** rippled's messages for a parameter (include/xrpl/protocol/ErrorCodes.h). */
export const missingField = (name: string) =>
  new RpcError('invalidParams', `Missing field '${name}'.`)
export const invalidField = (name: string) =>
  new RpcError('invalidParams', `Invalid field '${name}'.`)
export const expectedField = (name: string, type: string) =>
  new RpcError('invalidParams', `Invalid field '${name}', not ${type}.`)

/**
 * A `ledger_entry` locator's refusal (rippled LedgerEntryHelpers.h): code 31 (invalidParams) under
 * its own error name, such as `malformedOwner` or `malformedCurrency`.
 *
 * @example
 * ```ts
 * throw malformedLocator('malformedOwner', "Invalid field 'owner', not AccountID.")
 * ```
 */
export const malformedLocator = (name: string, message: string) =>
  new RpcError('invalidParams', message, { error: name })
