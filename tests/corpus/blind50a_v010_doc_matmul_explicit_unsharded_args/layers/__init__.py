from .tp import matmul_basic
