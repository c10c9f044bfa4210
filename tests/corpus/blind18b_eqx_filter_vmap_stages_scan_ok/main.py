import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class Stage(eqx.Module):
  mlp: eqx.nn.MLP

  def __init__(self, key):
    self.mlp = eqx.nn.MLP(16, 16, 64, depth=2, key=key)

  def __call__(self, x):
    return x + jax.vmap(self.mlp)(x)


def pipeline_body(static, n, params, micro):
  params = jax.tree.map(lambda a: a[0], params)
  stage = eqx.combine(params, static)
  me = jax.lax.axis_index('pp')
  edges = [(i, i + 1) for i in range(n - 1)]
  n_micro = micro.shape[0]

  def tick(inbox, t):
    x = jnp.where(me == 0, micro[jnp.minimum(t, n_micro - 1)], inbox)
    y = stage(x)
    token = jax.lax.psend(y, 'pp', edges)
    nxt = jax.lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), 'pp', edges)
    return nxt, y

  _, ys = jax.lax.scan(tick, jnp.zeros(micro.shape[1:], micro.dtype),
                       jnp.arange(n_micro + n - 1))
  ys = ys[n - 1:]
  return jax.lax.psum(jnp.where(me == n - 1, ys, 0.0), 'pp')


def main():
  n = jax.device_count()
  mesh = Mesh(np.array(jax.devices()), ('pp',))
  stages = eqx.filter_vmap(Stage)(jr.split(jr.PRNGKey(1), n))
  params, static = eqx.partition(stages, eqx.is_array)
  body = lambda p, m: pipeline_body(static, n, p, m)
  fn = eqx.filter_jit(jax.shard_map(body, mesh=mesh, in_specs=(P('pp'), P()), out_specs=P()))
  micro = jnp.ones((5, 4, 16))
  jax.jit(fn).trace(params, micro).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
