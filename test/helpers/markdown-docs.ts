// Realistic chat answers for the markdown renderer tests: code in several languages, nested lists, tables,
// headings, emphasis, quotes, CJK and emoji, a line much longer than the terminal.

/** Named markdown documents. */
export const markdownDocs: Record<string, string> = {
  typescript: `# Retrying fetches in TypeScript

Here's a **small helper** that retries with _exponential backoff_. It uses \`AbortSignal.timeout\` so each attempt
has its own deadline:

\`\`\`ts
/** Retries fn with exponential backoff. */
export async function retry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  let delay = 100
  for (let i = 0; ; i++) {
    try {
      return await fn()
    } catch (err) {
      if (i + 1 >= attempts) throw err
      await new Promise((r) => setTimeout(r, delay))
      delay *= 2 // double it
    }
  }
}
\`\`\`

Key points:

1. The loop has no condition; it exits by \`return\` or \`throw\`.
2. Delays grow: 100 ms, 200 ms, 400 ms.
   - You can add *jitter* to avoid thundering herds.
   - Cap the delay, e.g. \`Math.min(delay, 30_000)\`.
3. ~~Never~~ Rarely retry non-idempotent requests.

> **Note:** see [MDN on AbortSignal](https://developer.mozilla.org/docs/Web/API/AbortSignal) for details.
`,
  python: `## Reading a CSV in Python

Use the standard library; no pandas needed:

~~~python
import csv
from pathlib import Path

def load(path: Path) -> list[dict[str, str]]:
    """Reads rows as dictionaries."""
    with path.open(newline="") as f:
        return list(csv.DictReader(f))

if __name__ == "__main__":
    rows = load(Path("data.csv"))
    print(f"{len(rows)} rows")  # count
~~~

Then run it:

\`\`\`bash
python3 load.py && echo "done" | tee -a log.txt
\`\`\`

---

### Notes
* Works with **UTF-8** files.
* Handles quoted fields like \`"a, b"\`.
  * Nested bullet with a [link](https://docs.python.org/3/library/csv.html).
    * Third level item.
* Plain URL: https://example.com/path?q=1 stays as is.
`,
  table: `Here is a comparison:

| Tool | Language | Stars | Notes |
|:-----|:--------:|------:|-------|
| ripgrep | Rust | 45k | Fast \`grep\` replacement |
| fd | Rust | 33k | Friendly **find** |
| fzf | Go | 62k | Fuzzy finder with a very long description that will need wrapping inside its cell |
| jq | C | 29k | JSON processor \\| filters |
A line right after the table ends it.

| a | b |
|---|---|
| 1 | 2 |

A paragraph with a | pipe that is not a table,
| and | a | line | that looks like a row but has no delimiter row after it.
| x | y |
`,
  intl: `### Unicode 🌍

中文字符测试：这是一个很长的句子，用来测试宽字符在终端中的换行是否正确处理，以及光标移动是否准确无误。
Emoji line: 🚀 launch ✅ done ⚠️ warning 👍🏽 thumbs 👨‍👩‍👧 family 🇫🇷 flag — “quotes” and … ellipsis.
Combining: e\u0301te\u0301 cafe\u0301 — Ñandú.

- 日本語のリスト項目
- Ελληνικά και Русский
`,
  long: `A very long line follows. ${'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. '.repeat(6)}End of the long line.

- A list item that is also quite long: ${'the quick brown fox jumps over the lazy dog; '.repeat(5)}done.
  Continuation line of the item, indented under it, also long enough to wrap: ${'more words here, '.repeat(8)}end.

\`\`\`
an unlabelled code block with a line longer than the terminal: ${'0123456789'.repeat(12)}
\t\ttabbed line
\`\`\`
Supercalifragilisticexpialidocious${'x'.repeat(120)} is one enormous word.
`,
  quotes: `> A quote with *emphasis*
> spanning two lines.
>
> > Nested quote with \`code\`.
> - a list in a quote
> - second item

1. First
1. Second (written as 1.)
1. Third
   \`\`\`sh
   npm install --save marked
   \`\`\`
1. Fourth

- [ ] todo item
- [x] done item

#### Level four heading ####
Text with &amp; entity, \\*escaped stars\\*, and ![an image](https://x.io/i.png).
`,
}
