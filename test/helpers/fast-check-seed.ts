// Property tests draw from one seed per run. CI pins it (FC_SEED in .ci/run) so a landing is reproducible;
// elsewhere it is random, so that local runs keep exploring. Failures print fast-check's own seed and path.
import fc from 'fast-check'

const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined
if (seed !== undefined && Number.isFinite(seed)) fc.configureGlobal({ seed })
