#!/usr/bin/env python3
"""rdna4_gen_desc.py - extract the RDNA4 opcode description from the ISA guide.

    python3 scripts/rdna4_gen_desc.py [SPEC] [-o OUT] [--check]

Reads shared/specs/rdna4-isa.md (the AMD "RDNA4" ISA guide converted to
markdown) and writes model/rdna4/rdna4.def, the one declarative
description of every RDNA4 opcode row: format, opcode number, mnemonic,
flags and operand list.  --check compares with the checked-in file instead
of writing it (exit status 1 when they differ).

Where the rows come from
  * format, opcode number and name: the Chapter 15 opcode tables
    ("Table NN. <FMT> Opcodes").  The VGLOBAL table lost its left-hand
    number column in the conversion; those numbers come from the Chapter 16
    instruction titles ("GLOBAL_LOAD_B96 22").  Every number taken from a
    table is cross-checked against its Chapter 16 title.
  * operand data types: the Chapter 16 pseudocode of each instruction
    (S0.u64, D0.f16, S1[4 : 0].u32, ...): the widest typed use of a source
    decides its register count (32/64 bits) and its constant flavour
    (integer, F16, F32, F64; I64 sign-extends a 32-bit literal, guide §4.1
    L1648-1661).
  * operand lists: per-format rules below, plus the named exceptions in
    OVERRIDES (each with the reason).

Python 3 standard library only.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_SPEC = os.path.join(os.path.dirname(ROOT), "shared", "specs", "rdna4-isa.md")
if not os.path.exists(DEFAULT_SPEC):
    DEFAULT_SPEC = "/work/shared/specs/rdna4-isa.md"
DEFAULT_OUT = os.path.join(ROOT, "model", "rdna4", "rdna4.def")

# Chapter 15 table title -> our format name.
TABLES = {
    "SOP2": "SOP2", "SOPK": "SOPK", "SOP1": "SOP1", "SOPC": "SOPC", "SOPP": "SOPP",
    "SMEM": "SMEM", "VOP2": "VOP2", "VOP1": "VOP1", "VOPC": "VOPC", "VOP3": "VOP3",
    "VOP3SD": "VOP3SD", "VOP3P": "VOP3P", "VINTERP": "VINTERP", "VDSDIR": "VDSDIR",
    "DS": "VDS", "VBUFFER": "VBUFFER", "VIMAGE": "VIMAGE", "VSAMPLE": "VSAMPLE",
    "VFLAT": "VFLAT", "VGLOBAL": "VGLOBAL", "VSCRATCH": "VSCRATCH",
}
FORMAT_ORDER = ["SOP2", "SOPK", "SOP1", "SOPC", "SOPP", "SMEM", "VOP2", "VOP1", "VOPC",
                "VOP3", "VOP3SD", "VOP3P", "VOPDX", "VOPDY", "VINTERP", "VDSDIR", "VDS",
                "VBUFFER", "VIMAGE", "VSAMPLE", "VFLAT", "VGLOBAL", "VSCRATCH", "VEXPORT"]
# Counts the digest (seed-rdna4.md Appendix A) gives; a mismatch stops the generator.
EXPECT = {"SOP2": 74, "SOPK": 9, "SOP1": 85, "SOPC": 46, "SOPP": 40, "SMEM": 26,
          "VOP2": 49, "VOP1": 90, "VOPC": 162, "VOP3": 434, "VOP3SD": 10, "VOP3P": 56,
          "VOPDX": 14, "VOPDY": 17, "VINTERP": 6, "VDSDIR": 2, "VDS": 123,
          "VBUFFER": 89, "VIMAGE": 33, "VSAMPLE": 58, "VFLAT": 55, "VGLOBAL": 65,
          "VSCRATCH": 24, "VEXPORT": 1}
# Chapter 16 sections: heading text -> format whose titles it holds.
SECTIONS = [("16.1. SOP2", "SOP2"), ("16.2. SOPK", "SOPK"), ("16.3. SOP1", "SOP1"),
            ("16.4. SOPC", "SOPC"), ("16.5. SOPP", "SOPP"), ("16.6. SMEM", "SMEM"),
            ("16.7. VOP2", "VOP2"), ("16.8. VOP1", "VOP1"), ("16.9. VOPC", "VOPC"),
            ("16.10. VOP3P", "VOP3P"), ("16.11. VOPD", "VOPD"),
            ("16.12. VOP3", "VOP3"), ("16.13. VINTERP", "VINTERP"),
            ("16.14. Parameter", "VDSDIR"), ("16.15. VDS", "VDS"),
            ("16.16. VBUFFER", "VBUFFER"), ("16.17. VIMAGE", "VIMAGE"),
            ("16.18. VSAMPLE", "VSAMPLE"), ("16.19. VEXPORT", "VEXPORT"),
            ("16.20. FLAT", "VFLAT"), ("16.20.2. VSCRATCH", "VSCRATCH"),
            ("16.20.3. VGLOBAL", "VGLOBAL")]


def die(msg):
    sys.stderr.write("rdna4_gen_desc: " + msg + "\n")
    sys.exit(2)


def read_spec(path):
    with open(path, encoding="utf-8") as f:
        return [l.rstrip("\n").replace("\\_", "_") for l in f]


def chapter_bounds(lines):
    c15 = c16 = None
    for i, l in enumerate(lines):
        if "Chapter 15. Microcode Formats" in l and l.startswith("#"):
            c15 = i
        if "Chapter 16. Instructions" in l and l.startswith("#"):
            c16 = i
    if c15 is None or c16 is None:
        die("cannot find chapters 15/16")
    return c15, c16


NAME_RE = r"[A-Z][A-Z0-9_]*[A-Z0-9]"


def parse_tables(lines, c15, c16):
    """Chapter 15 opcode tables -> {fmt: {op: NAME}}, plus names without numbers."""
    tabs = {}
    unnumbered = {}
    i = c15
    while i < c16:
        m = re.match(r"^(?:#+ )?Table \d+\. (\S+) Opcodes\s*$", lines[i])
        if m and m.group(1) in TABLES:
            fmt = TABLES[m.group(1)]
            ops = tabs.setdefault(fmt, {})
            j = i + 1
            blank = 0
            while j < c16:
                l = lines[j]
                if re.match(r"^(#|Table \d+)", l) or "**Description**" in l:
                    break
                if l.startswith("|"):
                    cells = [c.strip() for c in l.strip().strip("|").split("|")]
                    k = 0
                    while k < len(cells):
                        c = cells[k]
                        if re.fullmatch(r"\d+", c) and k + 1 < len(cells) and \
                                re.fullmatch(NAME_RE, cells[k + 1]):
                            ops[int(c)] = cells[k + 1]
                            k += 2
                            continue
                        if re.fullmatch(NAME_RE, c) and c not in ("Name",):
                            unnumbered.setdefault(fmt, []).append(c)
                        k += 1
                j += 1
            i = j
            continue
        i += 1
    # VOPD X/Y tables: "| 0 V_DUAL_FMAC_F32 | 7 | V_DUAL_MUL_DX9_ZERO_F32 |" (mixed layout)
    for fmt, title in (("VOPDX", "VOPD X-Opcodes"), ("VOPDY", "VOPD Y-Opcodes")):
        start = next(k for k in range(c15, c16) if title in lines[k])
        ops = tabs.setdefault(fmt, {})
        for l in lines[start + 1:start + 20]:
            if l.startswith("#"):
                break
            for m in re.finditer(r"(\d+)\s*\|?\s*(V_DUAL_[A-Z0-9_]+)", l):
                ops[int(m.group(1))] = m.group(2)
    return tabs, unnumbered


def parse_titles(lines, c16, names_by_fmt):
    """Chapter 16: {section_fmt: [(name, number, first_line, last_line)]}."""
    heads = []
    for i in range(c16, len(lines)):
        l = lines[i]
        if not l.startswith("#"):
            continue
        for key, fmt in SECTIONS:
            if ("**" + key) in l:
                heads.append((i, fmt))
    heads.sort()
    allnames = set()
    for d in names_by_fmt.values():
        allnames |= set(d)
    title_pats = [
        re.compile(r"^[#\s]*\**\s*(" + NAME_RE + r")\s+(\d+)\s*\**\s*$"),
        re.compile(r"^\|\s*(" + NAME_RE + r")(?:<br>.*)?\s*\|\s*(\d+)\s*\|"),
        re.compile(r"^\|\s*(" + NAME_RE + r")\s*\|\s*(\d+)\s*\|"),
    ]
    out = {}
    for h, (start, fmt) in enumerate(heads):
        end = heads[h + 1][0] if h + 1 < len(heads) else len(lines)
        found = []
        for i in range(start, end):
            for p in title_pats:
                m = p.match(lines[i])
                if m and m.group(1) in allnames:
                    found.append((m.group(1), int(m.group(2)), i))
                    break
        rows = []
        for k, (n, num, i) in enumerate(found):
            e = found[k + 1][2] if k + 1 < len(found) else end
            rows.append((n, num, i, e))
        out.setdefault(fmt, []).extend(rows)
    return out


TYPE_RE = re.compile(r"\b(S0|S1|S2|D0|D1|SRC0|SRC1|SRC2|VDATA|SDATA)((?:\s*\[[^\]]*\])?)\.([uibf])(\d+)\b")


def infer_types(text):
    """Pseudocode -> {operand: (kind_letter, bits)} using the widest typed use."""
    res = {}
    for m in TYPE_RE.finditer(text):
        opd, sl, k, n = m.group(1), m.group(2), m.group(3), int(m.group(4))
        if opd.startswith("SRC"):
            opd = "S" + opd[3]
        width = n if not sl.strip() else 32  # a bit-slice of a register: register is 32-bit
        if sl.strip():
            # slices like S0[63 : 32] imply a 64-bit register
            nums = [int(x) for x in re.findall(r"\d+", sl)]
            if nums and max(nums) >= 32:
                width = 64
        old = res.get(opd)
        kind = k
        if old is None:
            res[opd] = (kind, width, n)
        else:
            ok, ow, on = old
            # float beats integer (constants are float-typed); wider register beats narrower
            nk = ok if ok == "f" else kind
            nw = max(ow, width)
            nn = on if ok == "f" and kind != "f" else (n if kind == "f" else max(on, n))
            res[opd] = (nk, nw, nn)
    return res


def type_name(t, default="B32"):
    """(kind, regwidth, elemwidth) -> description type name."""
    if t is None:
        return default
    k, w, n = t
    if k == "f":
        if n == 64 or w == 64:
            return "F64"
        if n == 16:
            return "F16"
        if n == 32:
            return "F32"
        return "F32"
    if w == 64 or n == 64:
        return "I64" if k == "i" else "B64"
    return "B32"


# Chapter 15 field tables: "Table NN. <X> Fields" -> formats they describe.
FIELD_TABLES = {"SOP2": ["SOP2"], "SOPK": ["SOPK"], "SOP1": ["SOP1"], "SOPC": ["SOPC"],
                "SOPP": ["SOPP"], "SMEM": ["SMEM"], "VOP2": ["VOP2"], "VOP1": ["VOP1"],
                "VOPC": ["VOPC"], "VOP3": ["VOP3"], "VOP3SD": ["VOP3SD"], "VOP3P": ["VOP3P"],
                "VOPD": ["VOPD"], "DPP16": ["DPP16"], "DPP8": ["DPP8"], "VINTERP": ["VINTERP"],
                "VDSDIR": ["VDSDIR"], "DS": ["VDS"], "VBUFFER": ["VBUFFER"],
                "VIMAGE": ["VIMAGE"], "VSAMPLE": ["VSAMPLE"],
                "FLAT, GLOBAL and SCRATCH": ["VFLAT", "VGLOBAL", "VSCRATCH"],
                "VEXPORT": ["VEXPORT"]}

# Conversion faults of the field tables, each decided in model/rdna4/README.md.
FIELD_FIXUPS = {
    # digest §7 A4: VOP1 OP listed as [15:9] leaving bit 16 unassigned (L6838)
    ("VOP1", "OP"): (16, 9),
    # digest §7 A5: VINTERP ENCODING written "[31:26] 'b11001101" (L7694); 8-bit value
    ("VINTERP", "ENCODING"): (31, 24),
    # digest §7 A7: VIMAGE VADDR4 written "[56:63]" (L7946)
    ("VIMAGE", "VADDR4"): (63, 56),
    # FLAT/GLOBAL/SCRATCH OP written "[20:13]" (Table 117, L8073) while VBUFFER, VIMAGE
    # and VSAMPLE have OP [21:14] (L7858, L7938, L7995); LLVM gfx12 (the stated syntax and
    # encoder) places the FLAT opcode at [21:14] too (global_load_u8 = 0xee04....).
    ("VFLAT", "OP"): (21, 14),
    ("VGLOBAL", "OP"): (21, 14),
    ("VSCRATCH", "OP"): (21, 14),
}


def parse_fields(lines, c15, c16):
    """-> {fmt: [(NAME, hi, lo, encoding_value_or_None)]} from the Ch.15 field tables."""
    out = {}
    for i in range(c15, c16):
        m = re.match(r"^(?:#+ )?Table \d+\. (.+) Fields\s*$", lines[i])
        if not m or m.group(1) not in FIELD_TABLES:
            continue
        fmts = FIELD_TABLES[m.group(1)]
        fields = []
        j = i + 1
        while j < c16:
            l = lines[j]
            if re.match(r"^(?:#+ )?Table \d+\.", l) or l.startswith("# ") or "Opcode #" in l:
                break
            if l.startswith("|"):
                cells = [c.strip() for c in l.strip().strip("|").split("|")]
                if len(cells) >= 2:
                    names = [x.strip() for x in cells[0].split("<br>")]
                    bits = [x.strip() for x in re.findall(r"\[\s*\d+\s*(?::\s*\d+\s*)?\]", cells[1])]
                    descs = cells[2].split("<br>") if len(cells) > 2 else []
                    names = [n for n in names if re.fullmatch(r"[A-Z][A-Z0-9_]*", n)]
                    for k, n in enumerate(names):
                        if k >= len(bits):
                            break
                        nums = [int(x) for x in re.findall(r"\d+", bits[k])]
                        hi, lo = (nums[0], nums[-1])
                        if hi < lo:
                            hi, lo = lo, hi
                        enc = None
                        if n == "ENCODING":
                            em = re.search(r"'b([01_]+)", cells[2] if len(cells) > 2 else "")
                            if em:
                                enc = int(em.group(1).replace("_", ""), 2)
                        fields.append((n, hi, lo, enc))
            j += 1
        for f in fmts:
            fl = []
            seen = set()
            for (n, hi, lo, enc) in fields:
                if n in seen:
                    continue
                seen.add(n)
                if (f, n) in FIELD_FIXUPS:
                    hi, lo = FIELD_FIXUPS[(f, n)]
                fl.append((n, hi, lo, enc))
            out[f] = fl
    return out


def parse_opsel_table(lines):
    """-> list of compiled regexes from "Table 35. Opcodes usable with OPSEL" (§7.2.2.3):
    cells like V_CMP*_{I16,U16,F16} or V_MIN*16 ('*' any text, {a, b} alternatives)."""
    start = next(i for i, l in enumerate(lines) if re.match(r"^Table \d+\. Opcodes usable with OPSEL", l))
    pats = []
    i = start + 1
    while i < len(lines) and not lines[i].startswith("# "):
        l = lines[i]
        if l.startswith("|") and not re.match(r"^\|[-| ]+\|\s*$", l):
            for cell in l.strip().strip("|").split("|"):
                cell = cell.strip()
                if not re.fullmatch(r"V_[A-Z0-9_*{}, ]+", cell):
                    continue
                m = re.search(r"\{([^}]*)\}", cell)
                alts = [a.strip() for a in m.group(1).split(",")] if m else [None]
                for a in alts:
                    c = cell if a is None else cell[:m.start()] + a + cell[m.end():]
                    pats.append(re.compile("^" + re.escape(c).replace(r"\*", ".*") + "$"))
        i += 1
    if len(pats) < 60:
        die("OPSEL table: only %d patterns" % len(pats))
    return pats


# Opcodes whose OPSEL bits have another meaning (digest §3.2, §3.13): PERMLANE16/X16
# (OPSEL[0] = FI, [1] = BOUND_CTRL, L21246), FP8/BF8 byte selects (L14276-14345,
# L22707-22800), pseudo-scalar F16 transcendentals (OPSEL[3] must be 0: flag OPSEL3Z).
def operand_classes(fmt, name):
    """Sources that must be VGPRs (VGPRn) or must not be (SCALn), README: decisions E16.
    V_MOVRELS*/V_SWAPREL index VGPRs (Table 40 L3519-3524); V_SWAP_* swap two VGPRs (L851);
    V_READFIRSTLANE/V_READLANE read a "vgpr#", V_READLANE/V_WRITELANE's lane select is an
    SGPR, M0 or inline constant, V_WRITELANE's data an SGPR, constant or M0 (Table 36
    L2739-2741); V_PERMLANE16/X16: "the first source must be a VGPR and the second and
    third sources must be scalar values" (L21245), the _VAR forms: "both source operands
    must be VGPRs" (L22048); VINTERP sources: VGPR 0-255 only (Table 105 L7693)."""
    if fmt == "VINTERP":
        return ["VGPR0", "VGPR1", "VGPR2"]
    if fmt not in ("VOP1", "VOP3"):
        return []
    if re.match(r"^V_(MOVRELS_B32|MOVRELSD_B32|MOVRELSD_2_B32|SWAPREL_B32|SWAP_B32|SWAP_B16|"
                r"READFIRSTLANE_B32|PERMLANE64_B32)$", name):
        return ["VGPR0"]
    if name == "V_READLANE_B32":
        return ["VGPR0", "LANESEL"]
    if name == "V_WRITELANE_B32":
        return ["SCAL0", "LANESEL"]
    if re.match(r"^V_PERMLANEX?16_B32$", name):
        return ["VGPR0", "SCAL1", "SCAL2"]
    if re.match(r"^V_PERMLANEX?16_VAR_B32$", name):
        return ["VGPR0", "VGPR1"]
    if fmt == "VOP3" and name.startswith("V_S_"):
        # pseudo-scalar transcendentals: "both the source and destination are SGPRs"
        # (§7.10 L3492); llvm-mc 22: SReg_32 (README: decisions E20)
        return ["SCAL0"]
    return []


# VOP3 opcode-table rows that have no VOP3 form: V_READFIRSTLANE_B32 (386 in Table 94
# L7382; Table 36 L2740 lists it as VOP1 only, llvm-mc 22 "e64 variant of this
# instruction is not supported"; README: decisions E20)
NO_E64 = ("V_READFIRSTLANE_B32",)


def no_dpp(fmt, name, wide):
    """Table 38 (§7.9 L3386-3418): opcodes that may not use DPP."""
    if fmt in ("VOP1", "VOP2", "VOPC", "VOP3", "VOP3SD") and wide:
        return True                                  # "All 64-bit opcodes"
    if fmt == "VOP1":
        return re.match(r"^V_(READFIRSTLANE_B32|SWAP|NOP$|PERMLANE)", name) is not None
    if fmt == "VOP2":
        # V_PK_FMAC_F16: LLVM 22 has no DPP form (README: decisions E17)
        return re.match(r"^V_(FMA(MK|AK)_F(32|16)|PK_FMAC_F16)$", name) is not None
    if fmt == "VOP3P":
        return re.match(r"^V_(DOT4_I32_IU8|DOT4_U32_U8|DOT8_I32_IU4|DOT8_U32_U4|PK_|WMMA_|SWMMAC_)",
                        name) is not None
    if fmt in ("VOP3", "VOP3SD"):
        # V_S_* (scalar transcendentals): LLVM 22 has no DPP form (README: decisions E17)
        # V_READFIRSTLANE_B32: no DPP in VOP1, nor in its VOP3 form (llvm-mc 22 rejects it)
        # V_DIV_SCALE/FMAS/FIXUP_F32: LLVM 22 has no DPP form ("e64_dpp variant of this
        # instruction is not supported"; README: decisions V49)
        # V_FMA_DX9_ZERO_F32: llvm-mc 22 "e64_dpp variant of this instruction is not
        # supported" (README: decisions E17)
        return re.match(r"^V_(CVT_PK_F32_|MUL_LO_U32$|MUL_HI_(U32|I32)$|QSAD_PK_|MQSAD_|READ(FIRST)?LANE|"
                        r"WRITELANE|PERMLANE|SWAP|S_|DIV_(SCALE|FMAS|FIXUP)_F32$|FMA_DX9_ZERO_F32$)", name) is not None
    return False


def no_omod(name, ops):
    """§7.2.3.1 L2843-2860: OMOD only scales half/single/double float results; not
    supported for V_SWAP, V_PERMLANE, DOT2_F16_F16/BF16_BF16, integer and bitwise ops,
    V_CMP*, V_CVT*F32_{BF8,FP8}, DOT4 with BF8/FP8 (packed F16 results ignore it).
    The encoding follows LLVM 22 (README: decisions V55): the float-to-integer
    conversions, FREXP_EXP and CVT_PK_RTZ_F16_F32 have an OMOD operand there (the
    guide: "Integer and packed float 16 results ignore the OMOD setting"), so the bit
    is legal and the model ignores it."""
    if re.match(r"^V_(CVT_(I32|U32)_F(32|64)|CVT_(I16|U16)_F16|CVT_NORM_(I16|U16)_F16|"
                r"FREXP_EXP_(I16_F16|I32_F64)|CVT_PK_RTZ_F16_F32)$", name):
        return False
    if re.match(r"^V_(SWAP|PERMLANE|DOT2_F16_F16|DOT2_BF16_BF16|CMP|CVT_.*F32_(BF8|FP8)|"
                r"DOT4_.*(BF8|FP8))", name):
        return True
    dst = [t for (k, f, t) in ops if k in ("VDST", "SDSTV") and f == "VDST"]
    return not dst or dst[0] not in ("F16", "F32", "F64")


def no_clamp(name, ops):
    """§7.2.3.1 L2872-2882: CLAMP "is not supported for (ignored)": V_PERMLANE*, V_PERM_B32,
    float DOT, V_SWAP*, WMMA, V_ADD3_NC, V_MOV, V_CVT*F32_{BF8,FP8}, V_DOT4_I32_IU8,
    V_DOT4_U32_U8, V_ADD_LSHL, V_ALIGN*, bitwise ops, V_CMP*_CLASS, V_CMP on integers,
    READLANE, READFIRSTLANE, WRITELANE.  Bitwise: logic, bit-field, bit-scan and shifts.
    The encoding follows LLVM 22 (README: decisions V55; model/tests/llvm_rdna4_mods.sh
    checks every row): these rows of the list have a CLAMP operand there, so the bit is
    legal and the model ignores it as the guide says; and these have none although the
    guide lists no exception (V_ADD3_U32, V_LSHL_ADD_U32, V_CNDMASK_B32, and V_NOP,
    V_PIPEFLUSH, which have no result)."""
    if re.match(r"^V_(ALIGNBIT_B32|ALIGNBYTE_B32|PK_(LSHLREV_B16|LSHRREV_B16|ASHRREV_I16)|"
                r"DOT2_F32_(F16|BF16)|DOT4_(I32_IU8|U32_U8)|S?WMMAC?_I32_16X16X\d+_IU(4|8))$", name):
        return False
    if re.match(r"^V_(ADD3_U32|LSHL_ADD_U32|CNDMASK_B32|NOP|PIPEFLUSH)$", name):
        return True
    if re.match(r"^V_(PERMLANE|PERM_B32|SWAP|WMMA_|SWMMAC_|ADD3_NC|MOV|CVT_.*F32_(BF8|FP8)|"
                r"DOT4_I32_IU8|DOT4_U32_U8|ADD_LSHL|ALIGN|CMPX?_CLASS|READLANE|READFIRSTLANE|"
                r"WRITELANE|DOT2_F16_F16|DOT2_BF16_BF16|DOT2_F32_F16|DOT2_F32_BF16|DOT4_F32_|"
                r"AND_|OR_|XOR_|XNOR_|NOT_|NAND_|NOR_|OR3_|XOR3_|AND_OR_|LSHL_OR_|BFI_|BFM_|BFE_|"
                r"BFREV_|LSHLREV_|LSHRREV_|ASHRREV_|PK_LSHLREV_|PK_LSHRREV_|PK_ASHRREV_|CLZ_|"
                r"CTZ_|CLS_)", name):
        return True
    # Integer min/max/median and high/low multiplies cannot leave the range, so CLAMP
    # has no effect; LLVM 22 rejects it (README: decisions E17)
    if re.match(r"^V_((MIN|MAX|MED3|MIN3|MAX3|MINMAX|MAXMIN)_(I32|U32)|MUL_(HI|LO)_(U32|I32)|"
                r"MUL_HI_(U32_U24|I32_I24)|LERP_U8)$", name):
        return True
    # Likewise rejected by LLVM 22 (and out-of-range-free except XAD, whose pseudocode
    # says "no saturation"): 16-bit two-input min/max, MUL_LO_U16, bit counts, XAD, the
    # integer width conversions and V_CNDMASK_B16 (README: decisions E17, V5)
    if re.match(r"^V_((MIN|MAX)_(I16|U16)|MUL_LO_U16|BCNT_U32_B32|MBCNT_(LO|HI)_U32_B32|XAD_U32|"
                r"CVT_PK_(U16_U32|I16_I32)|CVT_(U32_U16|I32_I16)|SAT_PK_U8_I16|CNDMASK_B16)$", name):
        return True
    if re.match(r"^V_CMPX?_", name):           # V_CMP on integers
        src = [t for (k, f, t) in ops if f in ("SRC0", "SRC1", "VSRC1")]
        return not any(t in ("F16", "F32", "F64", "F16P", "BF16", "BF16P") for t in src)
    return False


TYPE_FIX = {("V_CMP_CLASS_F16", ("SRC1", "VSRC1")): "B16",
            ("V_CMPX_CLASS_F16", ("SRC1", "VSRC1")): "B16",
            ("V_CVT_PK_F32_FP8", ("SRC0",)): "B16",
            ("V_CVT_PK_F32_BF8", ("SRC0",)): "B16",
            ("V_CVT_PK_FP8_F32", ("VDST",)): "B16",
            ("V_CVT_PK_BF8_F32", ("VDST",)): "B16",
            # the shift count of the 16-bit shifts is a 16-bit operand (S0[3:0]; llvm-mc
            # 22 takes v2.l/v2.h there and rejects a 32-bit VGPR)
            ("V_LSHLREV_B16", ("SRC0",)): "B16",
            ("V_LSHRREV_B16", ("SRC0",)): "B16",
            ("V_ASHRREV_I16", ("SRC0",)): "B16",
            # the alignment amount (S2[4:0], S2[1:0]) of V_ALIGNBIT/ALIGNBYTE is a 16-bit
            # operand with OPSEL (Table 35): llvm-mc 22 prints it v2.l/v2.h
            ("V_ALIGNBIT_B32", ("SRC2",)): "B16",
            ("V_ALIGNBYTE_B32", ("SRC2",)): "B16"}

# V_DOT2_F16_F16 / V_DOT2_BF16_BF16 (OPSEL[2] = S2 half, OPSEL[3] = D half, L21420);
# V_CVT_I32_I16, the 16-bit-source twin of the listed V_CVT_U32_U16 (README: decision).
OPSEL_EXTRA = re.compile(r"^V_(PERMLANE(X)?16(_VAR)?_B32|CVT_F32_(FP8|BF8)|CVT_SR_(FP8|BF8)_F32|"
                         r"S_[A-Z]+_F16|DOT2_F16_F16|DOT2_BF16_BF16|CVT_I32_I16)$")


def infer_types2(text):
    """Like infer_types, but understands .bf16 / .fp8 / .bf8 element types.
    A destination's type comes from its assignments ("D0.i32 = ...") when there are
    any: S_BCNT0_I32_B64 reads "D0.u64" in its SCC line although D0 is 32-bit."""
    res = {}
    pat = re.compile(r"\b(S0|S1|S2|D0|D1|SRC0|SRC1|SRC2)((?:\s*\[[^\]]*\])?)\.(bf16|fp8|bf8|[uibf]\d+)\b(\s*=(?!=))?")
    dassign = set(m.group(1) for m in pat.finditer(text) if m.group(1).startswith("D") and m.group(4))
    for m in pat.finditer(text):
        opd, sl, t = m.group(1), m.group(2), m.group(3)
        if opd in dassign and not m.group(4):
            continue
        if opd.startswith("SRC"):
            opd = "S" + opd[3]
        if t in ("fp8", "bf8"):
            k, n = "i", 8
        elif t == "bf16":
            k, n = "h", 16
        else:
            k, n = t[0], int(t[1:])
        width = n if n > 32 else 32
        if sl.strip():
            width = slice_width(sl)
        whole = not sl.strip()           # "S0.f16" (a 16-bit operand), not "S0[31:16].f16"
        old = res.get(opd)
        if old is None:
            res[opd] = (k, width, n, whole)
        else:
            ok, ow, on, owh = old
            nk = ok if ok in "fh" else k
            nn = on if ok in "fh" and k not in "fh" else (n if k in "fh" else max(on, n))
            res[opd] = (nk, max(ow, width), nn, owh or whole)
    # Untyped bit slices passed to a helper ("v_msad_u8(S0[55 : 24], ...)", V_MQSAD_*,
    # Chapter 16): the register is as wide as the highest bit read (S0 of V_MQSAD_PK_U16_U8
    # and V_MQSAD_U32_U8 is 64-bit, issue 9)
    for m in re.finditer(r"\b(S0|S1|S2)\s*(\[[^\]]*\])(?!\s*\.)", text):
        opd, width = m.group(1), slice_width(m.group(2))
        old = res.get(opd)
        if old is None:
            res[opd] = ("u", width, 32, False)
        elif width > old[1]:
            res[opd] = (old[0], width, old[2], old[3])
    return res


def slice_width(sl):
    """Register width implied by a bit slice "[hi : lo]": 32, 64 or 128 bits."""
    nums = [int(x) for x in re.findall(r"\d+", sl)]
    hi = max(nums) if nums else 0
    return 128 if hi >= 64 else 64 if hi >= 32 else 32


def tname(t, default="B32"):
    """(kind, regbits, elembits) -> .def type token."""
    if t is None:
        return default
    k, w, n = t[:3]
    whole = t[3] if len(t) > 3 else True
    if k == "f":
        if n == 64:
            return "F64"
        if w == 64:
            return "B64"
        if n == 16:
            # F16: a 16-bit operand (a VGPR half in VALU text); F16P: F16 data in a
            # 32-bit operand read by halves (packed), F16 constants, whole VGPRs
            return "F16" if whole else "F16P"
        return "F32"
    if k == "h":   # BF16P: BF16 data in a 32-bit operand read by halves (as F16P)
        return ("BF16" if whole else "BF16P") if w <= 32 else "B64"
    if w >= 128 or n == 128:
        return "X4"                # a 128-bit register (V_MQSAD_U32_U8 D0.b128, S2[127:96])
    if w >= 64 or n == 64:
        return "I64" if k == "i" else "B64"
    if n == 16 and w <= 32 and whole:
        return "B16"
    return "B32"


def dwords_from_name(name, default=1):
    """B96 -> 3 dwords, B128 -> 4, U64/I64/F64 -> 2, _XYZ -> 3, ..."""
    m = re.search(r"_[BUIF](\d+)(?:_|$)", name)
    if m:
        bits = int(m.group(1))
        return max(1, bits // 32)
    m = re.search(r"_FORMAT_(X|XY|XYZ|XYZW)$", name)
    if m:
        return len(m.group(1))
    return default


class Row:
    def __init__(self, fmt, op, name):
        self.fmt, self.op, self.name = fmt, op, name
        self.flags = []
        self.ops = []        # (kind, field, type)
        self.exec = None     # exec column (bind_exec)

    def add(self, kind, field, typ):
        # B16 (a 16-bit integer VGPR half) is a VALU notion; SALU reads 32-bit SGPRs
        if typ == "B16" and self.fmt in ("SOP1", "SOP2", "SOPC", "SOPK", "SOPP", "SMEM"):
            typ = "B32"
        self.ops.append((kind, field, typ))


# --------------------------------------------------------------- scalar rules
SOPP_KIND = {
    "S_NOP": "SIMM_INL", "S_SETKILL": "SIMM_INL", "S_SETHALT": "SIMM_INL",
    "S_SLEEP": "SIMM_INL", "S_CLAUSE": "SIMM_HEX", "S_DELAY_ALU": "SIMM_DELAY",
    "S_WAIT_ALU": "SIMM_DEPCTR", "S_WAITCNT": "SIMM_WAITCNT", "S_WAIT_IDLE": None,
    "S_WAIT_EVENT": "SIMM_HEX", "S_TRAP": "SIMM_INL", "S_ROUND_MODE": "SIMM_HEX",
    "S_DENORM_MODE": "SIMM_INL", "S_BARRIER_WAIT": "SIMM_INL", "S_CODE_END": None,
    "S_BRANCH": "SIMM_BR", "S_CBRANCH_SCC0": "SIMM_BR", "S_CBRANCH_SCC1": "SIMM_BR",
    "S_CBRANCH_VCCZ": "SIMM_BR", "S_CBRANCH_VCCNZ": "SIMM_BR", "S_CBRANCH_EXECZ": "SIMM_BR",
    "S_CBRANCH_EXECNZ": "SIMM_BR", "S_ENDPGM": "SIMM_OPT", "S_ENDPGM_SAVED": None,
    "S_WAKEUP": None, "S_SETPRIO": "SIMM_INL", "S_SENDMSG": "SIMM_MSG",
    "S_SENDMSGHALT": "SIMM_MSG", "S_INCPERFLEVEL": "SIMM_INL", "S_DECPERFLEVEL": "SIMM_INL",
    "S_ICACHE_INV": None,
    "S_WAIT_LOADCNT": "SIMM_HEX", "S_WAIT_STORECNT": "SIMM_HEX", "S_WAIT_SAMPLECNT": "SIMM_HEX",
    "S_WAIT_BVHCNT": "SIMM_HEX", "S_WAIT_EXPCNT": "SIMM_HEX", "S_WAIT_DSCNT": "SIMM_HEX",
    "S_WAIT_KMCNT": "SIMM_HEX", "S_WAIT_LOADCNT_DSCNT": "SIMM_HEX",
    "S_WAIT_STORECNT_DSCNT": "SIMM_HEX",
}


def scalar_rows(fmt, op, name, ty):
    r = Row(fmt, op, name)
    d = tname(ty.get("D0"))
    s0 = tname(ty.get("S0"))
    s1 = tname(ty.get("S1"))
    if fmt == "SOP2":
        if name == "S_FMAAK_F32":
            r.flags.append("LIT")
            r.add("SDST", "SDST", "F32"); r.add("SSRC", "SSRC0", "F32")
            r.add("SSRC", "SSRC1", "F32"); r.add("LIT", "NONE", "F32")
        elif name == "S_FMAMK_F32":
            r.flags.append("LIT")
            r.add("SDST", "SDST", "F32"); r.add("SSRC", "SSRC0", "F32")
            r.add("LIT", "NONE", "F32"); r.add("SSRC", "SSRC1", "F32")
        else:
            r.add("SDST", "SDST", d); r.add("SSRC", "SSRC0", s0); r.add("SSRC", "SSRC1", s1)
    elif fmt == "SOPC":
        r.add("SSRC", "SSRC0", s0); r.add("SSRC", "SSRC1", s1)
    elif fmt == "SOP1":
        if name == "S_GETPC_B64":
            r.add("SDST", "SDST", "B64")
        elif name in ("S_SETPC_B64", "S_RFE_B64"):
            r.add("SSRC", "SSRC0", "B64")
        elif name == "S_SWAPPC_B64":
            r.add("SDST", "SDST", "B64"); r.add("SSRC", "SSRC0", "B64")
        elif name in ("S_SENDMSG_RTN_B32", "S_SENDMSG_RTN_B64"):
            r.add("SDST", "SDST", "B64" if name.endswith("B64") else "B32")
            r.add("MSGRTN", "SSRC0", "B32")
        elif name in ("S_BARRIER_SIGNAL", "S_BARRIER_SIGNAL_ISFIRST"):
            # barrier id: an integer inline constant; M0 is "reserved" (digest §7 B8)
            r.flags.append("BARID")
            r.add("SSRC", "SSRC0", "B32")
        elif name in ("S_ALLOC_VGPR", "S_SLEEP_VAR"):
            r.add("SSRC", "SSRC0", "B32")
        elif name == "S_GET_BARRIER_STATE":
            # barrier id: M0[4:0] or an integer inline constant (Table 25 L2087)
            r.flags.append("BARID")
            r.add("SDST", "SDST", "B32"); r.add("SSRC", "SSRC0", "B32")
        elif name in ("S_MOVRELS_B64", "S_MOVRELD_B64"):
            # pseudocode indexes SGPR[addr].b64 from the raw SRC0/DST field
            r.add("SDST", "SDST", "B64"); r.add("SSRC", "SSRC0", "B64")
            if name == "S_MOVRELS_B64":
                r.flags.append("REGSRC")
        elif name in ("S_MOVRELS_B32", "S_MOVRELSD_2_B32"):
            # the source field is an SGPR address to index, not a value (L10081, L10140)
            r.flags.append("REGSRC")
            r.add("SDST", "SDST", "B32"); r.add("SSRC", "SSRC0", "B32")
        else:
            r.add("SDST", "SDST", d); r.add("SSRC", "SSRC0", s0)
    elif fmt == "SOPK":
        if name in ("S_MOVK_I32", "S_CMOVK_I32", "S_ADDK_CO_I32", "S_MULK_I32"):
            r.add("SDST", "SDST", "B32"); r.add("SIMM_HEX", "SIMM16", "B32")
        elif name == "S_VERSION":
            r.add("SIMM_VER", "SIMM16", "B32")
        elif name == "S_GETREG_B32":
            r.add("SDST", "SDST", "B32"); r.add("SIMM_HWREG", "SIMM16", "B32")
        elif name == "S_SETREG_B32":
            r.add("SIMM_HWREG", "SIMM16", "B32"); r.add("SDSTSRC", "SDST", "B32")
        elif name == "S_SETREG_IMM32_B32":
            r.flags.append("LIT")
            r.add("SIMM_HWREG", "SIMM16", "B32"); r.add("LIT", "NONE", "B32")
        elif name == "S_CALL_B64":
            r.add("SDST", "SDST", "B64"); r.add("SIMM_BR", "SIMM16", "B32")
        else:
            die("no SOPK rule for " + name)
    elif fmt == "SOPP":
        if name not in SOPP_KIND:
            die("no SOPP rule for " + name)
        k = SOPP_KIND[name]
        if k:
            r.add(k, "SIMM16", "B32")
    return r


def smem_row(op, name):
    r = Row("SMEM", op, name)
    if name.startswith("S_LOAD_") or name.startswith("S_BUFFER_LOAD_"):
        n = dwords_from_name(name, 1)
        t = "B32" if n == 1 else ("B64" if n == 2 else "X%d" % n)
        r.add("SM_SDATA", "SDATA", t)
        r.add("SM_SBASE", "SBASE", "X4" if name.startswith("S_BUFFER") else "B64")
        r.add("SM_OFF", "IOFFSET", "B32")
    elif name == "S_DCACHE_INV":
        pass
    elif name in ("S_PREFETCH_INST", "S_PREFETCH_DATA", "S_BUFFER_PREFETCH_DATA"):
        r.add("SM_SBASE", "SBASE", "X4" if name.startswith("S_BUFFER") else "B64")
        r.add("SM_IOFF", "IOFFSET", "B32"); r.add("SM_SOFF", "SOFFSET", "B32")
        r.add("SM_LEN", "SDATA", "B32")
    elif name in ("S_PREFETCH_INST_PC_REL", "S_PREFETCH_DATA_PC_REL"):
        r.add("SM_IOFF", "IOFFSET", "B32"); r.add("SM_SOFF", "SOFFSET", "B32")
        r.add("SM_LEN", "SDATA", "B32")
    else:
        die("no SMEM rule for " + name)
    return r


# ---------------------------------------------------------------- vector ALU rules
CARRY_CI = ("V_ADD_CO_CI_U32", "V_SUB_CO_CI_U32", "V_SUBREV_CO_CI_U32")


def srcs_used(ty):
    return [s for s in ("S0", "S1", "S2") if s in ty]


def vop2_ops(r, name, ty, vop3=False):
    d, s0, s1 = tname(ty.get("D0")), tname(ty.get("S0")), tname(ty.get("S1"))
    src1 = ("VSRC", "SRC1", s1) if vop3 else ("VGPR", "VSRC1", s1)
    if name == "V_CNDMASK_B32":
        r.add("VDST", "VDST", d); r.add("VSRC", "SRC0", s0); r.add(*src1)
        if vop3:
            r.add("VSRC", "SRC2", "MASK")
        else:
            r.add("VCC", "NONE", "MASK")
    elif name in CARRY_CI:
        r.add("VDST", "VDST", d); r.add("VCC", "NONE", "MASK")
        r.add("VSRC", "SRC0", s0); r.add(*src1); r.add("VCC", "NONE", "MASK")
    elif name in ("V_FMAMK_F32", "V_FMAMK_F16"):
        r.flags.append("LIT")
        r.add("VDST", "VDST", d); r.add("VSRC", "SRC0", s0); r.add("LIT", "NONE", s0)
        r.add(*src1)
    elif name in ("V_FMAAK_F32", "V_FMAAK_F16"):
        r.flags.append("LIT")
        r.add("VDST", "VDST", d); r.add("VSRC", "SRC0", s0); r.add(*src1)
        r.add("LIT", "NONE", s0)
    else:
        r.add("VDST", "VDST", d); r.add("VSRC", "SRC0", s0); r.add(*src1)


VOP1_NOOPS = ("V_NOP", "V_PIPEFLUSH")


def vop1_ops(r, name, ty):
    d, s0 = tname(ty.get("D0")), tname(ty.get("S0"))
    if name in VOP1_NOOPS:
        return
    if name == "V_READFIRSTLANE_B32":
        r.add("SDSTV", "VDST", "B32"); r.add("VSRC", "SRC0", "B32")
        return
    r.add("VDST", "VDST", d); r.add("VSRC", "SRC0", s0)


def vopc_ops(r, name, ty, vop3=False):
    s0, s1 = tname(ty.get("S0")), tname(ty.get("S1"))
    cmpx = name.startswith("V_CMPX_")
    if cmpx:
        r.flags.append("CMPX")
    elif vop3:
        r.add("SDSTV", "VDST", "MASK")
    else:
        r.add("VCC", "NONE", "MASK")
    r.add("VSRC", "SRC0", s0)
    r.add(*(("VSRC", "SRC1", s1) if vop3 else ("VGPR", "VSRC1", s1)))


def vop3only_ops(r, name, ty):
    d = tname(ty.get("D0"))
    if name == "V_READLANE_B32":
        r.add("SDSTV", "VDST", "B32"); r.add("VSRC", "SRC0", "B32"); r.add("VSRC", "SRC1", "B32")
        return
    if name.startswith("V_S_"):
        r.add("SDSTV", "VDST", d); r.add("VSRC", "SRC0", tname(ty.get("S0")))
        return
    if name == "V_CNDMASK_B16":
        r.add("VDST", "VDST", d); r.add("VSRC", "SRC0", "F16"); r.add("VSRC", "SRC1", "F16")
        r.add("VSRC", "SRC2", "MASK")
        return
    r.add("VDST", "VDST", d)
    used = srcs_used(ty)
    n = 0
    for k, s in enumerate(("S0", "S1", "S2")):
        if s in used:
            n = k + 1
    if name.startswith("V_DIV_FMAS"):
        n = 3
    for k in range(n):
        r.add("VSRC", "SRC%d" % k, tname(ty.get("S%d" % k)))


def vop3sd_ops(r, name, ty):
    d = tname(ty.get("D0"))
    r.add("VDST", "VDST", d); r.add("SDST7", "SDST", "MASK")
    if name in CARRY_CI:
        r.add("VSRC", "SRC0", "B32"); r.add("VSRC", "SRC1", "B32"); r.add("VSRC", "SRC2", "MASK")
    elif name.startswith("V_DIV_SCALE") or name.startswith("V_MAD_CO"):
        for k in range(3):
            r.add("VSRC", "SRC%d" % k, tname(ty.get("S%d" % k)))
    else:
        r.add("VSRC", "SRC0", "B32"); r.add("VSRC", "SRC1", "B32")


def wmma_sizes(name):
    """(D, A, B, C) VGPR counts in wave32 (guide §7.12 Table 43 L3602-3650)."""
    m = re.match(r"V_(WMMA|SWMMAC)_([A-Z0-9]+)_16X16X(\d+)_([A-Z0-9_]+)$", name)
    if not m:
        die("cannot parse WMMA name " + name)
    kind, dt, k, st = m.group(1), m.group(2), int(m.group(3)), m.group(4)
    dn = 8 if dt in ("F32", "I32") else 4
    if st in ("F16", "BF16"):
        ab = 4
    elif st in ("IU8", "FP8_FP8", "FP8_BF8", "BF8_FP8", "BF8_BF8"):
        ab = 2
    elif st == "IU4":
        ab = 1 if k == 16 else 2
    else:
        die("WMMA source type " + st)
    if kind == "WMMA":
        return dn, ab, ab, dn
    # SWMMAC: A is the 2:4-sparse half-size matrix, B full size, C/D in VDST, index in SRC2
    if st == "IU4":
        a, b = (1, 2) if k == 32 else (2, 4)
    else:
        a, b = ab, ab * 2
    return dn, a, b, 1


def xt(n):
    return {1: "B32", 2: "B64"}.get(n, "X%d" % n)


def vop3p_ops(r, name, ty):
    if "WMMA" in name:
        dn, a, b, c = wmma_sizes(name)
        r.add("VDST", "VDST", xt(dn)); r.add("VSRC", "SRC0", xt(a)); r.add("VSRC", "SRC1", xt(b))
        r.add("VSRC", "SRC2", xt(c))
        return
    d = tname(ty.get("D0"))
    r.add("VDST", "VDST", d)
    if name.startswith("V_FMA_MIX"):
        # the pseudocode reads its sources as S[i] (L17189): three 32-bit sources, each
        # F32 or an F16 half by {OPSEL_HI[i], OPSEL[i]}
        for k in range(3):
            r.add("VSRC", "SRC%d" % k, "F32")
        return
    n = 0
    for k, s in enumerate(("S0", "S1", "S2")):
        if s in ty:
            n = k + 1
    for k in range(n):
        t = tname(ty.get("S%d" % k))
        r.add("VSRC", "SRC%d" % k, t)


VOPD_B32 = ("V_DUAL_MOV_B32", "V_DUAL_CNDMASK_B32", "V_DUAL_ADD_NC_U32",
            "V_DUAL_LSHLREV_B32", "V_DUAL_AND_B32")


def vopd_ops(r, name, xy):
    t = "B32" if name in VOPD_B32 else ("F16" if name == "V_DUAL_DOT2ACC_F32_F16" else
                                        "BF16" if name == "V_DUAL_DOT2ACC_F32_BF16" else "F32")
    d, s0, s1 = "VDST" + xy, "SRC" + xy + "0", "VSRC" + xy + "1"
    r.add("VDST", d, "B32" if t in ("F16", "BF16") else t)
    if name == "V_DUAL_MOV_B32":
        r.add("VSRC", s0, t)
    elif name == "V_DUAL_FMAAK_F32":
        r.flags.append("LIT")
        r.add("VSRC", s0, t); r.add("VGPR", s1, t); r.add("LIT", "NONE", t)
    elif name == "V_DUAL_FMAMK_F32":
        r.flags.append("LIT")
        r.add("VSRC", s0, t); r.add("LIT", "NONE", t); r.add("VGPR", s1, t)
    elif name == "V_DUAL_CNDMASK_B32":
        r.add("VSRC", s0, t); r.add("VGPR", s1, t); r.add("VCC", "NONE", "MASK")
    else:
        r.add("VSRC", s0, t); r.add("VGPR", s1, t)


def vinterp_ops(r, name, ty):
    r.add("VDST", "VDST", "B32")
    for k in range(3):
        r.add("VSRC", "SRC%d" % k, tname(ty.get("S%d" % k), "F32"))


# ---------------------------------------------------------------- memory rules
def ds_ops(r, name):
    n = dwords_from_name(name, 1)
    t = xt(n)
    if name == "DS_NOP":
        return
    if name in ("DS_APPEND", "DS_CONSUME", "DS_LOAD_ADDTID_B32"):
        r.add("VDST", "VDST", "B32"); return
    if name == "DS_STORE_ADDTID_B32":
        r.add("VGPR", "DATA0", "B32"); return
    if name.startswith("DS_BVH_STACK"):
        m = re.match(r"DS_BVH_STACK_PUSH(\d)_POP(\d)_RTN_B(\d+)", name)
        push, bits = int(m.group(1)), int(m.group(3))
        r.add("VDST", "VDST", xt(bits // 32)); r.add("VGPR", "ADDR", "B32")
        r.add("VGPR", "DATA0", "B32"); r.add("VGPR", "DATA1", xt(push))
        return
    if name == "DS_SWIZZLE_B32":
        r.add("VDST", "VDST", "B32"); r.add("VGPR", "ADDR", "B32"); return
    if name in ("DS_PERMUTE_B32", "DS_BPERMUTE_B32", "DS_BPERMUTE_FI_B32"):
        r.add("VDST", "VDST", "B32"); r.add("VGPR", "ADDR", "B32"); r.add("VGPR", "DATA0", "B32")
        return
    two = "2ADDR" in name
    rtn = "_RTN" in name or name.startswith("DS_LOAD")
    if name.startswith("DS_LOAD"):
        r.add("VDST", "VDST", xt(2 * n if two else n)); r.add("VGPR", "ADDR", "B32")
        return
    if name.startswith("DS_STORE") and "XCHG" not in name:
        r.add("VGPR", "ADDR", "B32"); r.add("VGPR", "DATA0", t)
        if two:
            r.add("VGPR", "DATA1", t)
        return
    ndata = 2 if (two or "CMPSTORE" in name or "MSKOR" in name) else 1
    if name.startswith("DS_CONDXCHG32"):
        ndata = 1
    if rtn:
        r.add("VDST", "VDST", xt(2 * n if two else n))
    r.add("VGPR", "ADDR", "B32"); r.add("VGPR", "DATA0", t)
    if ndata == 2:
        r.add("VGPR", "DATA1", t)


def buffer_ops(r, name):
    n = dwords_from_name(name, 1)
    if "_D16_" in name and "FORMAT" in name:
        m = re.search(r"_FORMAT_(X|XY|XYZ|XYZW)$", name)
        n = (len(m.group(1)) + 1) // 2
    if "_D16_HI_" in name or re.search(r"_(U8|I8|U16|I16|B8|B16)$", name):
        n = 1
    if "CMPSWAP" in name:
        n *= 2
    kind = "MLOAD" if "_LOAD_" in name else ("MSTORE" if "_STORE_" in name else "MATOMIC")
    r.add(kind, "VDATA", xt(n))


def flat_ops(r, name):
    n = dwords_from_name(name, 1)
    if "_D16_" in name or re.search(r"_(U8|I8|U16|I16|B8|B16)$", name):
        n = 1
    if name.endswith("_BLOCK"):
        n = 32
    if name in ("GLOBAL_INV", "GLOBAL_WB", "GLOBAL_WBINV"):
        r.flags.append("NOADDR")
        return
    if "ADDTID" in name:
        r.flags.append("ADDTID")
    if "_LOAD_" in name:
        r.add("MLOAD", "VDST", xt(n))
    elif "_STORE_" in name:
        r.add("MSTORE", "VSRC", xt(n))
    else:
        nd = 2 * n if "CMPSWAP" in name else n
        r.add("MATOMIC", "VDST", xt(n)); r.add("MSTORE", "VSRC", xt(nd))


def image_ops(r, name):
    if "BVH" in name:
        r.flags.append("BVH")
    if "_STORE" in name:
        r.flags.append("STORE")
    elif "_ATOMIC_" in name:
        r.flags.append("ATOMIC")
    r.add("MIMG", "VDATA", "B32")


# ---------------------------------------------------------------- exec binding
# The exec column of every row names the function that executes it, rdna4_x_<EXEC>
# (model/rdna4/rdna4_exec_*.c; rdna4_exec_table.c builds the row -> function table
# from this column).  Rules, first match wins (README "Encoding", exec binding):
#  1. a row of a format family that is not executed yet (not in EXEC_FAMILIES) binds
#     to `unimpl`: rdna4_x_unimpl stops with "unimplemented: <mnemonic>", and the
#     coverage model defines no bins for it.  Executing a new family = adding it
#     here and writing its rdna4_x_<mnemonic> functions (a row whose function is
#     missing does not link).
#     A family of PARTIAL_FAMILIES is executed by operation classes: a row of it
#     binds to a function only when its mnemonic matches one of the class patterns
#     there (each with its reason); its other rows bind to `unimpl`.
#  2. a class of rows that one function executes (SHARED_EXEC, each with its reason);
#  3. otherwise the row's own function: rdna4_x_<mnemonic>.
EXEC_FAMILIES = ("SOP2", "SOPK", "SOP1", "SOPC", "SOPP", "SMEM")
# The VALU encodings (VOP1, VOP2, VOPC, VOP3, VOP3SD; one function serves every
# encoding of an opcode, rdna4_exec_valu.c) are executed class by class.
VALU_FMTS = ("VOP1", "VOP2", "VOPC", "VOP3", "VOP3SD")
PARTIAL_FAMILIES = {f: [
    (r"^V_(MOV|NOT|BFREV)_B32$", "32-bit moves and bit operations of VOP1"),
    (r"^V_(READFIRSTLANE|READLANE|WRITELANE)_B32$", "lane reads and writes (EXEC ignored)"),
    (r"^V_(ADD|SUB|SUBREV)_NC_U32$", "32-bit integer add/subtract without carry"),
    (r"^V_(ADD|SUB|SUBREV)_CO(_CI)?_U32$", "32-bit integer add/subtract with carry mask"),
    (r"^V_(AND|OR|XOR|XNOR)_B32$", "32-bit bitwise logic"),
    (r"^V_(LSHLREV|LSHRREV)_B32$|^V_ASHRREV_I32$", "32-bit shifts (count = S0[4:0])"),
    (r"^V_(MIN|MAX)_[IU]32$", "32-bit integer min/max"),
    (r"^V_CNDMASK_B32$", "per-lane select by a lane mask"),
    (r"^V_MUL_LO_U32$|^V_(ADD3|LSHL_ADD|ADD_LSHL)_U32$|^V_(AND_OR|OR3|XOR3)_B32$",
     "VOP3 integer three-operand forms"),
    (r"^V_CMPX?_(LT|EQ|LE|GT|NE|GE)_[IU]32$", "32-bit integer compares"),
    (r"^V_(ADD|SUB|SUBREV|MUL|FMAC|FMA)_F32$", "F32 arithmetic on model/fp (MODE, ABS/NEG, OMOD, CLAMP)"),
    # rdna4_exec_valu_f32.c
    (r"^V_(FMAAK|FMAMK)_F32$|^V_(MIN|MAX|MIN3|MAX3|MINMAX|MAXMIN)_NUM_F32$|"
     r"^V_(MINIMUM|MAXIMUM|MINIMUM3|MAXIMUM3|MINIMUMMAXIMUM|MAXIMUMMINIMUM)_F32$",
     "F32 FMA with a literal, min/max (NUM and IEEE 754-2019) on model/fp"),
    (r"^V_(FLOOR|CEIL|TRUNC|RNDNE|FRACT|LDEXP|FREXP_MANT)_F32$|^V_FREXP_EXP_I32_F32$|"
     r"^V_CVT_F32_(I32|U32|UBYTE[0-3])$|^V_CVT_(I32|U32|FLOOR_I32|NEAREST_I32)_F32$",
     "F32 rounding, FRACT, LDEXP, FREXP and the F32 <-> integer conversions"),
    (r"^V_(RCP|RSQ|SQRT|LOG|EXP|SIN|COS)_F32$",
     "F32 transcendentals, correctly rounded by model/fp, denormals flushed (§7.2.4, C2, C4)"),
    (r"^V_(ADD|SUB|SUBREV|MUL|FMA|FMAC|MIN_NUM|MAX_NUM|MINIMUM|MAXIMUM|FLOOR|CEIL|TRUNC|RNDNE|"
     r"FRACT|SQRT|RCP|RSQ|LOG|EXP|SIN|COS)_F16$|^V_CVT_F32_F16$|^V_CVT_F16_F32$",
     "F16 arithmetic, min/max, rounding and transcendentals on VGPR halves; F16 <-> F32"),
    (r"^V_(ADD|MUL|FMA|MIN_NUM|MAX_NUM|MINIMUM|MAXIMUM|LDEXP|FLOOR|CEIL|TRUNC|RNDNE|FRACT|"
     r"FREXP_MANT|SQRT|RCP|RSQ)_F64$|^V_FREXP_EXP_I32_F64$|^V_CVT_(I32|U32|F32)_F64$|"
     r"^V_CVT_F64_(F32|I32|U32)$",
     "F64 arithmetic, min/max, rounding, FRACT, LDEXP, FREXP, conversions, RCP/RSQ/SQRT"),
    (r"^V_(FMAMK|FMAAK|MIN3_NUM|MAX3_NUM|MINIMUM3|MAXIMUM3|MINMAX_NUM|MAXMIN_NUM|MINIMUMMAXIMUM|"
     r"MAXIMUMMINIMUM|FREXP_MANT)_F16$|^V_FREXP_EXP_I16_F16$",
     "F16 FMA with a literal, three-input and combined min/max, FREXP on VGPR halves"),
    (r"^V_S_(EXP|LOG|RCP|RSQ|SQRT)_F(32|16)$",
     "pseudo-scalar transcendentals: the vector rows' functions, one value to an SGPR (§7.10)"),
    # rdna4_exec_valu_f16x.c
    (r"^V_LDEXP_F16$|^V_MED3_NUM_F(32|16)$|^V_RCP_IFLAG_F32$|^V_(MUL|FMA)_DX9_ZERO_F32$|"
     r"^V_CVT_OFF_F32_I4$|^V_CVT_F16_[IU]16$|^V_CVT_[IU]16_F16$|^V_CVT_PK_RTZ_F16_F32$|"
     r"^V_PACK_B32_F16$|^V_DOT2_(F16_F16|BF16_BF16)$",
     "LDEXP_F16, MED3_NUM, RCP_IFLAG, DX9 zero-wins, CVT_OFF, F16 <-> 16-bit integer, packing, "
     "the F16/BF16 dots with a 16-bit result"),
    (r"^V_CVT_NORM_[IU]16_F16$|^V_CVT_PK_NORM_[IU]16_F(16|32)$|^V_CVT_PK_[IU]16_F32$|"
     r"^V_CVT_PK_U8_F32$|^V_MULLIT_F32$",
     "normalized and packed conversions, MULLIT (V53)"),
    # rdna4_exec_valu_int.c
    (r"^V_MUL_(HI_)?(U32_U24|I32_I24)$|^V_MUL_HI_[IU]32$|^V_(ADD|SUB)_NC_I32$",
     "24-bit and high multiplies, signed add/subtract (CLAMP saturates, V5)"),
    (r"^V_MAD_(U32_U24|I32_I24|U32_U16|I32_I16|U16|I16)$|^V_MAD_CO_(U64_U32|I64_I32)$",
     "integer multiply-adds (64-bit with carry mask)"),
    (r"^V_(MIN3|MAX3|MED3)_[IU](32|16)$|^V_(MINMAX|MAXMIN)_[IU]32$", "three-input min/max/median"),
    (r"^V_(BFE_[IU]32|BFI_B32|BFM_B32|ALIGNBIT_B32|ALIGNBYTE_B32|LERP_U8|PERM_B32|XAD_U32|LSHL_OR_B32)$",
     "bit fields, alignment, byte permute and the other 3-input bit operations"),
    (r"^V_(SAD_U8|SAD_HI_U8|SAD_U16|SAD_U32|MSAD_U8|QSAD_PK_U16_U8|MQSAD_PK_U16_U8|MQSAD_U32_U8)$",
     "sums of absolute differences"),
    (r"^V_(CLZ_I32_U32|CTZ_I32_B32|CLS_I32|BCNT_U32_B32|MBCNT_(LO|HI)_U32_B32)$", "bit scans and counts"),
    (r"^V_CVT_PK_(U16_U32|I16_I32)$|^V_CVT_(U32_U16|I32_I16)$|^V_SAT_PK_U8_I16$",
     "integer width conversions"),
    (r"^V_(NOP|PIPEFLUSH|SWAP_B32|SWAP_B16)$", "no-ops and register swaps"),
    (r"^V_(MOV|NOT|AND|OR|XOR)_B16$|^V_(ADD|SUB)_NC_[IU]16$|^V_MUL_LO_U16$|^V_(MIN|MAX)_[IU]16$|"
     r"^V_(LSHLREV|LSHRREV)_B16$|^V_ASHRREV_I16$|^V_CNDMASK_B16$",
     "16-bit integer and bit operations on VGPR halves (OPSEL, E5)"),
    (r"^V_(LSHLREV|LSHRREV)_B64$|^V_ASHRREV_I64$", "64-bit shifts (count = S0[5:0])"),
    (r"^V_CMPX?_(LT|EQ|LE|GT|NE|GE)_[IU](16|64)$", "16- and 64-bit integer compares"),
    # rdna4_exec_valu_xlane.c
    (r"^V_PERMLANEX?16(_VAR)?_B32$|^V_PERMLANE64_B32$|^V_MOVREL(D|S|SD|SD_2)_B32$|^V_SWAPREL_B32$",
     "cross-lane permutes and VGPR indexing by M0 (C17, V10)"),
    # rdna4_exec_valu_fcmp.c
    (r"^V_CMPX?_(LT|EQ|LE|GT|LG|GE|O|U|NGE|NLG|NGT|NLE|NEQ|NLT|CLASS)_F(16|32|64)$",
     "float compares and class tests on model/fp (C9, C10)"),
    # rdna4_exec_valu_div.c
    (r"^V_DIV_(SCALE|FMAS)_F(32|64)$|^V_DIV_FIXUP_F(16|32|64)$|^V_CUBE(ID|SC|TC|MA)_F32$|"
     r"^V_TRIG_PREOP_F64$",
     "division macro steps (VCC scale flag), cube-map coordinates, 2/pi segments (V41-V46)"),
    # rdna4_exec_valu_fp8.c
    (r"^V_CVT_(PK_)?F32_(FP8|BF8)$|^V_CVT_(PK|SR)_(FP8|BF8)_F32$",
     "FP8/BF8 conversions (byte/half selects by OPSEL, C5, C6, C12, V47)"),
] for f in VALU_FMTS}
# Packed math (VOP3P; rdna4_exec_valu_pk.c) and the VOP2 packed FMAC, by class as well;
# WMMA/SWMMAC are not executed yet.
PARTIAL_FAMILIES["VOP2"].append(
    (r"^V_PK_FMAC_F16$", "packed F16 FMA accumulating into the destination (rdna4_exec_valu_pk.c)"))
PARTIAL_FAMILIES["VOP3P"] = [
    (r"^V_PK_(MAD|ADD|SUB|MAX|MIN)_[IU]16$|^V_PK_MUL_LO_U16$|^V_PK_(LSHLREV|LSHRREV)_B16$|"
     r"^V_PK_ASHRREV_I16$", "packed 16-bit integer operations (OPSEL/OPSEL_HI, CLAMP saturates)"),
    (r"^V_PK_(FMA|ADD|MUL|MIN_NUM|MAX_NUM|MINIMUM|MAXIMUM)_F16$",
     "packed F16 arithmetic and min/max on model/fp (NEG/NEG_HI, CLAMP)"),
    (r"^V_FMA_MIX_F32$|^V_FMA_MIX(LO|HI)_F16$", "FMA on a mix of F16 and F32 inputs"),
    (r"^V_DOT2_F32_(F16|BF16)$|^V_DOT4_(I32_IU8|U32_U8)$|^V_DOT8_(I32_IU4|U32_U4)$",
     "F16/BF16 and 8/4-bit integer dot products (README: decisions P1-P4)"),
    (r"^V_DOT4_F32_(FP8|BF8)_(FP8|BF8)$", "FP8/BF8 dot products (rdna4_exec_valu_fp8.c, V48)"),
    (r"^V_WMMA_|^V_SWMMAC_", "dense and sparse matrix multiply-accumulate, EXEC forced to all ones "
     "(rdna4_exec_valu_wmma.c, V50-V53)"),
]
# VOPD dual issue (rdna4_exec_vopd.c): every X/Y pair, one function
# parameter interpolation (rdna4_exec_valu_interp.c): every VINTERP row
PARTIAL_FAMILIES["VINTERP"] = [(r"^V_INTERP_", "FMA with the fixed quad lane selects, on VGPR inputs (V54)")]
# LDS parameter and direct loads (rdna4_exec_ds.c): EXPcnt, S_WAIT_EXPCNT (README D41)
PARTIAL_FAMILIES["VDSDIR"] = [(r"^DS_(PARAM|DIRECT)_LOAD$",
                               "LDS parameter and direct loads, data visible at S_WAIT_EXPCNT")]
PARTIAL_FAMILIES["VOPDX"] = [(r"^V_DUAL_", "dual issue: X and Y read their sources, then both write")]
PARTIAL_FAMILIES["VOPDY"] = [(r"^V_DUAL_", "dual issue: X and Y read their sources, then both write")]
# Vector memory (rdna4_exec_vmem.c; README "Vector memory") is executed class by
# class as well: GLOBAL and SCRATCH loads and stores, the global cache controls.
_VMEM_LOADS = r"(U8|I8|U16|I16|B32|B64|B96|B128|D16_(HI_)?(U8|I8|B16))"
_VMEM_STORES = r"(B8|B16|B32|B64|B96|B128|D16_HI_(B8|B16))"
VMEM_CLASSES = {
    "VGLOBAL": [
        (r"^GLOBAL_LOAD_" + _VMEM_LOADS + r"$|^GLOBAL_LOAD_ADDTID_B32$",
         "global loads (GV, GVS, GT addressing), data visible at S_WAIT_LOADCNT"),
        (r"^GLOBAL_STORE_" + _VMEM_STORES + r"$|^GLOBAL_STORE_ADDTID_B32$",
         "global stores, memory written at issue"),
        (r"^GLOBAL_(INV|WB|WBINV)$", "cache controls: no data (INV counts on LOADcnt)"),
        (r"^GLOBAL_(LOAD|STORE)_BLOCK$",
         "block loads and stores of up to 32 VGPRs selected by M0 (guide §11.5, README D40)"),
        (r"^GLOBAL_LOAD_TR_B128$",
         "the 16-bit transpose load in wave32 (guide §11.6.2, README D39; TR_B64 and wave64 "
         "are not executed)"),
        (r"^GLOBAL_ATOMIC_(SWAP|CMPSWAP|AND|OR|XOR)_B(32|64)$"
         r"|^GLOBAL_ATOMIC_(ADD|SUB|INC|DEC|MIN|MAX)_U(32|64)$|^GLOBAL_ATOMIC_(MIN|MAX)_I(32|64)$"
         r"|^GLOBAL_ATOMIC_(SUB_CLAMP|COND_SUB)_U32$|^GLOBAL_ATOMIC_ORDERED_ADD_B64$",
         "global integer atomics (ORDERED_ADD: README D37)"),
        (r"^GLOBAL_ATOMIC_(ADD_F32|MIN_NUM_F32|MAX_NUM_F32|PK_ADD_F16|PK_ADD_BF16)$",
         "global float atomics (chapter 13: RNE, no denormal flush)"),
    ],
    "VSCRATCH": [
        (r"^SCRATCH_LOAD_" + _VMEM_LOADS + r"$", "scratch loads (swizzled private memory)"),
        (r"^SCRATCH_STORE_" + _VMEM_STORES + r"$", "scratch stores (swizzled private memory)"),
        (r"^SCRATCH_(LOAD|STORE)_BLOCK$",
         "block loads and stores of up to 32 VGPRs selected by M0 (guide §11.5, README D40)"),
    ],
    "VFLAT": [
        (r"^FLAT_LOAD_" + _VMEM_LOADS + r"$", "flat loads (global, LDS and scratch apertures)"),
        (r"^FLAT_STORE_" + _VMEM_STORES + r"$", "flat stores (global, LDS and scratch apertures)"),
        (r"^FLAT_ATOMIC_(SWAP|CMPSWAP|AND|OR|XOR)_B(32|64)$"
         r"|^FLAT_ATOMIC_(ADD|SUB|INC|DEC|MIN|MAX)_U(32|64)$|^FLAT_ATOMIC_(MIN|MAX)_I(32|64)$"
         r"|^FLAT_ATOMIC_(SUB_CLAMP|COND_SUB)_U32$"
         r"|^FLAT_ATOMIC_(ADD_F32|MIN_NUM_F32|MAX_NUM_F32|PK_ADD_F16|PK_ADD_BF16)$",
         "flat integer and float atomics (global, LDS and scratch apertures)"),
    ],
    "VBUFFER": [
        (r"^T?BUFFER_(LOAD|STORE)_(D16_)?(HI_)?FORMAT_(X|XY|XYZ|XYZW)$",
         "typed and format buffer loads and stores (data-format conversions, V# addressing)"),
        (r"^BUFFER_LOAD_" + _VMEM_LOADS + r"$|^BUFFER_STORE_" + _VMEM_STORES + r"$",
         "untyped buffer loads and stores (V# addressing, range checks)"),
        (r"^BUFFER_ATOMIC_(SWAP|CMPSWAP|AND|OR|XOR)_B(32|64)$"
         r"|^BUFFER_ATOMIC_(ADD|SUB|INC|DEC|MIN|MAX)_U(32|64)$|^BUFFER_ATOMIC_(MIN|MAX)_I(32|64)$"
         r"|^BUFFER_ATOMIC_(SUB_CLAMP|COND_SUB)_U32$"
         r"|^BUFFER_ATOMIC_(ADD_F32|MIN_NUM_F32|MAX_NUM_F32|PK_ADD_F16|PK_ADD_BF16)$",
         "buffer integer and float atomics"),
    ],
    "VDS": [
        (r"^DS_LOAD_(B32|B64|B96|B128|U8|I8|U16|I16|[UI]8_D16(_HI)?|U16_D16(_HI)?|ADDTID_B32)$"
         r"|^DS_LOAD_2ADDR(_STRIDE64)?_B(32|64)$", "LDS loads, data visible at S_WAIT_DSCNT"),
        (r"^DS_STORE_(B8|B16|B32|B64|B96|B128|B8_D16_HI|B16_D16_HI|ADDTID_B32)$"
         r"|^DS_STORE_2ADDR(_STRIDE64)?_B(32|64)$", "LDS stores"),
        (r"^DS_(ADD|SUB|RSUB|INC|DEC)(_RTN)?_U(32|64)$|^DS_(MIN|MAX)(_RTN)?_[IU](32|64)$"
         r"|^DS_(AND|OR|XOR|MSKOR)(_RTN)?_B(32|64)$|^DS_STOREXCHG_RTN_B(32|64)$"
         r"|^DS_CMPSTORE(_RTN)?_B(32|64)$|^DS_(COND_SUB|SUB_CLAMP)(_RTN)?_U32$"
         r"|^DS_STOREXCHG_2ADDR(_STRIDE64)?_RTN_B(32|64)$|^DS_NOP$",
         "LDS integer atomics with and without return, DS_NOP"),
        (r"^DS_(ADD|ADD_RTN|MIN_NUM|MIN_NUM_RTN|MAX_NUM|MAX_NUM_RTN)_F32$"
         r"|^DS_(MIN|MAX)_NUM(_RTN)?_F64$|^DS_PK_ADD(_RTN)?_(F16|BF16)$",
         "LDS float atomics (chapter 13: RNE, MODE's denormal controls)"),
        (r"^DS_(SWIZZLE|PERMUTE|BPERMUTE|BPERMUTE_FI)_B32$",
         "lane swizzles and permutes through the LDS crossbar (no LDS memory)"),
        (r"^DS_(APPEND|CONSUME)$|^DS_CONDXCHG32_RTN_B64$",
         "append/consume counters and the conditional exchange"),
    ],
}
PARTIAL_FAMILIES.update(VMEM_CLASSES)
# Families whose outstanding-work counters the S_WAIT_<X>CNT rule below treats as
# always zero; switching one of them on must give those waits their own functions.
# (VGLOBAL, VSCRATCH and VBUFFER count on LOADcnt/STOREcnt: S_WAIT_LOADCNT has its
# function.)
COUNTED_FAMILIES = ("VIMAGE", "VSAMPLE", "VEXPORT")
SHARED_EXEC = [
    # (formats, mnemonic pattern, function, reason)
    (("VOPC", "VOP3"), r"^V_CMP_(LT|EQ|LE|GT|NE|GE)_[IU](16|32|64)$", "v_cmp_int",
     "the 36 integer compares: one function, predicate and signedness from the opcode, "
     "width from the operand type"),
    (("VOPC", "VOP3"), r"^V_CMPX_(LT|EQ|LE|GT|NE|GE)_[IU](16|32|64)$", "v_cmpx_int",
     "the 36 integer compares writing EXEC: one function, as v_cmp_int"),
    (("VOPC", "VOP3"), r"^V_CMP_(LT|EQ|LE|GT|LG|GE|O|U|NGE|NLG|NGT|NLE|NEQ|NLT|CLASS)_F(16|32|64)$",
     "v_cmp_float",
     "the 42 float compares and 3 class tests: one function, predicate = opcode[3:0] in "
     "fp_pred order, format from the opcode (F16 1-14, F32 17-30, F64 33-46, CLASS 125-127)"),
    (("VOPC", "VOP3"), r"^V_CMPX_(LT|EQ|LE|GT|LG|GE|O|U|NGE|NLG|NGT|NLE|NEQ|NLT|CLASS)_F(16|32|64)$",
     "v_cmpx_float", "the float compares and class tests writing EXEC (opcode - 128)"),
    (("VOPDX", "VOPDY"), r"^V_DUAL_", "vopd",
     "VOPD: one function decodes both halves (the X row's slot; Y rows are never "
     "executed on their own)"),
    (("SOPC",), r"^S_CMP_[A-Z]+_F(16|32)$", "s_cmp_float",
     "the 28 float compares: one function, predicate and width from the opcode "
     "(LT..NLT = 65..78 for F32, 81..94 for F16, in fp_pred order)"),
    (("SMEM",), r"^S_(BUFFER_)?LOAD_[BIU]\d+$", "s_load",
     "scalar loads: one function, width, sign and buffer addressing from the row"),
    (("SMEM",), r"^S_(DCACHE_INV|(BUFFER_)?PREFETCH_[A-Z_]+)$", "nop",
     "cache invalidation and prefetch: no architectural effect (guide §8.1.4, §8.5)"),
    (("VGLOBAL", "VSCRATCH"), r"^(GLOBAL|SCRATCH)_LOAD_BLOCK$", "vmem_block_load",
     "block loads: one function, GLOBAL or SCRATCH addressing from the row"),
    (("VGLOBAL", "VSCRATCH"), r"^(GLOBAL|SCRATCH)_STORE_BLOCK$", "vmem_block_store",
     "block stores: one function, GLOBAL or SCRATCH addressing from the row"),
    (("VGLOBAL", "VSCRATCH", "VFLAT"), r"^(GLOBAL|SCRATCH|FLAT)_LOAD_(?!TR_)", "vmem_load",
     "global, scratch and flat loads: one function, width, extension, D16 half and "
     "addressing from the row (the transpose loads: their own function)"),
    (("VGLOBAL", "VSCRATCH", "VFLAT"), r"^(GLOBAL|SCRATCH|FLAT)_STORE_", "vmem_store",
     "global, scratch and flat stores: one function, width, D16 half and addressing "
     "from the row"),
    (("VDS",), r"^DS_LOAD_", "ds_load",
     "LDS loads: one function, width, extension, D16 half, 2ADDR and ADDTID from the row"),
    (("VDS",), r"^DS_STORE_(B|2ADDR|ADDTID)", "ds_store",
     "LDS stores: one function, width, D16_HI, 2ADDR and ADDTID from the row"),
    (("VDS",), r"^DS_STOREXCHG_2ADDR", "ds_xchg2",
     "the two-address exchanges: one function, width and stride from the row"),
    (("VDS",), r"^DS_NOP$", "nop", "no operation (not counted: nothing to wait for)"),
    (("VDS",), r"^DS_.*_(F32|F64|F16|BF16)$", "ds_atomic_float",
     "LDS float atomics: one function, operation, format and return from the opcode"),
    (("VDS",), r"^DS_(SWIZZLE|PERMUTE|BPERMUTE|BPERMUTE_FI)_B32$", "ds_lane",
     "lane swizzles and permutes: one function, the mapping from the opcode and offset"),
    (("VDS",), r"^DS_(APPEND|CONSUME)$", "ds_append",
     "append and consume: one function, the sign from the opcode"),
    (("VDS",), r"^DS_CONDXCHG32_RTN_B64$", "ds_condxchg32",
     "the conditional exchange of two DWORDs (its own function)"),
    (("VDS",), r"^DS_", "ds_atomic",
     "LDS integer atomics: one function, operation, width and return from the opcode"),
    (("VGLOBAL", "VFLAT"), r"^(GLOBAL|FLAT)_ATOMIC_", "vmem_atomic",
     "global and flat atomics: one function, operation and width from the opcode, return "
     "from TH[0]"),
    (("VBUFFER",), r"^T?BUFFER_LOAD_", "buffer_load",
     "buffer loads: one function, width, format, D16 half and addressing from the row"),
    (("VBUFFER",), r"^T?BUFFER_STORE_", "buffer_store",
     "buffer stores: one function, width, format, D16 half and addressing from the row"),
    (("VBUFFER",), r"^BUFFER_ATOMIC_", "buffer_atomic",
     "buffer atomics: one function, operation and width from the opcode, return from TH[0]"),
    (("VGLOBAL",), r"^GLOBAL_(WB|WBINV)$", "nop",
     "write-backs: no data, STOREcnt only, and stores reach memory at issue in the "
     "model (README \"Vector memory\")"),
    (("SOPP",), r"^S_WAIT_STORECNT$", "nop",
     "stores reach memory at issue in the model: STOREcnt has no visible effect "
     "(README \"Vector memory\")"),
    (("SOPP",), r"^S_WAIT_STORECNT_DSCNT$", "s_wait_dscnt",
     "STOREcnt has no visible effect (stores reach memory at issue): the DScnt wait"),
    (("SOPP",), r"^S_WAIT_EXPCNT$", "s_wait_expcnt",
     "EXPcnt: the LDS parameter and direct loads (exports are not executed)"),
    (("SOPP",), r"^S_WAIT_(SAMPLE|BVH)CNT$", "nop",
     "waits on the counters of images and BVH: nothing is outstanding "
     "while those families are not executed (COUNTED_FAMILIES)"),
    (("SOPP",), r"^S_WAITCNT$", "s_wait_idle",
     "S_WAITCNT is S_WAIT_IDLE on RDNA4 (digest §4.4)"),
    (("SOPP",), r"^S_ENDPGM_SAVED$", "s_endpgm",
     "ends the program as S_ENDPGM (the context save is not modelled)"),
    (("SOPP", "SOP1", "SOPK"),
     r"^S_(NOP|SLEEP|SLEEP_VAR|CLAUSE|DELAY_ALU|WAIT_ALU|WAIT_EVENT|WAKEUP|"
     r"SENDMSG|INCPERFLEVEL|DECPERFLEVEL|ICACHE_INV|VERSION)$", "nop",
     "timing, scheduling, hints and messages: no architectural "
     "effect on one wave (README \"Unmodelled state\")"),
]


def bind_exec(rows):
    """Fill each row's exec column by the rules above."""
    if any(f in EXEC_FAMILIES or f in PARTIAL_FAMILIES for f in COUNTED_FAMILIES):
        die("a counted family is executed: give S_WAIT_*CNT their own exec functions")
    for r in rows:
        if r.fmt in PARTIAL_FAMILIES:
            if not any(re.match(pat, r.name) for pat, _why in PARTIAL_FAMILIES[r.fmt]):
                r.exec = "unimpl"
                continue
        elif r.fmt not in EXEC_FAMILIES:
            r.exec = "unimpl"
            continue
        r.exec = r.name.lower()
        for fmts, pat, fn, _why in SHARED_EXEC:
            if r.fmt in fmts and re.match(pat, r.name):
                r.exec = fn
                break


# ---------------------------------------------------------------- assembly
def build(spec):
    lines = read_spec(spec)
    c15, c16 = chapter_bounds(lines)
    fields = parse_fields(lines, c15, c16)
    # Flat/Global/Scratch share one field table; their ENCODING values are listed in one cell
    enc_line = next(l for l in lines[c15:c16] if "Flat='b" in l)
    for f, key in (("VFLAT", "Flat"), ("VGLOBAL", "Global"), ("VSCRATCH", "Scratch")):
        v = int(re.search(key + r"='b([01]+)", enc_line).group(1), 2)
        fields[f] = [(n, hi, lo, v if n == "ENCODING" else e) for (n, hi, lo, e) in fields[f]]
    tabs, unnumbered = parse_tables(lines, c15, c16)
    names = {f: set(d.values()) | set(unnumbered.get(f, [])) for f, d in tabs.items()}
    names["VEXPORT"] = {"EXPORT"}
    titles = parse_titles(lines, c16, names)
    code = {}      # (section_fmt, NAME) -> pseudocode text
    numbers = {}   # (section_fmt, NAME) -> number in the title
    for sfmt, rows in titles.items():
        for (n, num, a, b) in rows:
            code.setdefault((sfmt, n), "\n".join(lines[a + 1:b]))
            numbers.setdefault((sfmt, n), num)
    # VGLOBAL: fill the numbers lost in the table conversion from the Ch.16 titles
    for n in unnumbered.get("VGLOBAL", []):
        if ("VGLOBAL", n) not in numbers:
            die("no Chapter 16 title for " + n)
        tabs["VGLOBAL"][numbers[("VGLOBAL", n)]] = n
    # Cross-check table numbers against titles (the section that documents the row)
    sec_of = {"VOPDX": "VOPD", "VOPDY": "VOPD", "VOP3SD": "VOP3"}
    mism = []
    for f, d in tabs.items():
        for op, n in d.items():
            num = numbers.get((sec_of.get(f, f), n))
            if num is not None and num != op and f not in ("VOPDX", "VOPDY"):
                mism.append("%s %s: table %d, title %d" % (f, n, op, num))
    if mism:
        die("opcode numbers disagree:\n  " + "\n  ".join(mism))

    def pcode(fmt, n):
        for sf in (sec_of.get(fmt, fmt), "VOP3", "VOP2", "VOP1", "VOPC", "VOP3P"):
            if (sf, n) in code:
                return code[(sf, n)]
        return ""

    opsel_pats = parse_opsel_table(lines)
    rows = []
    for fmt in FORMAT_ORDER:
        if fmt == "VEXPORT":
            r = Row("VEXPORT", 0, "EXPORT")
            r.add("EXP", "NONE", "B32")
            rows.append(r)
            continue
        d = tabs[fmt]
        if len(d) != EXPECT[fmt]:
            die("%s: %d opcodes, expected %d" % (fmt, len(d), EXPECT[fmt]))
        vop2 = {v: k for k, v in tabs["VOP2"].items()}
        vop1 = {v: k for k, v in tabs["VOP1"].items()}
        for op in sorted(d):
            name = d[op]
            ty = infer_types2(pcode(fmt, name))
            if fmt in ("SOP2", "SOPK", "SOP1", "SOPC", "SOPP"):
                r = scalar_rows(fmt, op, name, ty)
            elif fmt == "SMEM":
                r = smem_row(op, name)
            else:
                r = Row(fmt, op, name)
                if fmt == "VOP2":
                    vop2_ops(r, name, ty)
                elif fmt == "VOP1":
                    vop1_ops(r, name, ty)
                elif fmt == "VOPC":
                    vopc_ops(r, name, ty)
                elif fmt == "VOP3":
                    if op < 256:
                        vopc_ops(r, name, ty, vop3=True)
                    elif op < 384 and vop2.get(name) == op - 256:
                        vop2_ops(r, name, ty, vop3=True)
                    elif op < 512 and vop1.get(name) == op - 384:
                        vop1_ops(r, name, ty)
                    else:
                        vop3only_ops(r, name, ty)
                elif fmt == "VOP3SD":
                    vop3sd_ops(r, name, ty)
                elif fmt == "VOP3P":
                    vop3p_ops(r, name, ty)
                elif fmt in ("VOPDX", "VOPDY"):
                    vopd_ops(r, name, fmt[-1])
                elif fmt == "VINTERP":
                    vinterp_ops(r, name, ty)
                elif fmt == "VDSDIR":
                    r.add("VDST", "VDST", "B32")
                    if name == "DS_PARAM_LOAD":
                        r.add("ATTR", "ATTR", "B32")
                elif fmt == "VDS":
                    ds_ops(r, name)
                elif fmt == "VBUFFER":
                    buffer_ops(r, name)
                elif fmt in ("VFLAT", "VGLOBAL", "VSCRATCH"):
                    flat_ops(r, name)
                elif fmt in ("VIMAGE", "VSAMPLE"):
                    image_ops(r, name)
            if fmt in ("VOP3", "VINTERP") and (any(p.match(name) for p in opsel_pats) or
                                               OPSEL_EXTRA.match(name)):
                r.flags.append("OPSEL")
                if name.startswith("V_S_"):
                    r.flags.append("OPSEL3Z")
                if re.match(r"^V_(PERMLANE|CVT_F32_(FP8|BF8)$|CVT_SR_)", name):
                    r.flags.append("OPSELX")
            if fmt in ("VOP1", "VOP3") and re.match(r"^V_CVT_.*(FP8|BF8)", name):
                r.flags.append("NOMODS")       # no ABS/NEG/OMOD/CLAMP (§7.6.2 L3165)
            # Input modifiers (§7.2.2.1 L2764-2781): float sources, plus these moves and
            # selects whatever the type (READLANE, PERMLANE, QSAD, SWAP have integer
            # sources); DOT2 with F16/BF16: NEG but not ABS.
            if re.match(r"^V_(MOV_B32|MOV_B16|MOVREL(D|S|SD|SD_2)_B32|CNDMASK_B(32|16))$", name):
                r.flags.append("MODANY")
            # VINTERP: NEG on each of the three sources (Table 70 L5800: "Negate the
            # input", the packed parameter data included; llvm-mc 22 takes -v0 there)
            if fmt == "VINTERP":
                r.flags.append("MODANY")
            if fmt == "VOP3" and name in ("V_DOT2_F16_F16", "V_DOT2_BF16_BF16"):
                r.flags.append("NOABS")
            # 16-bit operands the pseudocode reads through bit fields (LLVM's true16
            # operands; README: decisions): the F16 class mask and the FP8 pair source
            for (fname, slot), typ in TYPE_FIX.items():
                if name == fname:
                    r.ops = [(k, f, typ if f in slot else t) for (k, f, t) in r.ops]
            # OPSEL[3] (destination half) only with a 16-bit VGPR destination, a
            # documented destination half/byte (§7.6.2) or an overloaded OPSEL
            if "OPSEL" in r.flags and (
                    any(k == "VDST" and t in ("F16", "B16", "BF16") for (k, f, t) in r.ops) or
                    re.match(r"^V_CVT_PK_(FP8|BF8)_F32$", name) or "OPSELX" in r.flags):
                r.flags.append("OPSELD")
            cls = operand_classes(fmt, name)
            r.flags.extend(cls)
            if fmt == "VOP3P" and re.match(r"^V_(WMMA_|DOT4_I32_IU8$|DOT4_U32_U8$|DOT8_I32_IU4$|"
                                           r"DOT8_U32_U4$|DOT4_F32_(FP8|BF8)_(FP8|BF8)$)", name):
                r.flags.append("NOOPSEL")      # README: decisions E15
            if fmt == "VOP3P" and name.startswith("V_SWMMAC_"):
                r.flags.append("OPSELHI1")     # OPSEL is the index key (E15)
            wide = any(t in ("B64", "I64", "F64") for (k, f, t) in r.ops)
            if no_dpp(fmt, name, wide):
                r.flags.append("NODPP")
            if fmt in ("VOP3", "VOP3SD") and no_omod(name, r.ops):
                r.flags.append("NOOMOD")
            if fmt in ("VOP3", "VOP3SD", "VOP3P", "VINTERP") and no_clamp(name, r.ops):
                r.flags.append("NOCLAMP")
            if not r.ops:
                r.add("NONE", "NONE", "NONE")
            if fmt == "VOP3" and name in NO_E64:
                continue
            rows.append(r)
    bind_exec(rows)
    return fields, rows


BANNER = ("/* rdna4.def - generated from shared/specs/rdna4-isa.md by "
          "scripts/rdna4_gen_desc.py, do not edit.\n")


def emit(fields, rows):
    out = [BANNER]
    out.append(" *\n * RDNA4_FIELD(FMT, FIELD, HI, LO)     a field of a format (Chapter 15 field tables)\n"
               " * RDNA4_FIELDNAME(FIELD)             every field name once\n"
               " * RDNA4_ENC(FMT, HI, LO, VALUE)      the format's ENCODING bits\n"
               " * RDNA4_OP(FMT, OPCODE, mnemonic, EXEC, FLAGS, O(KIND, FIELD, TYPE)...)\n"
               " *     one opcode row (Chapter 15 opcode tables; operand types from the\n"
               " *     Chapter 16 pseudocode, operand lists from the rules of the generator);\n"
               " *     EXEC: the exec function rdna4_x_<EXEC> (unimpl: not executed yet),\n"
               " *     bound by the generator's rules (bind_exec)\n"
               " */\n")
    order = ["SOP2", "SOPK", "SOP1", "SOPC", "SOPP", "SMEM", "VOP2", "VOP1", "VOPC", "VOP3",
             "VOP3SD", "VOP3P", "VOPD", "DPP16", "DPP8", "VINTERP", "VDSDIR", "VDS", "VBUFFER",
             "VIMAGE", "VSAMPLE", "VFLAT", "VGLOBAL", "VSCRATCH", "VEXPORT"]
    uniq = []
    for f in order:
        for (n, hi, lo, e) in fields[f]:
            if n != "ENCODING" and n not in uniq:
                uniq.append(n)
    out.append("#ifdef RDNA4_FIELDNAME\n")
    for n in uniq:
        out.append("RDNA4_FIELDNAME(%s)\n" % n)
    out.append("#endif\n#ifdef RDNA4_FIELD\n")
    for f in order:
        for (n, hi, lo, e) in fields[f]:
            if n in ("ENCODING",):
                continue
            out.append("RDNA4_FIELD(%-8s %-12s %2d, %2d)\n" % (f + ",", n + ",", hi, lo))
    out.append("#endif\n#ifdef RDNA4_ENC\n")
    for f in order:
        for (n, hi, lo, e) in fields[f]:
            if n == "ENCODING":
                out.append("RDNA4_ENC(%-8s %2d, %2d, 0x%x)\n" % (f + ",", hi, lo, e))
    out.append("#endif\n#ifdef RDNA4_OP\n")
    for r in rows:
        fl = "|".join("RDNA4_" + x for x in r.flags) if r.flags else "0"
        ops = ", ".join("O(%s, %s, %s)" % o for o in r.ops)
        out.append("RDNA4_OP(%-8s %4d, %-32s %-28s %s, %s)\n" % (r.fmt + ",", r.op, r.name.lower() + ",",
                                                              r.exec + ",", fl, ops))
    out.append("#endif\n")
    return "".join(out)


def main(argv):
    spec, outp, check = DEFAULT_SPEC, DEFAULT_OUT, False
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "-o":
            outp = args.pop(0)
        elif a == "--check":
            check = True
        else:
            spec = a
    fields, rows = build(spec)
    text = emit(fields, rows)
    if check:
        try:
            with open(outp, encoding="utf-8") as f:
                old = f.read()
        except OSError:
            old = None
        if old != text:
            sys.stderr.write("rdna4_gen_desc: %s is out of date\n" % outp)
            if old is not None:
                a, b = old.splitlines(), text.splitlines()
                k = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]),
                         min(len(a), len(b)))
                sys.stderr.write("  first difference at line %d:\n    file:      %s\n"
                                 "    generator: %s\n" % (k + 1, a[k] if k < len(a) else "(end)",
                                                         b[k] if k < len(b) else "(end)"))
            return 1
        return 0
    with open(outp, "w", encoding="utf-8") as f:
        f.write(text)
    sys.stderr.write("rdna4_gen_desc: %d rows -> %s\n" % (len(rows), outp))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
