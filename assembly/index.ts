// The exported ABI of the Litmus core: flat functions over (pointer, length) into linear memory.
// Callers reset the arena, reserve input with `alloc`, write UTF-8 with TextEncoder.encodeInto, call a
// scorer, and read its result from the pointer it returns. Nothing else is exported.
export { arenaReset as reset, arenaAlloc as alloc } from './arena'
export { utf16Offsets } from './text/utf16'
export { encodingsScan, encodingsSpans, encodingsLabels, encodingsDecode, encodingsDecoded } from './scan/encodings'
export { syllables, syllablesRules, syllablesReserve, syllablesLoad, syllablesSum } from './text/syllables'
export { tokenise, tokeniseInit } from './text/tokenise'
export { piiScan } from './pii/scan'
export { piiGazetteerReserve, piiGazetteerBuild } from './pii/gazetteer'
export { piiOrgsInstall } from './pii/orgs'
export { lexiconBuild } from './vec/lexicon'
export { simplicityScan, simplicitySpans, simplicityWords } from './judge/simplicity'
export { vectorsReserve, vectorsLoad, vectorsEmbed, vectorsWords, vectorsDims } from './vec/vectors'
export { stability, stabilityZero } from './judge/stability'
export { cosineBest } from './vec/cosine'
export { vecModelReserve, vecModelWeights, vecModelSet, vecModelFlush, vecScore } from './vec/features'
export { sensitivityReserve, sensitivitySlots, sensitivityTopic, sensitivityScore, sensitivityMatches } from './judge/sensitivity'
export { helpfulnessCounts } from './judge/helpfulness'
