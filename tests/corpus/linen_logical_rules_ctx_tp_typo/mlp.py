import functools

import flax.linen as nn
import jax
import jax.numpy as jnp


def _row_parallel(h, w, *, axis):
  return jax.lax.psum(h @ w, axis)


class TensorParallelMlp(nn.Module):
  mesh: jax.sharding.Mesh
  hidden: int = 64

  @nn.compact
  def __call__(self, x):
    wi = self.param('wi', nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('embed', 'mlp')),
                    (x.shape[-1], self.hidden))
    wo = self.param('wo', nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('mlp', 'embed')),
                    (self.hidden, x.shape[-1]))
    h = nn.relu(x @ wi)
    act = nn.logical_to_mesh_axes(('batch', 'mlp'))
    w_spec = nn.logical_to_mesh_axes(('mlp', 'embed'))
    return jax.shard_map(functools.partial(_row_parallel, axis=act[1]), mesh=self.mesh,
                         in_specs=(act, w_spec), out_specs=nn.logical_to_mesh_axes(('batch', 'embed')))(h, wo)
