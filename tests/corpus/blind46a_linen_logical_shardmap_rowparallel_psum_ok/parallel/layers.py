import flax.linen as nn
import jax
from jax import lax

kinit = nn.initializers.lecun_normal()


class FeedForward(nn.Module):
    emb: int = 32
    hidden: int = 128

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.hidden, name="wi",
                     kernel_init=nn.with_logical_partitioning(kinit, ("embed", "mlp")),
                     bias_init=nn.with_logical_partitioning(nn.initializers.zeros, ("mlp",)))(x)
        return nn.Dense(self.emb, name="wo", use_bias=False,
                        kernel_init=nn.with_logical_partitioning(kinit, ("mlp", "embed")))(jax.nn.gelu(h))


def feed_forward_local(params, x):
    """Per-shard body: wi is column-parallel, wo row-parallel over 'model'."""
    h = x @ params["wi"]["kernel"] + params["wi"]["bias"]
    y = jax.nn.gelu(h) @ params["wo"]["kernel"]
    return lax.psum(y, "model")
