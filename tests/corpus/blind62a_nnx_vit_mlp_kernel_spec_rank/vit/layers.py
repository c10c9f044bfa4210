import jax
from flax import nnx

_kernel_init = nnx.initializers.xavier_uniform()

# conv kernels are (kh, kw, in, out): shard the output channels
CONV_SHARDING = (None, None, None, 'model')


class PatchEmbed(nnx.Module):

  def __init__(self, patch: int, channels: int, dim: int, *, rngs: nnx.Rngs):
    self.proj = nnx.Conv(
        channels, dim, kernel_size=(patch, patch), strides=(patch, patch),
        kernel_init=nnx.with_partitioning(_kernel_init, CONV_SHARDING), rngs=rngs)

  def __call__(self, x):
    x = self.proj(x)
    return x.reshape(x.shape[0], -1, x.shape[-1])


class MlpBlock(nnx.Module):

  def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(dim, hidden, rngs=rngs,
                          kernel_init=nnx.with_partitioning(_kernel_init, CONV_SHARDING))
    self.fc2 = nnx.Linear(hidden, dim, rngs=rngs,
                          kernel_init=nnx.with_partitioning(_kernel_init, ('model', None)))

  def __call__(self, x):
    return self.fc2(jax.nn.gelu(self.fc1(x)))
