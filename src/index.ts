// The public library (`import { createClient } from 'agentry'`): the client, its resources' types, the CMS query
// builder, the §2.8 message conversion, the HMAC signer and the typed errors. The CLI never loads this file.
export { defaultPageSize, pageSizeRange } from './api/contract/page-size.js'
export type { PageQuery } from './api/contract/paging.js'
export type {
  Agent,
  AgentCard,
  ApiKey,
  Chat,
  CmsRecord,
  DesktopAccess,
  DesktopTask,
  RecordType,
  Completion,
  Execution,
  JsonValue,
  Message,
  Scenario,
  Schedule,
  Skill,
  ToolCall,
  ToolDefinition,
  Usage,
  Webhook,
} from './api/schemas/index.js'
export type { AssistantMessage, CompletionEvent } from './api/stream/decoder.js'
export { signBody, verifySignature } from './auth/hmac.js'
export { CmsQueryBuilder, query } from './cms/query-builder.js'
export type { CmsQuery } from './cms/query.js'
export {
  AgentryError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  CancelledError,
  ConflictError,
  InternalServerError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  UnprocessableEntityError,
  UsageError,
} from './api/errors.js'
export type { CancelAnswer, CancelOptions, ChatRequest, ChatStream } from './sdk/chat.js'
export { AgentryClient, type ClientOptions, createClient } from './sdk/client.js'
export {
  type CmsAccess,
  type CmsPatch,
  type CmsRow,
  type CmsSave,
  type CmsSearchOptions,
  ContentQuery,
} from './sdk/cms.js'
export type { ScoredRecord } from './cms/text-search.js'
export type { CmsRecordsByIds } from './sdk/cms-by-ids.js'
export {
  toUiMessages,
  type ToolInvocation,
  type UiMessage,
  type UiPart,
  type UiUsage,
  uiMessageSummary,
} from './sdk/messages.js'
export { ItemList } from './sdk/pages.js'
export { type ExecuteOptions, outputText, type SignedRequest, signScenarioInput } from './sdk/scenarios.js'
export type { WaitForRunOptions } from './sdk/scenario-runs.js'
export type { AttachmentFile } from './sdk/chats.js'
export type { SaveHow } from './sdk/cms-save.js'
export type { DesktopAccessChange } from './sdk/desktop.js'
export type { TriggerTarget } from './sdk/webhooks.js'
