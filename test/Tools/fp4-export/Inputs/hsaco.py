"""Writes HSACO[index] of a submission.py (argv[1]) to argv[3], decoded.
Reads only the file's data: the part before its runtime code."""
import base64
import sys

text = open(sys.argv[1]).read()
data = {}
exec(text[text.index("HSACO = ("):text.index("# ----")], data)
open(sys.argv[3], "wb").write(base64.b64decode(data["HSACO"][int(sys.argv[2])]))
