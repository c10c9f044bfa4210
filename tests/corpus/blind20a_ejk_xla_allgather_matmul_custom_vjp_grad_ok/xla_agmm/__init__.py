"""XLA all-gather matmul with an explicit VJP, copied from ejkernel 0.0.80.3
`ejkernel/kernels/_xla/all_gather_matmul/_xla_impl_fwd.py` and `_xla_impl_bwd.py` (jaxtyping
annotations and input validation dropped)."""
from ._fwd import all_gather_matmul

__all__ = ("all_gather_matmul",)
