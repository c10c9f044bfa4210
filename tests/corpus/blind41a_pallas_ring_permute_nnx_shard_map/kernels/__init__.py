from kernels.ring import right_permute
