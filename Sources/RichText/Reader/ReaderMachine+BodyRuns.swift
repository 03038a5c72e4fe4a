/// The reader's loop over body runs: plain body text, `\'hh`, `\uN` and control
/// words read straight from the bytes, without a token per item.
///
/// Most of a body is text, escapes and control words that do nothing (Word writes
/// dozens per paragraph). While no group is being skipped and no `\uN` fallback,
/// `\*`, attachment placeholder or multi-byte character waits, the loop skips
/// unknown words and dispatches known ones; while the text is visible body text it
/// also reads text, `\'hh` and `\uN` itself. It does what the token loop would do
/// for each item, in the same order, and hands back to it at anything else (braces,
/// control symbols, `\binN`, a word that makes a warning, a surrogate `\uN`) and
/// after each known word.
extension ReaderMachine {
  /// Whether the bytes at the tokenizer's position may be read by `readBodyRun`.
  @inline(__always)
  var canReadBodyRun: Bool {
    readsBodyRuns && skipDepth == 0 && fallbackToSkip == 0 && !state.ignorableNext
      && pendingAttachmentDepth == nil && !decoder.hasPending
  }

  /// Whether text, `\'hh` and `\uN` at `offset` go into the body as visible text of
  /// a body already started (else the token loop reads them).
  @inline(__always)
  func takesBodyText(at offset: Int) -> Bool {
    pendingHighSurrogate == nil && isVisibleBodyText(at: offset)
  }

  /// `takesBodyText`, whatever `\uN` high surrogate waits.
  @inline(__always)
  func isVisibleBodyText(at offset: Int) -> Bool {
    state.destination == .body && !state.character.isHidden && hiddenText.isEmpty
      && recorder.bodyStart != nil && offset >= headerSpaceEnd
  }

  /// Makes the body ready for the text at `offset` as the token loop does (the
  /// run's attributes, pending cell tabs), when it may not be.
  @inline(__always)
  mutating func prepareBodyText(at offset: Int) {
    guard characterMayHaveChanged || body.pendingCellTabs > 0 else { return }
    tokenizer.advance(to: offset, tokenStart: offset)
    prepareBody()
  }

  /// Reads body text, `\'hh`, `\uN` (and its fallback) and control words from the
  /// tokenizer's position while `canReadBodyRun` holds, as the token loop would.
  /// Returns whether it read anything.
  mutating func readBodyRun(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = buffer.baseAddress else { return false }
    let count = buffer.count
    let start = tokenizer.position
    var index = start
    var itemStart = start
    defer { if index != start { tokenizer.advance(to: index, tokenStart: itemStart) } }
    while index < count {
      let byte = base[index]
      if byte == UInt8(ascii: "\\") {
        guard index + 1 < count else { return index != start }
        let first = base[index + 1]
        if RTFTokenizer.isWordLetter(first) {
          // `\uN` read without a look at the keyword table (it is most of a
          // non-Latin body's words), any other word through it.
          let word: RTFTokenizer.PlainWord
          if first == UInt8(ascii: "u"), let unicode = RTFTokenizer.unicodeWord(buffer, at: index) {
            word = unicode
          } else {
            guard let plain = tokenizer.plainWord(buffer, at: index) else { return index != start }
            word = plain
          }
          guard let keyword = word.keyword else {
            index = word.end  // does nothing here
            continue
          }
          if keyword == .u {
            var value = Int(word.parameter ?? 0)
            if value < 0 { value += 65536 }
            let scalar: Unicode.Scalar
            if let high = pendingHighSurrogate {
              // The second half of a pair joins the first, as `unicode(_:)` joins them.
              guard value >= 0xDC00, value <= 0xDFFF, isVisibleBodyText(at: index) else { return index != start }
              pendingHighSurrogate = nil
              let joined = 0x10000 + (UInt32(high) - 0xD800) << 10 + (UInt32(value) - 0xDC00)
              scalar = Unicode.Scalar(joined) ?? "\u{FFFD}"
            } else if value >= 0xD800, value <= 0xDBFF {
              // The first half waits for the second, as in `unicode(_:)`: nothing is
              // shown yet. The token loop skips its fallback (a lone half's warning
              // is at the start of the token whose fallback part was skipped).
              guard takesBodyText(at: index) else { return index != start }
              pendingHighSurrogate = UInt16(value)
              itemStart = index
              index = word.end
              fallbackToSkip = state.unicodeFallback
              if fallbackToSkip > 0 { return true }
              continue
            } else {
              guard takesBodyText(at: index), let single = Self.unicodeScalar(word.parameter ?? 0) else {
                return index != start
              }
              scalar = single
            }
            prepareBodyText(at: index)
            tables.noteText(index, word.end)
            appendUTF8(scalar, to: &body.runText)
            itemStart = index
            index = word.end
            if state.unicodeFallback > 0 {
              fallbackToSkip = state.unicodeFallback
              skipFallback(base, count, &index, &itemStart)
              if fallbackToSkip > 0 { return true }
            }
            continue
          }
          // Any other word, dispatched as the token loop dispatches it; the loop goes
          // on when the word left the bytes after it to it (Word writes a dozen
          // formatting words per run).
          itemStart = index
          index = word.end
          tokenizer.advance(to: index, tokenStart: itemStart)
          self.word(keyword, word.parameter)
          guard canReadBodyRun, tokenizer.position == index else { return true }
          continue
        }
        if first != UInt8(ascii: "'") {
          // A control symbol: `\` + newline ends the paragraph, as the token loop
          // reads it (a `\par`); the escapes that stand for a character show it.
          if first == 0x0A || first == 0x0D {
            itemStart = index
            index += 2
            tokenizer.advance(to: index, tokenStart: itemStart)
            self.word(.par, nil)
            guard canReadBodyRun, tokenizer.position == index else { return true }
            continue
          }
          guard let symbol = Self.symbolScalar(first), takesBodyText(at: index) else { return index != start }
          prepareBodyText(at: index)
          tables.noteText(index, index + 2)
          appendUTF8(symbol, to: &body.runText)
          itemStart = index
          index += 2
          continue
        }
        guard index + 3 < count,
          let high = RTFTokenizer.hexDigitValue(base[index + 2]),
          let low = RTFTokenizer.hexDigitValue(base[index + 3])
        else { return index != start }
        guard takesBodyText(at: index) else { return index != start }
        prepareBodyText(at: index)
        tables.noteText(index, index + 4)
        updateCodePage()
        decoder.append(high << 4 | low, to: &body.runText)
        itemStart = index
        index += 4
        if decoder.hasPending { return true }
      } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
        return index != start
      } else if RTFTokenizer.isSkippedControlCharacter(byte) {
        index += 1
      } else {
        guard takesBodyText(at: index) else { return index != start }
        prepareBodyText(at: index)
        let text = RTFTokenizer.textEnd(buffer, from: index)
        tables.noteText(index, text.end)
        if text.isASCII {
          body.runText.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<text.end]))
        } else {
          updateCodePage()
          decoder.append(bytes, index, text.end, to: &body.runText)
        }
        itemStart = index
        index = text.end
        if decoder.hasPending { return true }
      }
    }
    return index != start
  }

  /// The character a control symbol shows in the body (`\\`, `\{`, `\}`, `\~`,
  /// `\-`, `\_`, `\:`, as `controlSymbol(_:)` emits them), or nil for the others.
  @inline(__always)
  static func symbolScalar(_ symbol: UInt8) -> Unicode.Scalar? {
    switch symbol {
    case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"): Unicode.Scalar(symbol)
    case UInt8(ascii: "~"): "\u{00A0}"
    case UInt8(ascii: "-"): "\u{00AD}"
    case UInt8(ascii: "_"): "\u{2011}"
    case UInt8(ascii: ":"): ":"
    default: nil
    }
  }

  /// The character `\uN` stands for, or nil for a surrogate or a value that is no
  /// character (the token loop reads those).
  @inline(__always)
  static func unicodeScalar(_ parameter: Int32) -> Unicode.Scalar? {
    var value = Int(parameter)
    if value < 0 { value += 65536 }
    guard value >= 0, value < 0xD800 || value > 0xDFFF else { return nil }
    return Unicode.Scalar(UInt32(truncatingIfNeeded: value))
  }

  /// Skips `\uN` fallback units from `index` as the token loop does: `\'hh` counts
  /// one, text one per byte; stops with `fallbackToSkip` left at anything else.
  @inline(__always)
  private mutating func skipFallback(
    _ base: UnsafePointer<UInt8>, _ count: Int, _ index: inout Int, _ itemStart: inout Int
  ) {
    while fallbackToSkip > 0, index < count {
      let byte = base[index]
      if byte == UInt8(ascii: "\\") {
        guard index + 3 < count, base[index + 1] == UInt8(ascii: "'"),
          RTFTokenizer.hexDigitValue(base[index + 2]) != nil,
          RTFTokenizer.hexDigitValue(base[index + 3]) != nil
        else { return }
        itemStart = index
        index += 4
        fallbackToSkip -= 1
        tables.extendCell(to: index)
      } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
        return
      } else if RTFTokenizer.isSkippedControlCharacter(byte) {
        index += 1
      } else {
        itemStart = index
        index += 1
        fallbackToSkip -= 1
        tables.extendCell(to: index)
      }
    }
  }
}
