#!/usr/bin/env python3
"""Rewrites one of our code objects the way aiter's are shipped.

    like-aiter.py IN.hsaco OUT.hsaco [--kernarg-size N]

aiter's hand-assembled gfx950 code objects differ from what LLVM writes in
three ways, all of which HIP accepts:
  - the metadata note has no `amdhsa.target`: here the key is renamed to
    `amdhsa.targeX` (same length, so the ELF layout stays the same; a reader
    that looks the key up finds it missing, as in aiter's files);
  - the kernel descriptor's kernarg_size (its third 32-bit word) is 0;
  - the kernel's function symbol has size 0 (in .symtab and .dynsym).
With --kernarg-size N the descriptor gets N instead of 0: a real
disagreement with the metadata, which a reader must refuse.
"""
import argparse
import struct
import sys


def sections(elf):
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shnum, shstrndx = struct.unpack_from("<HH", elf, 0x3C)
    out = []
    for i in range(shnum):
        name, typ, _, addr, off, size, link = struct.unpack_from(
            "<IIQQQQI", elf, shoff + 64 * i)
        out.append({"name": name, "type": typ, "addr": addr, "off": off,
                    "size": size, "link": link, "hdr": shoff + 64 * i})
    names = out[shstrndx]["off"]
    for s in out:
        end = elf.index(b"\0", names + s["name"])
        s["name"] = elf[names + s["name"]:end].decode()
    return out


def symbols(elf, secs):
    """(name, offset of the Elf64_Sym, st_value, type, section index)."""
    for s in secs:
        if s["type"] not in (2, 11):  # SHT_SYMTAB, SHT_DYNSYM
            continue
        strtab = secs[s["link"]]["off"]
        for at in range(s["off"], s["off"] + s["size"], 24):
            name, info, _, shndx, value, _ = struct.unpack_from(
                "<IBBHQQ", elf, at)
            end = elf.index(b"\0", strtab + name)
            yield elf[strtab + name:end].decode(), at, value, info & 0xF, shndx


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--kernarg-size", type=int, default=0)
    args = ap.parse_args()
    elf = bytearray(open(args.input, "rb").read())
    secs = sections(elf)

    note = next(s for s in secs if s["type"] == 7)  # SHT_NOTE
    body = elf[note["off"]:note["off"] + note["size"]]
    key = b"\xadamdhsa.target"  # msgpack fixstr of 13 bytes
    if body.count(key) != 1:
        sys.exit("like-aiter.py: no single 'amdhsa.target' key in the note")
    at = note["off"] + body.index(key)
    elf[at:at + len(key)] = b"\xadamdhsa.targeX"

    descriptors = 0
    for name, sym, value, typ, shndx in list(symbols(elf, secs)):
        if typ == 2:  # STT_FUNC: size 0
            struct.pack_into("<Q", elf, sym + 16, 0)
        elif name.endswith(".kd") and typ == 1:  # STT_OBJECT: the descriptor
            sec = secs[shndx]
            struct.pack_into("<I", elf, sec["off"] + value - sec["addr"] + 8,
                             args.kernarg_size)
            descriptors += 1
    if not descriptors:
        sys.exit("like-aiter.py: no kernel descriptor symbol")
    open(args.output, "wb").write(elf)


if __name__ == "__main__":
    main()
