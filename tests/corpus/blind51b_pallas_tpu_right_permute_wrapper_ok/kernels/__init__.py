from kernels.ppermute import right_permute
