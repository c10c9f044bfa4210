import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

from kernels.ring import right_permute

mesh = Mesh(jax.devices(), ('x',))


class ShiftMix(nn.Module):
  """Mixes each shard's activations with its left neighbour's (a token-shift across shards)."""
  features: int
  axis_name: str = 'x'

  @nn.compact
  def __call__(self, h):
    h = nn.Dense(self.features, use_bias=False)(h)
    shifted = right_permute(h, axis_name=self.axis_name, num_devices=mesh.shape[self.axis_name])
    return h + nn.Dense(self.features, use_bias=False, name='mix')(shifted)


model = ShiftMix(128)
h = jnp.ones((8, 128), jnp.float32)
# init also runs __call__ (and so the kernel): trace it per shard as well
init_fn = jax.shard_map(model.init, mesh=mesh, in_specs=(P(), P('x')), out_specs=P(),
                        check_vma=False)
params = jax.eval_shape(init_fn, jax.random.key(0), jnp.ones((32, 128), jnp.float32))


@jax.jit
def apply_fn(params, h):
  return jax.shard_map(lambda p, h: model.apply(p, h), mesh=mesh,
                       in_specs=(P(), P('x')), out_specs=P('x'), check_vma=False)(params, h)


apply_fn.trace(params, jnp.ones((32, 128), jnp.float32)).lower(lowering_platforms=('tpu',))
