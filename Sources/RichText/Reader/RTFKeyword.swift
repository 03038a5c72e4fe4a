/// The control words the reader interprets. Every other control word is ignored
/// (its group's text still flows), or, after `\*`, skips its group.
enum RTFKeyword: String, CaseIterable, Sendable {
  // Header and document controls.
  case rtf, ansi, mac, pc, pca, ansicpg, deff, cocoartf, cocoasubrtf, uc, u, bin
  case paperw, paperh, margl, margr, margt, margb, vieww, viewh, viewkind, deftab
  case readonlydoc, hyphauto, cocoatextscaling, cocoaplatform

  // Destinations the reader reads.
  case fonttbl, colortbl, listtable, listoverridetable, list, listlevel, leveltext
  case levelmarker, listoverride, field, fldinst, fldrslt, pn
  // Destinations the reader skips; `counted` ones are embedded objects.
  case pict, object, shppict, shp, nextGraphic = "NeXTGraphic"
  case nonshppict, expandedcolortbl, stylesheet, info, listtext, pntext, levelnumbers
  case listname, lfolevel, header, headerl, headerr, headerf, footer, footerl, footerr
  case footerf, footnote, annotation, themedata, colorschememapping, datastore
  case latentstyles, xmlnstbl, rsidtbl, generator, pgdsctbl, filetbl, revtbl
  case nonesttables, xe, tc, txe, `private`, docvar, userprops, fchars, lchars
  case drawingObject = "do", falt, panose, fname, bkmkstart, bkmkend, atnid, atnauthor
  case template, nesttableprops, listpicture, ftnsep, ftnsepc, aftnsep, aftnsepc
  case pntxta, pntxtb, fldtype, mmathPr

  // Font and colour tables, lists.
  case f, fnil, froman, fswiss, fmodern, fscript, fdecor, ftech, fbidi, fcharset, cpg
  case red, green, blue, listid, levelnfc, levelstartat, ls, ilvl
  case pnlvlblt, pnlvlbody, pnlvl, pndec, pnucltr, pnlcltr, pnucrm, pnlcrm

  // Character formatting.
  case plain, fs, fsmilli, b, i, ul, uldb, ulth, uld, uldash, uldashd, uldashdd, ulw
  case ulwave, ulhwave, ululdbwave, ulthd, ulthdash, ulnone, ulstyle, strike, striked
  case cf, cb, chcbpat, highlight, superscript = "super", `subscript` = "sub", nosupersub, up, dn
  case expnd, expndtw, kerning, outl, strokewidth, strokec, cocoaLigature = "CocoaLigature"
  case shad, obliqueness, expansion, caps, scaps, loch, hich, dbch, af, v

  // Paragraphs and tables.
  case pard, par, sect, page, ql, qc, qr, qj, qd, qnatural, fi, li, ri, sb, sa
  case tx, tqc, tqr, tqdec, intbl, trowd, cell, row, nestcell, nestrow, chftn
  case slleading, slmaximum, slminimum, sl, slmult, pardeftab, keepn, rtlpar

  // Special characters.
  case tab, line, emdash, endash, bullet, lquote, rquote, ldblquote, rdblquote
  case emspace, enspace, qmspace, zwj, zwnj, ltrmark, rtlmark

  /// Looks up the control word spelled by `bytes[start..<end]` (ASCII letters).
  static func lookUp(_ bytes: [UInt8], _ start: Int, _ end: Int) -> RTFKeyword? {
    guard let entry = table[hash(bytes, start, end)] else { return nil }
    // A different word can share the hash: compare the spelling.
    let spelling = entry.spelling
    guard spelling.count == end - start else { return nil }
    var index = start
    for letter in spelling {
      if bytes[index] != letter { return nil }
      index += 1
    }
    return entry.keyword
  }

  /// FNV-1a over the word's letters.
  static func hash(_ bytes: [UInt8], _ start: Int, _ end: Int) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for index in start..<end {
      value = (value ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01b3
    }
    return value
  }

  private struct Entry {
    let keyword: RTFKeyword
    let spelling: [UInt8]
  }

  /// Every keyword by the hash of its spelling. The keyword list has no two
  /// spellings with the same hash (a test checks it).
  private static let table: [UInt64: Entry] = {
    var table: [UInt64: Entry] = [:]
    for keyword in allCases {
      let spelling = Array(keyword.rawValue.utf8)
      table[hash(spelling, 0, spelling.count)] = Entry(keyword: keyword, spelling: spelling)
    }
    return table
  }()
}
