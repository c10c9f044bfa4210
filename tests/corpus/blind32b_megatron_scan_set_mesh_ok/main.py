"""Scanned stack of tensor-parallel Linen blocks under jax.shard_map, mesh from jax.set_mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
import flax.linen as nn

TP = 'model'


class TPBlock(nn.Module):
  d_model: int
  d_ff: int
  axis: str | None = TP

  @nn.compact
  def __call__(self, x, _):
    h = nn.gelu(nn.Dense(self.d_ff, use_bias=False, name='wi')(x))
    y = nn.Dense(self.d_model, use_bias=False, name='wo')(h)
    if self.axis is not None:
      y = jax.lax.psum(y, self.axis)
    return x + y, None


class TPStack(nn.Module):
  d_model: int
  d_ff: int
  n_layers: int
  axis: str | None = TP

  @nn.compact
  def __call__(self, x):
    stack = nn.scan(TPBlock, variable_axes={'params': 0}, split_rngs={'params': True},
                    length=self.n_layers)
    x, _ = stack(self.d_model, self.d_ff, self.axis, name='blocks')(x, None)
    return x


SPECS = {'params': {'blocks': {'wi': {'kernel': P(None, None, TP)},
                               'wo': {'kernel': P(None, TP, None)}}}}

mesh = jax.make_mesh((4,), (TP,))
D, F, L = 64, 256, 3
with jax.set_mesh(mesh):
  variables = jax.jit(
      TPStack(D, F, L, axis=None).init,
      out_shardings=jax.tree.map(lambda s: NamedSharding(mesh, s), SPECS),
  )(jax.random.key(0), jnp.ones((1, D)))

  local = TPStack(D, F // mesh.shape[TP], L)
  fwd = jax.jit(jax.shard_map(local.apply, in_specs=(SPECS, P()), out_specs=P()))
  lowered = fwd.trace(variables, jnp.ones((8, D))).lower(lowering_platforms=('cuda',))
print(jax.typeof(variables['params']['blocks']['wi']['kernel']))
print(lowered.as_text()[:10])
