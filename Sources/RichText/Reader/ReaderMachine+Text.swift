extension ReaderMachine {
  /// Handles literal text.
  mutating func text(_ start: Int, _ end: Int, isASCII: Bool) {
    if pendingHighSurrogate != nil { emitUnpairedSurrogate() }
    switch state.destination {
    case .fontTable: fontTableText(start, end)
    case .colorTable: colorTableText(start, end)
    case .listTable, .listOverrideTable, .legacyList: break
    case .body:
      if state.character.isHidden {
        hiddenBytes(start, end)
        return
      }
      prepareBody()
      tables.noteText(start, end)
      if isASCII, !decoder.hasPending {
        bytes.withUnsafeBufferPointer { buffer in
          body.runText.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<end]))
        }
      } else {
        updateCodePage()
        decoder.append(bytes, start, end, to: &body.runText)
      }
    case .fieldInstruction, .levelText, .levelMarker:
      decodeText(start, end)
    }
  }

  /// Decodes text into the current destination's text (not the body).
  mutating func decodeText(_ start: Int, _ end: Int) {
    if state.destination == .body {
      text(start, end, isASCII: false)
      return
    }
    updateCodePage()
    scratch.removeAll(keepingCapacity: true)
    decoder.append(bytes, start, end, to: &scratch)
    deliverScratch()
  }

  /// Handles `\'hh`.
  mutating func hexByte(_ byte: UInt8) {
    if pendingHighSurrogate != nil { emitUnpairedSurrogate() }
    switch state.destination {
    case .colorTable, .listTable, .listOverrideTable, .legacyList: return
    case .body:
      if state.character.isHidden {
        recorder.noteBody(at: tokenizer.tokenStart, depth: depth)
        updateCodePage()
        decoder.append(byte, to: &hiddenText)
        return
      }
      prepareBody()
      tables.noteText(tokenizer.tokenStart, tokenizer.position)
      updateCodePage()
      decoder.append(byte, to: &body.runText)
    case .fontTable, .fieldInstruction, .levelText, .levelMarker:
      updateCodePage()
      scratch.removeAll(keepingCapacity: true)
      decoder.append(byte, to: &scratch)
      deliverScratch()
    }
  }

  /// Emits one character into the current destination.
  mutating func emit(_ scalar: Unicode.Scalar) {
    if pendingHighSurrogate != nil { emitUnpairedSurrogate() }
    if state.destination == .body {
      if state.character.isHidden {
        recorder.noteBody(at: tokenizer.tokenStart, depth: depth)
        appendUTF8(scalar, to: &hiddenText)
        return
      }
      prepareBody()
      tables.noteText(tokenizer.tokenStart, tokenizer.position)
      appendUTF8(scalar, to: &body.runText)
    } else {
      scratch.removeAll(keepingCapacity: true)
      appendUTF8(scalar, to: &scratch)
      deliverScratch()
    }
  }

  /// Decodes bytes a multi-byte code page buffered.
  mutating func flushDecoder() {
    var valid: Bool
    if state.destination == .body, state.character.isHidden {
      valid = decoder.flush(to: &hiddenText)
    } else if state.destination == .body {
      prepareBody()
      valid = decoder.flush(to: &body.runText)
    } else {
      scratch.removeAll(keepingCapacity: true)
      valid = decoder.flush(to: &scratch)
      deliverScratch()
    }
    if !valid { warnings.add(.undecodableBytes, at: tokenizer.tokenStart) }
  }

  /// Appends `scratch` to the text of a destination other than the body.
  private mutating func deliverScratch() {
    guard !scratch.isEmpty else { return }
    switch state.destination {
    case .fontTable:
      if var draft = fontDraft {
        fontDraft = nil  // keeps the name buffer uniquely referenced
        Self.append(scratch, to: &draft.name, limit: Self.maxFontNameLength)
        fontDraft = draft
      }
    case .fieldInstruction:
      if !fieldInstructions.isEmpty {
        fieldInstructions[fieldInstructions.count - 1].append(scratch)
      }
    case .levelText: Self.append(scratch, to: &levelDraft.levelText)
    case .levelMarker: Self.append(scratch, to: &levelDraft.marker)
    case .body: scratch.withUnsafeBufferPointer { body.runText.append(contentsOf: $0) }
    case .colorTable, .listTable, .listOverrideTable, .legacyList: break
    }
  }

  /// Appends whole characters while the sink stays under `limit` bytes.
  static func append(_ utf8: [UInt8], to sink: inout [UInt8], limit: Int = maxSinkLength) {
    guard sink.count + utf8.count > limit else {
      sink.append(contentsOf: utf8)
      return
    }
    for byte in utf8 {
      // Stop at a character boundary (a byte that is not a continuation byte).
      if sink.count >= limit, byte & 0xC0 != 0x80 { return }
      if sink.count >= limit + 3 { return }
      sink.append(byte)
    }
  }

  /// Sets the decoder's code page from the current font (or the font entry being
  /// read in the font table) when it may have changed.
  mutating func updateCodePage() {
    guard codePageIsStale else { return }
    codePageIsStale = false
    let page: CodePage
    if state.destination == .fontTable {
      page = fontDraftCodePage
    } else if usesRecentCaches {
      let choice = withUnsafePointer(to: &state.character) { FontChoice($0) }
      if choice == codePageChoice {
        page = codePageForChoice
      } else {
        page = decodingFont()?.codePage ?? documentCodePage
        codePageChoice = choice
        codePageForChoice = page
      }
    } else {
      page = decodingFont()?.codePage ?? documentCodePage
    }
    if page != decoder.codePage {
      if decoder.hasPending { flushDecoder() }
      decoder.codePage = page
    }
  }

  /// The font whose code page decodes the text: after `\hich` or `\dbch`, the font
  /// `\af` gave those characters (if any), else the current font.
  func decodingFont() -> FontEntry? {
    let character = state.character
    let associated: Int32?
    switch character.characterKind {
    case .lowANSI: associated = nil
    case .highANSI: associated = character.highANSIFont
    case .doubleByte: associated = character.doubleByteFont
    }
    if let associated, let entry = fonts[associated] { return entry }
    return currentFont()
  }

  /// The font table entry of the current font: `\fN` if defined, else `\deffN`.
  func currentFont() -> FontEntry? {
    guard let index = state.character.fontIndex else {
      return defaultFont.flatMap { fonts[$0] }
    }
    return fonts[index] ?? defaultFont.flatMap { fonts[$0] }
  }

  // MARK: Unicode

  /// `\uN`: one UTF-16 unit (negative N counts from 65536); surrogate pairs are
  /// joined across `\u`s with nothing but fallbacks and control words that show
  /// nothing between them (LibreOffice writes `\u55357\uc1 \u56832\'3f`); a lone
  /// half becomes U+FFFD. Then the next
  /// `\ucN` units are the fallback and are skipped.
  mutating func unicode(_ parameter: Int32) {
    var value = Int(parameter)
    if value < 0 { value += 65536 }
    switch value {
    case 0xD800...0xDBFF:
      if pendingHighSurrogate != nil { emitUnpairedSurrogate() }
      pendingHighSurrogate = UInt16(value)
    case 0xDC00...0xDFFF:
      if let high = pendingHighSurrogate {
        pendingHighSurrogate = nil
        let scalarValue = 0x10000 + (UInt32(high) - 0xD800) << 10 + (UInt32(value) - 0xDC00)
        emit(Unicode.Scalar(scalarValue) ?? "\u{FFFD}")
      } else {
        warnings.add(.unpairedSurrogate, at: tokenizer.tokenStart)
        emit("\u{FFFD}")
      }
    default:
      emit(value >= 0 ? Unicode.Scalar(UInt32(truncatingIfNeeded: value)) ?? "\u{FFFD}" : "\u{FFFD}")
    }
    fallbackToSkip = state.unicodeFallback
  }

  mutating func emitUnpairedSurrogate() {
    pendingHighSurrogate = nil
    warnings.add(.unpairedSurrogate, at: tokenizer.tokenStart)
    emit("\u{FFFD}")
  }
}
