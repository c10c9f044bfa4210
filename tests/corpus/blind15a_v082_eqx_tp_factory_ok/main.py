import jax
import jax.numpy as jnp
import equinox as eqx
from jax.sharding import PartitionSpec as P


class HeadProj(eqx.Module):
  wv: jax.Array   # [H, D, Dh]
  wo: jax.Array   # [H, Dh, D]

  def __init__(self, heads, dim, head_dim, key):
    k1, k2 = jax.random.split(key)
    self.wv = jax.random.normal(k1, (heads, dim, head_dim)) / dim ** 0.5
    self.wo = jax.random.normal(k2, (heads, head_dim, dim)) / head_dim ** 0.5

  def __call__(self, x):
    v = jnp.einsum('bd,hde->bhe', x, self.wv)
    return jnp.einsum('bhe,hed->bd', v, self.wo)


def make_forward(mesh, axis, template):
  param_spec = jax.tree.map(lambda _: P(axis), template)

  def local(block, x):
    partial_out = block(x)
    return x + jax.lax.psum(partial_out, axis)

  return jax.jit(jax.shard_map(local, mesh=mesh, in_specs=(param_spec, P()), out_specs=P()))


mesh = jax.make_mesh((4,), ('tp',))
proj = HeadProj(8, 64, 16, jax.random.key(0))
forward = make_forward(mesh, 'tp', proj)
x = jnp.ones((4, 64))
forward.trace(proj, x).lower(lowering_platforms=('cuda',))
