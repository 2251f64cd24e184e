#!/usr/bin/python3
"""Writes the reference .npy files NpyTest.cpp reads (numpy 1.24, Debian's
python3-numpy). Rerun from this folder: /usr/bin/python3 gen.py"""
import numpy as np
from numpy.lib import format as npformat

def save(name, array, version=None, fortran=False):
    with open(name, "wb") as f:
        if fortran:
            array = np.asfortranarray(array)
        npformat.write_array(f, array, version=version)

save("u2_2x3.npy", (np.arange(6, dtype="<u2") * 1000 + 7).reshape(2, 3))
save("f4_3.npy", np.array([1.5, -2.25, 3e-5], dtype="<f4"))
save("u1_4x2.npy", np.array([[0, 1], [127, 128], [200, 254], [255, 9]], dtype=np.uint8))
save("i8_2x2x2.npy", (np.arange(8, dtype="<i8") - 4).reshape(2, 2, 2))
save("f2_2.npy", np.array([1.0, -0.5], dtype="<f2"))
save("b1_3.npy", np.array([True, False, True]))
save("scalar_f4.npy", np.float32(3.0))
save("empty_f4.npy", np.zeros((0, 4), dtype="<f4"))
save("u2_2x3_v2.npy", (np.arange(6, dtype="<u2") * 1000 + 7).reshape(2, 3), version=(2, 0))
save("u2_2x3_v3.npy", (np.arange(6, dtype="<u2") * 1000 + 7).reshape(2, 3), version=(3, 0))
save("fortran_f4.npy", np.arange(6, dtype="<f4").reshape(2, 3), fortran=True)
save("bigendian_f4.npy", np.array([1, 2], dtype=">f4"))
save("structured.npy", np.zeros(2, dtype=[("a", "<i4"), ("b", "<f4")]))
save("c8.npy", np.zeros(2, dtype=np.complex64))
