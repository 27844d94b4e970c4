/**
 * The rippled transactor file of each transaction type (`src/xrpld/app/tx/detail/*.cpp`): where
 * a result the node's rules do not explain yet comes from (`explain`'s `source` for a bare code,
 * docs/protocol.md §10). A type missing here has no known file, and `source` stays empty.
 */
const RIPPLED_SOURCES: Readonly<Record<string, string>> = {
  AccountDelete: 'DeleteAccount.cpp',
  AccountSet: 'SetAccount.cpp',
  AMMBid: 'AMMBid.cpp',
  AMMClawback: 'AMMClawback.cpp',
  AMMCreate: 'AMMCreate.cpp',
  AMMDelete: 'AMMDelete.cpp',
  AMMDeposit: 'AMMDeposit.cpp',
  AMMVote: 'AMMVote.cpp',
  AMMWithdraw: 'AMMWithdraw.cpp',
  Batch: 'Batch.cpp',
  CheckCancel: 'CancelCheck.cpp',
  CheckCash: 'CashCheck.cpp',
  CheckCreate: 'CreateCheck.cpp',
  Clawback: 'Clawback.cpp',
  CredentialAccept: 'Credentials.cpp',
  CredentialCreate: 'Credentials.cpp',
  CredentialDelete: 'Credentials.cpp',
  DepositPreauth: 'DepositPreauth.cpp',
  DIDDelete: 'DID.cpp',
  DIDSet: 'DID.cpp',
  EscrowCancel: 'Escrow.cpp',
  EscrowCreate: 'Escrow.cpp',
  EscrowFinish: 'Escrow.cpp',
  MPTokenAuthorize: 'MPTokenAuthorize.cpp',
  MPTokenIssuanceCreate: 'MPTokenIssuanceCreate.cpp',
  MPTokenIssuanceDestroy: 'MPTokenIssuanceDestroy.cpp',
  MPTokenIssuanceSet: 'MPTokenIssuanceSet.cpp',
  NFTokenAcceptOffer: 'NFTokenAcceptOffer.cpp',
  NFTokenBurn: 'NFTokenBurn.cpp',
  NFTokenCancelOffer: 'NFTokenCancelOffer.cpp',
  NFTokenCreateOffer: 'NFTokenCreateOffer.cpp',
  NFTokenMint: 'NFTokenMint.cpp',
  NFTokenModify: 'NFTokenModify.cpp',
  OfferCancel: 'CancelOffer.cpp',
  OfferCreate: 'CreateOffer.cpp',
  OracleDelete: 'DeleteOracle.cpp',
  OracleSet: 'SetOracle.cpp',
  Payment: 'Payment.cpp',
  PaymentChannelClaim: 'PayChan.cpp',
  PaymentChannelCreate: 'PayChan.cpp',
  PaymentChannelFund: 'PayChan.cpp',
  PermissionedDomainDelete: 'PermissionedDomainDelete.cpp',
  PermissionedDomainSet: 'PermissionedDomainSet.cpp',
  SetRegularKey: 'SetRegularKey.cpp',
  SignerListSet: 'SetSignerList.cpp',
  TicketCreate: 'CreateTicket.cpp',
  TrustSet: 'SetTrust.cpp',
}

/**
 * The rippled file a transaction type's rules follow, or `''` when not known.
 *
 * @example
 * ```ts
 * rippledSource('OfferCancel') // 'CancelOffer.cpp'
 * ```
 */
export const rippledSource = (type: string): string =>
  Object.hasOwn(RIPPLED_SOURCES, type) ? (RIPPLED_SOURCES[type] as string) : ''
