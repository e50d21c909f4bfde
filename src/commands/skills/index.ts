// `agentry skills list`.
import { defineGroup } from '../define.js'
import list from './list.js'

export default defineGroup({ path: ['skills'], summary: 'List the skills of the account', commands: [list] })
