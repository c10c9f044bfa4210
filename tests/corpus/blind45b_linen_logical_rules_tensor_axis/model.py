import flax.linen as nn
import jax

kinit = nn.initializers.xavier_uniform()


class MlpBlock(nn.Module):
    mlp_dim: int
    tp_axis: str | None = None

    @nn.compact
    def __call__(self, x):
        d = x.shape[-1]
        h = nn.Dense(self.mlp_dim, use_bias=False, name="wi",
                     kernel_init=nn.with_logical_partitioning(kinit, ("embed", "mlp")))(x)
        h = nn.gelu(h)
        out = nn.Dense(d, use_bias=False, name="wo",
                       kernel_init=nn.with_logical_partitioning(kinit, ("mlp", "embed")))(h)
        if self.tp_axis:
            out = jax.lax.psum(out, self.tp_axis)
        return out
