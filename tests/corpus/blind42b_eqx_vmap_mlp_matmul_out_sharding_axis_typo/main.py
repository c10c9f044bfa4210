import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P


class Head(eqx.Module):
  mlp: eqx.nn.MLP
  proj: jax.Array

  def __init__(self, key):
    k1, k2 = jr.split(key)
    self.mlp = eqx.nn.MLP(32, 64, 64, depth=2, key=k1)
    self.proj = jr.normal(k2, (64, 16))

  def __call__(self, xs):
    hs = jax.vmap(self.mlp)(xs)
    return jnp.matmul(hs, self.proj, out_sharding=P('batch', None))


mesh = jax.make_mesh((4,), ('dp',))
with jax.set_mesh(mesh):
  head = Head(jr.key(0))
  head = eqx.tree_at(lambda h: h.proj, head, jax.device_put(head.proj, P()))
  xs = jax.device_put(jnp.ones((16, 32)), P('dp', None))

  params, static = eqx.partition(head, eqx.is_array)

  @jax.jit
  def loss(params, xs):
    head = eqx.combine(params, static)
    return jnp.mean(head(xs) ** 2)

  print(loss.trace(params, xs).lower(lowering_platforms=('cuda',)).as_text()[:40])
