/// Generates Word-style RTF files of a given size, as bytes: Word's header (font
/// table with panose, colour table, style sheet, rsid table, info) and paragraphs of
/// runs in `{\rtlch\fcs1 \af… \ltrch\fcs0 \insrsid… \hich\af…\dbch\af…\loch\f… text}`
/// groups, with `\'hh` for accented letters and `\uN\'3f` for the rest, as Word
/// writes them. Deterministic (SplitMix64 from a fixed seed).
struct WordRTFGenerator {
  private var random = SeededGenerator(seed: 0x30D5)

  private mutating func next(_ bound: Int) -> Int {
    Int(random.next() % UInt64(bound))
  }

  private static let words = [
    "note", "milk", "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog",
    "caf\\'e9", "na\\'efve", "r\\'e9sum\\'e9", "stra\\'dfe", "\\u26085\\'3f\\u26412\\'3f",
    "\\u1055\\'3f\\u1088\\'3f\\u1080\\'3f", "\\'97", "\\'93quoted\\'94", "meeting",
    "tomorrow", "at", "10:00", "\\{braces\\}", "back\\\\slash", "tab\\tab here",
  ]

  private static let header = #"""
    {\rtf1\adeflang1025\ansi\ansicpg1252\uc1\adeff31507\deff0\stshfdbch31505\stshfloch31506\stshfhich31506\stshfbi31507\deflang1033\deflangfe1033\themelang1033\themelangfe0\themelangcs0{\fonttbl{\f0\fbidi \froman\fcharset0\fprq2{\*\panose 02020603050405020304}Times New Roman;}
    {\f34\fbidi \froman\fcharset0\fprq2{\*\panose 02040503050406030204}Cambria Math;}{\f31505\fbidi \froman\fcharset0\fprq2{\*\panose 02020603050405020304}Times New Roman;}
    {\f31506\fbidi \fswiss\fcharset0\fprq2{\*\panose 020f0502020204030204}Calibri;}{\f31507\fbidi \froman\fcharset0\fprq2{\*\panose 02020603050405020304}Times New Roman;}}
    {\colortbl;\red0\green0\blue0;\red0\green0\blue255;\red255\green0\blue0;\red5\green99\blue193;}{\*\defchp \fs22\loch\af31506\hich\af31506\dbch\af31505 }{\*\defpap \ql \li0\ri0\sa160\sl259\slmult1
    \widctlpar\wrapdefault\aspalpha\aspnum\faauto\adjustright\rin0\lin0\itap0 }\noqfpromote {\stylesheet{\ql \li0\ri0\sa160\sl259\slmult1\widctlpar\wrapdefault\aspalpha\aspnum\faauto\adjustright\rin0\lin0\itap0 \rtlch\fcs1 \af31507\afs22\alang1025 \ltrch\fcs0
    \fs22\lang1033\langfe1033\loch\f31506\hich\af31506\dbch\af31505\cgrid\langnp1033\langfenp1033 \snext0 \sqformat \spriority0 Normal;}{\*\cs10 \additive \ssemihidden \sunhideused \spriority1 Default Paragraph Font;}}
    {\*\rsidtbl \rsid9258424\rsid12345678}{\mmathPr\mmathFont34\mbrkBin0\mbrkBinSub0\msmallFrac0\mdispDef1\mlMargin0\mrMargin0\mdefJc1\mwrapIndent1440\mintLim0\mnaryLim1}{\info{\author Bench}{\operator Bench}
    {\creatim\yr2026\mo12\dy1\hr10\min0}{\version1}{\edmins1}{\nofpages1}{\nofwords1}{\nofchars1}{\vern1}}{\*\xmlnstbl {\xmlns1 http://schemas.microsoft.com/office/word/2003/wordml}}
    \paperw12240\paperh15840\margl1440\margr1440\margt1440\margb1440\gutter0\ltrsect
    \widowctrl\ftnbj\aenddoc\trackmoves0\trackformatting1\donotembedsysfont1\relyonvml0\donotembedlingdata0\grfdocevents0\validatexml1\showplaceholdtext0\ignoremixedcontent0\saveinvalidxml0\showxmlerrors1
    \noxlattoyen\expshrtn\noultrlspc\dntblnsbdb\nospaceforul\formshade\horzdoc\dgmargin\dghspace180\dgvspace180\dghorigin1440\dgvorigin1440\dghshow1\dgvshow1
    \jexpand\viewkind1\viewscale100\pgbrdrhead\pgbrdrfoot\splytwnine\ftnlytwnine\htmautsp\nolnhtadjtbl\useltbaln\alntblind\lytcalctblwd\lyttblrtgr\lnbrkrule\nobrkwrptbl\snaptogridincell\allowfieldendsel\wrppunct
    \asianbrkrule\rsidroot9258424\newtblstyruls\nogrowautofit\usenormstyforlist\noindnmbrts\felnbrelev\nocxsptable\indrmargin\hwelev\spltpgpar\notcvasp\notbrkcnstfrctbl\notvatxbx\krnprsnet\cachedcolbal \nouicompat \fet0
    {\*\wgrffmtfilter 2450}\nofeaturethrottle1\ilfomacatclm0\ltrpar \sectd \ltrsect\linex0\endnhere\sectlinegrid360\sectdefaultcl\sftnbj
    """#

  /// Word RTF of about `approximateBytes` bytes.
  mutating func rtf(approximateBytes: Int) -> [UInt8] {
    var out = Array(Self.header.utf8)
    out.reserveCapacity(approximateBytes + 4096)
    let paragraphStart = Array(
      (#"\pard\plain \ltrpar\ql \li0\ri0\sa160\sl259\slmult1\widctlpar\wrapdefault\aspalpha\aspnum\faauto"#
        + #"\adjustright\rin0\lin0\itap0 \rtlch\fcs1 \af31507\afs22\alang1025 \ltrch\fcs0 \fs22\lang1033"#
        + #"\langfe1033\loch\f31506\hich\af31506\dbch\af31505\cgrid\langnp1033\langfenp1033 "#).utf8)
    let runStyles = [
      #"{\rtlch\fcs1 \af31507 \ltrch\fcs0 \insrsid9258424 \hich\af31506\dbch\af31505\loch\f31506 "#,
      #"{\rtlch\fcs1 \ab\af31507 \ltrch\fcs0 \b\insrsid9258424 \hich\af31506\dbch\af31505\loch\f31506 "#,
      #"{\rtlch\fcs1 \ai\af31507 \ltrch\fcs0 \i\cf3\insrsid12345678 \hich\af31506\dbch\af31505\loch\f31506 "#,
      #"{\rtlch\fcs1 \af31507 \ltrch\fcs0 \ul\cf2\insrsid12345678 \hich\af31506\dbch\af31505\loch\f31506 "#,
    ].map { Array($0.utf8) }
    while out.count < approximateBytes {
      out += paragraphStart
      let runs = 1 + next(6)
      for run in 0..<runs {
        out += runStyles[next(runStyles.count)]
        for _ in 0..<(3 + next(12)) {
          out += Self.words[next(Self.words.count)].utf8
          out.append(UInt8(ascii: " "))
        }
        // Word ends a paragraph inside its last run's group.
        out += (run == runs - 1 ? #"\par }"# : "}").utf8
      }
      out.append(UInt8(ascii: "\n"))
    }
    out += "}\n".utf8
    return out
  }
}
