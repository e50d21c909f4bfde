// `agentry skills list|get`.
import { defineGroup } from '../define.js'
import get from './get.js'
import list from './list.js'

export default defineGroup({ path: ['skills'], summary: 'List the skills of the account', commands: [list, get] })
