// Fixed splits of the shared data, by a hash of a grouping key, so that training scripts and eval
// modules agree on what is held out without storing lists.
import { createHash } from 'node:crypto'

/** True for about `share` of keys, the same keys on every run. */
export function heldOut(key, share, salt) {
  const h = createHash('sha256').update(`${salt}:${key}`).digest()
  return h.readUInt32BE(0) / 2 ** 32 < share
}

/** OneStopEnglish topics held out from simplicity training (40 %): the dev split of the eval. */
export const simplicityDevTopic = (topic) => heldOut(topic, 0.4, 'simplicity')

/** BEGIN (WoW) knowledge passages held out from faithfulness training (40 %): the dev split of the eval. */
export const faithfulnessDevKnowledge = (knowledge) => heldOut(knowledge, 0.4, 'faithfulness')
/** GoEmotions train comments (by id) kept out of fitting the tone head, for its calibration (15 %). */
export const toneCalibration = (id) => heldOut(id, 0.15, 'tone')

/**
 * Breaking NLI premises whose swaps the contrast words are not mined from (50 %), to measure in eval/grounded-loso.mjs
 * whether the words mined from the other half carry to sentences they were not mined from.
 */
export const contrastHeldPremise = (premise) => heldOut(premise, 0.5, 'contrast-words')

/** Formality training rows (by text) kept out of fitting the n-gram head, to fit the combination (15 %). */
export const formalityCombine = (text) => heldOut(text, 0.15, 'formality')

/** awesome-chatgpt-prompts rows held out from prompt-manipulation training (50 %): evaluation only. */
export const manipulationAwesomeDev = (text) => heldOut(text, 0.5, 'prompt-manipulation-awesome')
/** Prompt-manipulation training rows set aside to calibrate (20 %). */
export const manipulationCalibration = (text) => heldOut(text, 0.2, 'prompt-manipulation-calibration')

/** WikiQA questions held out from answer_relevancy method choice (50 %): the other half is for tuning. */
export const relevancyHeldQuestion = (qid) => heldOut(qid, 0.5, 'answer-relevancy')
