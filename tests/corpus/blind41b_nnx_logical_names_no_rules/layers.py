from flax import nnx
from jax.sharding import PartitionSpec as P

LOGICAL_RULES = (
    ("batch", "data"),
    ("embed", None),
    ("mlp", "model"),
)


def kernel(names):
    return nnx.with_partitioning(nnx.initializers.lecun_normal(), names)


class FeedForward(nnx.Module):
    def __init__(self, d_model, d_ff, *, rngs):
        self.wi = nnx.Linear(d_model, d_ff, use_bias=False, kernel_init=kernel(("embed", "mlp")), rngs=rngs)
        self.wo = nnx.Linear(d_ff, d_model, use_bias=False, kernel_init=kernel(("mlp", "embed")), rngs=rngs)

    def __call__(self, x):
        h = nnx.silu(self.wi(x))
        return self.wo(h, out_sharding=P("data", None, None))
