/**
 * Why a transaction got a result other than `tesSUCCESS`, as the ledger decided it: the result
 * code, a short name of the rule that decided, a sentence with the values it compared, and the
 * rippled (or xahaud) source file the rule follows. `ledger/` returns it; `ledger-api/` and the
 * control API show it (issue 40 §6 "explain").
 *
 * @example
 * ```ts
 * const refusal: Refusal = {
 *   result: 'tecEXPIRED',
 *   rule: 'offer-expired',
 *   detail: "the offer's Expiration 849984840 is not after the parent ledger's close 849984850",
 *   source: 'NFTokenAcceptOffer.cpp',
 * }
 * ```
 */
export interface Refusal {
  /** The engine result (`tecEXPIRED`, `tefPAST_SEQ`, `temMALFORMED`…). */
  readonly result: string
  /** A short kebab-case name of the rule (`offer-expired`, `sequence-past`). */
  readonly rule: string
  /** A sentence naming the values compared; empty when the rule does not say yet. */
  readonly detail: string
  /** The source file the rule follows (`NFTokenAcceptOffer.cpp`); empty when not known. */
  readonly source: string
}

/**
 * What a rule answers: `tesSUCCESS`, a {@link Refusal}, or a bare result code (a rule not yet
 * converted: it is explained by its code alone, see {@link refusalOf}).
 *
 * @example
 * ```ts
 * const verdict: Verdict = refuse('tecNO_ENTRY', 'check-missing', `no check ${id}`, 'CashCheck.cpp')
 * ```
 */
export type Verdict = string | Refusal

/**
 * Makes a {@link Refusal} in one line.
 *
 * @example
 * ```ts
 * if (expired) return refuse('tecEXPIRED', 'offer-expired', `the offer's Expiration ${expiration} is not after the parent ledger's close ${close}`, 'NFTokenAcceptOffer.cpp')
 * ```
 */
export const refuse = (result: string, rule: string, detail: string, source: string): Refusal =>
  Object.freeze({ result, rule, detail, source })

/**
 * The result code of a verdict.
 *
 * @example
 * ```ts
 * resultOf(refuse('tecEXPIRED', 'offer-expired', '…', 'CreateOffer.cpp')) // 'tecEXPIRED'
 * ```
 */
export const resultOf = (verdict: Verdict): string =>
  typeof verdict === 'string' ? verdict : verdict.result

/**
 * A verdict as a {@link Refusal}: a bare code (a rule that does not explain itself yet) becomes
 * one whose rule is `unexplained`, with no detail and no source.
 *
 * @example
 * ```ts
 * refusalOf('tecNO_DST') // { result: 'tecNO_DST', rule: 'unexplained', detail: '', source: '' }
 * ```
 */
export const refusalOf = (verdict: Verdict): Refusal =>
  typeof verdict === 'string' ? refuse(verdict, 'unexplained', '', '') : verdict
