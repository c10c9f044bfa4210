import flax.linen as nn
import jax

default_init = nn.initializers.lecun_normal()


class ShardedMlp(nn.Module):
  d_ff: int
  reduce_axis: str

  @nn.compact
  def __call__(self, x):
    d = x.shape[-1]
    wi = self.param('wi', nn.with_logical_partitioning(default_init, ('embed', 'mlp')), (d, self.d_ff))
    wo = self.param('wo', nn.with_logical_partitioning(default_init, ('mlp', 'embed')), (self.d_ff, d))
    h = nn.gelu(x @ wi)
    out = h @ wo
    if not self.is_initializing():
      # Each device holds a slice of the mlp dimension: sum the partial products.
      out = jax.lax.psum(out, self.reduce_axis)
    return out
