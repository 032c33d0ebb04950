#!/usr/bin/env python3
"""usc_tables.py - writes rtl/usc/usc_rows.svh from model/usc/usc.def and the
special-constant table of model/usc/usc_desc.c, so that the core decodes the
rows (slots, forms, modifiers, M kinds) from the model's one description.
Run from the repository root:  python3 rtl/usc/usc_tables.py > rtl/usc/usc_rows.svh
"""
import re
import sys

KN = ["s0", "s1", "s2", "s3", "s4", "s5", "ft0", "ft1", "ft2", "ft3", "ft4", "ft5",
      "fte", "is0", "is1", "is2", "is3", "is4", "is5", "w0", "w1", "ftt", "p0"]
NONE, IMM, TGT, PCND, ADJ, DRC, SOP, MEM = 100, 101, 102, 103, 104, 105, 106, 107
SLOTS = ["P0", "P1", "P2", "TST", "MOV", "BE", "BMSK", "BSH1", "BCNT", "BLOG", "BSH2", "BTST"]
MK = ["NONE", "TYPE", "BYTES", "ASR", "PCK", "CVT", "INST", "PART"]
MODS = {"ABS0": 1, "NEG0": 2, "FLR0": 4, "ABS1": 8, "NEG1": 16, "ABS2": 32, "NEG2": 64, "FLR2": 128}
MODS["F3"] = 1 | 2 | 8 | 16 | 32 | 64 | 128
MODS["F2"] = 1 | 2 | 4 | 8
MODS["AN0"] = 1 | 2
MODS["I2"] = 1 | 2 | 8
MODS["I3"] = 1 | 2 | 8 | 32 | 64


def kind_of(t):
    if t in KN:
        return KN.index(t)
    return {"imm": IMM, "tgt": TGT, "pcnd": PCND, "adj": ADJ, "drc": DRC, "sop": SOP, "mem": MEM}.get(t)


def parse_form(f):
    """the tokens of a form as usc_desc.c parse_form makes them"""
    toks = []
    for p in f.split(","):
        if p == "":
            continue
        t = {"kind": NONE, "alt": NONE, "opt": 0, "obits": 0, "inv": 0, "minv": 0}
        if p.endswith("?"):
            t["opt"] = 1
            t["obits"] = 1
            p = p[:-1]
        if p.endswith(".invert"):
            t["inv"] = 1
            p = p[:-7]
        if p == "ftsel":
            t.update(kind=KN.index("ft0"), obits=2, alt=KN.index("fte"))
        elif p == "adj1":
            t.update(kind=ADJ, obits=2, minv=1)
        elif "|" in p:
            a, b = p.split("|")
            t.update(kind=kind_of(a), alt=kind_of(b), obits=1)
        else:
            t["kind"] = kind_of(p)
            if t["kind"] in (PCND, ADJ):
                t["obits"] = 2
            if t["kind"] == DRC:
                t["obits"] = 1
        toks.append(t)
    return toks


def main():
    rows = []
    for line in open("model/usc/usc.def"):
        m = re.match(r'USC_ROW\((\w+),\s*"([^"]*)",\s*([^,]+),\s*(NULL|"[^"]*"),\s*(NULL|"[^"]*"),'
                     r'\s*(NULL|"[^"]*"),\s*USC_M_(\w+),\s*([^,]+),\s*(\w+)\)', line.strip())
        if not m:
            continue
        rid, name, sl, f0, f1, f2, mk, md, ex = m.groups()
        slots = 0
        for s in sl.split("|"):
            slots |= 1 << SLOTS.index(s.strip()[len("USC_S_"):])
        mods = 0
        for x in md.split("|"):
            x = x.strip()
            if x != "0":
                mods |= MODS[x[len("USC_MOD_"):]]
        forms = [None if f == "NULL" else parse_form(f[1:-1]) for f in (f0, f1, f2)]
        rows.append((rid, name, slots, forms, MK.index(mk), mods, ex))
    src = open("model/usc/usc_desc.c").read()
    body = src[src.index("usc_sc_table[240] = {") + 21:]
    body = body[:body.index("};")]
    sc = [0] * 240
    pos = 0
    for tok in re.findall(r"\[\d+\]\s*=|0x[0-9A-Fa-f]+|\d+", body):
        if tok.startswith("["):
            pos = int(tok[1:tok.index("]")])
            continue
        sc[pos] = int(tok, 0)
        pos += 1
    o = sys.stdout
    o.write("// usc_rows.svh - generated from model/usc/usc.def and model/usc/usc_desc.c by\n"
            "// rtl/usc/usc_tables.py; do not edit (run it again after a change there).\n")
    o.write("localparam int NOPS = %d;\n" % len(rows))
    for i, r in enumerate(rows):
        o.write("localparam logic [6:0] OP_%s = 7'd%d;\n" % (r[0], i))
    o.write("// the slots a row may occupy (bit = slot)\n"
            "function automatic logic [11:0] row_slots(input logic [6:0] op);\n  case (op)\n")
    for i, r in enumerate(rows):
        o.write("    7'd%d: row_slots = 12'h%03x;   // %s\n" % (i, r[2], r[1]))
    o.write("    default: row_slots = 12'h000;\n  endcase\nendfunction\n")
    o.write("// {mkind[2:0], mods[7:0], exec: 0 unimplemented, 1 runs}\n"
            "function automatic logic [11:0] row_info(input logic [6:0] op);\n  case (op)\n")
    for i, r in enumerate(rows):
        runs = 0 if r[6] == "usc_x_unimpl" else 1
        o.write("    7'd%d: row_info = {3'd%d, 8'h%02x, 1'b%d};\n" % (i, r[4], r[5], runs))
    o.write("    default: row_info = 12'h000;\n  endcase\nendfunction\n")
    o.write("// a form: {valid, ntok[3:0], 8 tokens of {kind[6:0], alt[6:0], opt, obits[1:0], minv}}\n"
            "// (f: the form index, the rank of the slot among the row's slots; valid 0: no form)\n"
            "function automatic logic [148:0] row_form(input logic [6:0] op, input logic [1:0] f);\n"
            "  row_form = 149'd0;\n  case ({op, f})\n")
    for i, r in enumerate(rows):
        for f, toks in enumerate(r[3]):
            if toks is None:
                continue
            v = len(toks)
            bits = 0
            for j, t in enumerate(toks):
                tv = (t["kind"] << 11) | (t["alt"] << 4) | (t["opt"] << 3) | (t["obits"] << 1) | t["minv"]
                bits |= tv << (18 * j)
            assert v <= 8, r[1]
            val = (1 << 148) | (v << 144) | bits
            o.write("    {7'd%d, 2'd%d}: row_form = 149'h%038x;   // %s\n" % (i, f, val, r[1]))
    o.write("    default: ;\n  endcase\nendfunction\n")
    o.write("// special constants sc0..sc239 (95 defined, 148 and 153 corrected as the model)\n"
            "function automatic logic [31:0] sc_value(input logic [7:0] i);\n  case (i)\n")
    for i, v in enumerate(sc):
        if v:
            o.write("    8'd%d: sc_value = 32'h%08x;\n" % (i, v))
    o.write("    default: sc_value = 32'h0;\n  endcase\nendfunction\n")


main()
