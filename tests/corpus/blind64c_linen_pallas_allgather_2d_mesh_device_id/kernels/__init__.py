from kernels.all_gather import ring_all_gather
