from .ops import reduce_scatter_grads, grad_shard_specs  # noqa: F401
