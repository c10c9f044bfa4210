from flax import nnx

EMBED, MLP_AXIS = 'embed', 'mlp'  # MaxText logical names
kinit = nnx.initializers.lecun_normal()


class DecoderLayer(nnx.Module):
  def __init__(self, d, ff, rngs):
    self.pre_norm = nnx.RMSNorm(d, scale_init=nnx.with_partitioning(nnx.initializers.ones_init(), (EMBED,)),
                                rngs=rngs)
    self.wi = nnx.Linear(d, ff, kernel_init=nnx.with_partitioning(kinit, (None, 'model')), rngs=rngs)
    self.wo = nnx.Linear(ff, d, kernel_init=nnx.with_partitioning(kinit, ('model', None)), rngs=rngs)

  def __call__(self, x):
    h = nnx.silu(self.wi(self.pre_norm(x)))
    return x + self.wo(h, out_sharding=P('data', None, None))


from jax.sharding import PartitionSpec as P  # noqa: E402
