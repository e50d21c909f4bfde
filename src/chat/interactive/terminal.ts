// The terminal for the whole chat: stdin in raw mode for its entire life (so Ctrl-C arrives as a key, type-ahead is
// never echoed by the tty driver, and nothing typed during an answer is lost), keys decoded and queued, bracketed
// paste switched on, and everything put back as it was on close, whatever happened.
import type { IOStreams } from '../../io/iostreams.js'
import { resetStyles } from '../../io/palette.js'
import { type Key, KeyDecoder } from './keys.js'

/** How long to wait for the rest of an escape sequence before a lone ESC counts as the Escape key. */
const escapeTimeoutMs = 30
/** After Ctrl-Z, how long without SIGCONT means the process was never stopped (no job control). */
const notStoppedAfterMs = 300
/** How long a paste may pause between chunks before it is delivered as it is. */
const pasteTimeoutMs = 500

// Terminal modes and cursor movement, not colours, so they stay written out here (colours: src/io/palette.ts).
const bracketedPasteOn = '\x1b[?2004h'
const bracketedPasteOff = '\x1b[?2004l'
const showCursor = '\x1b[?25h'

type Stdin = IOStreams['stdin']
interface ResizeSource {
  on?(event: 'resize', cb: () => void): unknown
  off?(event: 'resize', cb: () => void): unknown
  rows?: number
}

/** Raw keys in, text out. */
export class Terminal {
  private readonly decoder = new KeyDecoder()
  private readonly queue: Key[] = []
  private waiter: ((k: Key) => void) | undefined
  private interceptor: ((k: Key) => boolean) | undefined
  private timer: NodeJS.Timeout | undefined
  private readonly resizeHandlers = new Set<() => void>()
  private started = false
  /**
   * Raw mode was just entered: the first input read may have been typed before, in cooked mode, where the tty driver
   * turned Enter's CR into LF (ICRNL), which raw mode reads as Ctrl-J, a new line. There it is Enter again. Told by
   * its shape, not by when it is read (a loaded machine reads it late): cooked mode hands over whole lines, ending in
   * LF and holding no CR, while a key pressed in raw mode comes alone (a lone Ctrl-J stays a new line).
   */
  private cookedInput = false
  /** receives a SIGINT that reaches this process while the terminal is handed over (handOver) */
  private awayInterrupt: (() => void) | undefined
  private readonly onData = (chunk: string | Buffer) => {
    let text = typeof chunk === 'string' ? chunk : chunk.toString()
    if (this.cookedInput) {
      this.cookedInput = false
      if (isCookedLines(text)) text = text.replace(/\n/g, '\r')
    }
    this.feed(text)
  }
  // Input is gone (the terminal hung up, or stdin was closed): the chat ends at the next prompt instead of waiting.
  private readonly onEnd = () => {
    this.ended = true
    this.deliver({ name: 'hangup' })
  }
  private ended = false
  private readonly onResize = () => {
    for (const h of this.resizeHandlers) h()
  }
  // Continued after a stop this process did not ask for (kill -STOP/-TSTP, then fg or kill -CONT): the shell may
  // have put the tty back in cooked mode meanwhile, so raw mode and bracketed paste are set again and the prompt
  // redrawn (the resize handlers draw it).
  // SIGTSTP from outside (`kill -TSTP`; the key itself arrives as \x1a in raw mode) acts as the Ctrl-Z key, so the
  // terminal is restored and the whole job stops, as after the key.
  private readonly onStopSignal = () => this.deliver({ name: 'suspend' })
  private readonly onContinue = () => {
    ;(this.io.stdin as Stdin).setRawMode?.(true)
    this.write(bracketedPasteOn)
    this.onResize()
  }

  /** `write` receives everything the chat UI draws; `io` gives stdin and the width. */
  constructor(
    private readonly io: IOStreams,
    readonly write: (s: string) => void,
  ) {}

  /** Enters raw mode and starts reading keys. */
  start(): void {
    this.awayInterrupt = undefined
    if (this.started) return
    this.started = true
    const stdin = this.io.stdin as Stdin & { setEncoding?(e: string): void; resume?(): void }
    stdin.setRawMode?.(true)
    this.cookedInput = true
    stdin.setEncoding?.('utf8')
    stdin.on('data', this.onData)
    stdin.on('end', this.onEnd)
    stdin.resume?.()
    ;(this.io.stdout as ResizeSource).on?.('resize', this.onResize)
    if (process.platform !== 'win32') {
      process.on('SIGCONT', this.onContinue)
      process.on('SIGTSTP', this.onStopSignal)
    }
    this.write(bracketedPasteOn)
  }

  /** Restores the terminal: cooked mode, no bracketed paste, cursor visible, stdin released. */
  close(): void {
    if (!this.started) return
    this.started = false
    clearTimeout(this.timer)
    this.cookedInput = false
    const stdin = this.io.stdin as Stdin & { pause?(): void }
    stdin.off?.('data', this.onData)
    stdin.off?.('end', this.onEnd)
    stdin.setRawMode?.(false)
    stdin.pause?.()
    ;(this.io.stdout as ResizeSource).off?.('resize', this.onResize)
    process.off('SIGCONT', this.onContinue)
    // removed before suspend() sends SIGTSTP, so that the signal's default action (stop) applies
    process.off('SIGTSTP', this.onStopSignal)
    this.write(`${bracketedPasteOff}${resetStyles}${showCursor}`)
  }

  /**
   * Job control (Ctrl-Z): restores the terminal, stops the whole process group as the tty driver would (SIGTSTP
   * to group 0, POSIX kill(2)) — stopping only this process leaves a parent such as `npm start` running, so the
   * shell never gets the terminal back — and takes the terminal back once the shell continues it (SIGCONT).
   * Resolves false when nothing stopped: without job control (an orphaned process group, POSIX 2.4.3: the kernel
   * discards the stop) the signal never comes back, so after a short wait the chat simply goes on.
   */
  async suspend(): Promise<boolean> {
    if (process.platform === 'win32') return false
    // Nothing else may hold the event loop open meanwhile (stdin is paused, a signal listener does not count):
    // without this timer the process would just end, exit 0, the moment it is continued.
    const keepAlive = setInterval(() => {}, 1 << 30)
    let onCont = () => {}
    const resumed = new Promise<boolean>((resolve) => {
      onCont = () => resolve(true)
      process.once('SIGCONT', onCont)
    })
    this.close()
    try {
      process.kill(0, 'SIGTSTP')
    } catch {
      process.kill(process.pid, 'SIGTSTP')
    }
    // A stop happens before kill() returns, and the pending SIGCONT is handled right after it: a timer that fires
    // first means this process was never stopped.
    const timer = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), notStoppedAfterMs))
    const stopped = await Promise.race([resumed, timer])
    process.off('SIGCONT', onCont)
    clearInterval(keepAlive)
    this.start()
    return stopped
  }

  /** Does the chat hold the terminal now? (false while an editor has it, or before start / after close) */
  get active(): boolean {
    return this.started
  }

  /**
   * A SIGINT reached this process (kill -INT, or Ctrl-C while the terminal is in cooked mode): the Ctrl-C key while
   * the chat holds the terminal; while it is handed over, the handler given to handOver (the editor's).
   */
  interrupt(): void {
    if (this.started) this.feed('\x03')
    else this.awayInterrupt?.()
  }

  /** Gives the terminal to another program (close()); until start(), `onInterrupt` receives the SIGINTs. */
  handOver(onInterrupt: () => void): void {
    this.awayInterrupt = onInterrupt
    this.close()
  }

  /**
   * Reads the keys already typed (one turn of the event loop: input waiting in the tty is read before it ends) and
   * takes a Ctrl-C among them, if any, out of the queue: true when there was one.
   */
  async takeInterrupt(): Promise<boolean> {
    await new Promise((resolve) => setImmediate(resolve))
    const i = this.queue.findIndex((k) => k.name === 'interrupt')
    if (i < 0) return false
    this.queue.splice(i, 1)
    return true
  }

  /** The width in columns now (read on every use, so a resize applies to the next line drawn). */
  columns(): number {
    return this.io.columns()
  }

  /** The height in rows, when known. */
  rows(): number | undefined {
    return (this.io.stdout as ResizeSource).rows
  }

  /** Calls `cb` on every resize until the returned function is called. */
  onResizeEvent(cb: () => void): () => void {
    this.resizeHandlers.add(cb)
    return () => this.resizeHandlers.delete(cb)
  }

  /** The next key: queued type-ahead first, else the next one typed. */
  nextKey(): Promise<Key> {
    const k = this.queue.shift()
    if (k) return Promise.resolve(k)
    if (this.ended) return Promise.resolve({ name: 'hangup' })
    return new Promise((resolve) => {
      this.waiter = resolve
    })
  }

  /** Keys already typed and not yet read. */
  get pending(): number {
    return this.queue.length
  }

  /**
   * While an answer streams: `fn` sees each key first and returns true when it took it (Ctrl-C); other keys are
   * queued for the next prompt. Returns the function that ends the interception.
   */
  intercept(fn: (k: Key) => boolean): () => void {
    this.interceptor = fn
    return () => {
      if (this.interceptor === fn) this.interceptor = undefined
    }
  }

  /** Feeds input (the stdin listener; tests call it directly). */
  feed(chunk: string): void {
    clearTimeout(this.timer)
    for (const k of this.decoder.feed(chunk)) this.deliver(k)
    if (this.decoder.waiting) {
      this.timer = setTimeout(
        () => {
          for (const k of this.decoder.flush()) this.deliver(k)
        },
        this.decoder.inPaste ? pasteTimeoutMs : escapeTimeoutMs,
      )
    }
  }

  private deliver(k: Key): void {
    if (this.interceptor?.(k)) return
    const w = this.waiter
    if (w && this.queue.length === 0) {
      this.waiter = undefined
      w(k)
    } else this.queue.push(k)
  }
}

/** Whether a read holds lines typed in cooked mode: more than one key, ending in LF, no CR, not a paste. */
function isCookedLines(text: string): boolean {
  return text.length > 1 && text.endsWith('\n') && !text.includes('\r') && !text.includes('\x1b[200~')
}
