// zod as the project uses it: `zod/mini`, the functional API of the same package, which tree-shakes (bundled with
// our schemas it is a fraction of zod classic and builds schemas without attaching dozens of methods to each: a
// measured start-up saving, see bench/startup). Mini has no messages of its own, so English ones are set here, once
// for the whole process (the same texts zod classic prints: "Invalid input: expected string, received number").
// Every module of ours that uses zod imports it from here, so no schema is parsed before the messages are set.
import { config } from 'zod/mini'
import en from 'zod/v4/locales/en.js'

config(en())

export * from 'zod/mini'

/**
 * A schema built on first use and kept: building a zod schema is the costly part of zod at start-up (the settings
 * table and the config file schemas cost ~5 ms of every run when built at import), and most runs use a few of them.
 */
export function lazySchema<S>(build: () => S): () => S {
  let built: S | undefined
  return () => {
    built ??= build()
    return built
  }
}
