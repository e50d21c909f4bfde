// Message content in every form the interface shows (service-interface 2.1): a plain string, an array of items
// `{type:"text", text}`, `{text}` without a type, bare strings, and `{type:"image_url", image_url:{url}}` (the url
// may also arrive as a bare string). Unknown items are ignored rather than rejected.

import { isRecord } from '../../../api/is-record.js'
/** The text and image URLs of one message's content. */
export interface ContentParts {
  text: string
  images: string[]
}

/** Splits content into its text (items joined) and its image URLs. */
export function contentParts(content: unknown): ContentParts {
  if (typeof content === 'string') return { text: content, images: [] }
  const texts: string[] = []
  const images: string[] = []
  if (Array.isArray(content)) {
    for (const item of content) {
      if (typeof item === 'string') texts.push(item)
      else if (isRecord(item)) {
        if (typeof item.text === 'string' && (item.type === undefined || item.type === 'text')) texts.push(item.text)
        const image = item.image_url
        if (typeof image === 'string') images.push(image)
        else if (isRecord(image) && typeof image.url === 'string') images.push(image.url)
      }
    }
  }
  return { text: texts.join('\n'), images }
}

/** The text of some content (images left out). */
export function contentText(content: unknown): string {
  return contentParts(content).text
}
