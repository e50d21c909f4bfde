// `agentry skills list|get`.
import { defineGroup } from '../define.js'
import { commands } from './commands.gen.js'

export default defineGroup({ path: ['skills'], summary: 'List the skills of the account', commands })
